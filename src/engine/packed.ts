/**
 * `xs.map(f)` for arrays that hot code elsewhere reads (the state's arrays, a
 * decision's choices, the seats' agents). Array.prototype.map gives a packed
 * array from its builtin but a holey one once V8 inlines it into optimised
 * code, so such an array changes its hidden class in mid-run when the code
 * that makes it gets optimised, and every optimised function that reads it is
 * thrown away and compiled again (a burst of recompilation that costs a
 * simulation worker a core's worth of time). Built by push, it is packed always.
 */
export function packedMap<T, U>(xs: readonly T[], f: (x: T, i: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i]!, i));
  return out;
}

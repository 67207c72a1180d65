/**
 * How deep a game log's line or a simulate report may nest arrays and objects. Those state51
 * writes go about six deep; far deeper is an edit, and would overflow the stack of the code
 * that compares or hashes them (a crash instead of a message).
 */
export const deepestJson = 64;

/** Whether `value` nests arrays and objects more than `limit` deep, found without recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth >= limit) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

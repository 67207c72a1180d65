/**
 * The game's only source of chance: a small seeded PRNG (sfc32) whose four
 * words live in the game state, so a game is its seed plus its answers, and a
 * clone draws exactly the numbers the original would.
 */
export interface RngState {
  a: number;
  b: number;
  c: number;
  d: number;
}

export function seedRng(seed: number): RngState {
  const r: RngState = { a: 0x9e3779b9, b: 0x243f6a88, c: 0xb7e15162, d: seed >>> 0 };
  // Warm up so nearby seeds diverge.
  for (let i = 0; i < 15; i++) nextFloat(r);
  return r;
}

/** A float in [0, 1); advances the state. */
export function nextFloat(r: RngState): number {
  const a = r.a >>> 0;
  const b = r.b >>> 0;
  const c = r.c >>> 0;
  const d = r.d >>> 0;
  const t = (((a + b) | 0) + d) | 0;
  r.d = (d + 1) | 0;
  r.a = b ^ (b >>> 9);
  const c1 = (c + (c << 3)) | 0;
  r.b = c1;
  const c2 = (c << 21) | (c >>> 11);
  r.c = (c2 + t) | 0;
  return (t >>> 0) / 4294967296;
}

/** An integer in [0, n). */
export function nextInt(r: RngState, n: number): number {
  return Math.floor(nextFloat(r) * n);
}

/** Fisher–Yates, in place. */
export function shuffle<T>(items: T[], r: RngState): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(r, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A PRNG for agents (bots live outside the state; each keeps its own). */
export interface Rng {
  next(): number;
  int(n: number): number;
}

export function createRng(seed: number): Rng {
  const r = seedRng(seed);
  return { next: () => nextFloat(r), int: (n) => nextInt(r, n) };
}

/** Statistics for win rates: the Wilson score interval (95% by default). */

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Wilson score interval for `successes` out of `n` (z = 1.96 for 95%). */
export function wilson(successes: number, n: number, z = 1.96): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

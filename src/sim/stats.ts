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

/** A difference of two proportions and its interval. */
export interface Difference extends Interval {
  readonly value: number;
}

/**
 * The difference p1 − p2 of two independent proportions (a/m and b/n) with
 * Newcombe's hybrid score interval (Newcombe 1998, method 10): it combines the
 * two Wilson intervals, so it stays within [−1, 1] and behaves with small
 * counts and rates near 0 or 1, where the Wald interval fails.
 */
export function newcombe(a: number, m: number, b: number, n: number, z = 1.96): Difference {
  const p1 = m === 0 ? 0 : a / m;
  const p2 = n === 0 ? 0 : b / n;
  const w1 = wilson(a, m, z);
  const w2 = wilson(b, n, z);
  const value = p1 - p2;
  return {
    value,
    low: value - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2),
    high: value + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2),
  };
}

/** The Wilson score interval behind every win rate the bench and reports print, against published values. */
import { describe, expect, it } from "vitest";
import { newcombe, wilson } from "../src/sim/stats.js";

describe("wilson (95%)", () => {
  it("matches known intervals", () => {
    // Values from the closed form (Wilson 1927), as tabulated e.g. by Newcombe (1998), to 4 places.
    const cases: [number, number, number, number][] = [
      [0, 10, 0, 0.2775],
      [10, 10, 0.7225, 1],
      [50, 100, 0.4038, 0.5962],
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
      [1, 10, 0.0179, 0.4042],
    ];
    for (const [x, n, low, high] of cases) {
      const i = wilson(x, n);
      expect(i.low, `${x}/${n}`).toBeCloseTo(low, 4);
      expect(i.high, `${x}/${n}`).toBeCloseTo(high, 4);
    }
  });

  it("stays within [0, 1], narrows as games are added, and says nothing for no games", () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
    const small = wilson(6, 10);
    const large = wilson(600, 1000);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(large.low).toBeLessThan(0.6);
    expect(large.high).toBeGreaterThan(0.6);
  });
});

describe("newcombe (hybrid score interval for a difference of proportions, 95%)", () => {
  it("matches Newcombe (1998), Table II, method 10", () => {
    // Newcombe RG. Interval estimation for the difference between independent proportions:
    // comparison of eleven methods. Stat Med 1998;17:873-890, examples (a) to (h).
    const cases: [number, number, number, number, number, number][] = [
      [56, 70, 48, 80, 0.0524, 0.3339],
      [9, 10, 3, 10, 0.1705, 0.809],
      [5, 56, 0, 29, -0.0381, 0.1926],
      [0, 10, 0, 20, -0.1611, 0.2775],
      [0, 10, 0, 10, -0.2775, 0.2775],
      [10, 10, 0, 20, 0.6791, 1],
      [10, 10, 0, 10, 0.6075, 1],
    ];
    for (const [a, m, b, n, low, high] of cases) {
      const d = newcombe(a, m, b, n);
      expect(d.value, `${a}/${m} - ${b}/${n}`).toBeCloseTo(a / m - b / n, 10);
      expect(d.low, `${a}/${m} - ${b}/${n}`).toBeCloseTo(low, 4);
      expect(d.high, `${a}/${m} - ${b}/${n}`).toBeCloseTo(high, 4);
    }
    // Example (c), 6/7 - 2/7: 0.0582 to 0.8062 in the paper (0.80625 rounds either way).
    expect(newcombe(6, 7, 2, 7).low).toBeCloseTo(0.0582, 4);
    expect(newcombe(6, 7, 2, 7).high).toBeCloseTo(0.806, 3);
  });

  it("is symmetric: swapping the groups negates the interval", () => {
    const d = newcombe(30, 80, 12, 50);
    const e = newcombe(12, 50, 30, 80);
    expect(e.value).toBeCloseTo(-d.value, 12);
    expect(e.low).toBeCloseTo(-d.high, 12);
    expect(e.high).toBeCloseTo(-d.low, 12);
  });
});

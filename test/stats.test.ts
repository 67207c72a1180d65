/** The Wilson score interval behind every win rate the bench and reports print, against published values. */
import { describe, expect, it } from "vitest";
import { wilson } from "../src/sim/stats.js";

describe("wilson (95%)", () => {
  it("matches known intervals", () => {
    // Values from the closed form (Wilson 1927), as tabulated e.g. by Newcombe (1998), to 4 places.
    const cases: [number, number, number, number][] = [
      [0, 10, 0, 0.2775],
      [10, 10, 0.7225, 1],
      [50, 100, 0.4038, 0.5962],
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
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

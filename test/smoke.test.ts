import { describe, expect, it } from "vitest";
import { locationYaml, validateText } from "./helpers.js";

describe("validate", () => {
  it("accepts a minimal location", () => {
    const r = validateText(locationYaml());
    expect(r.diagnostics).toEqual([]);
    expect(r.cards.map((c) => c.id)).toEqual(["test-card"]);
  });

  it("points a misspelled resource at its exact characters, with a hint", () => {
    const r = validateText(locationYaml({ spoils: "gain 3 fule" }));
    expect(r.diagnostics).toMatchObject([
      { code: "S51-E301", line: 8, column: 20, endLine: 8, endColumn: 24, hint: 'did you mean "fuel"?' },
    ]);
  });
});

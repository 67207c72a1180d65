import { describe, expect, it } from "vitest";
import { editDistance, suggest } from "../src/diagnostics/suggest.js";

describe("did you mean", () => {
  it("counts a swap of neighbouring letters as one edit", () => {
    expect(editDistance("crad", "card")).toBe(1);
    expect(editDistance("crad", "scrap")).toBe(2);
    expect(editDistance("fule", "fuel")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("ranks a transposition before a word two plain edits away, whatever the order of the candidates", () => {
    expect(suggest("crad", ["scrap", "card"])).toBe("card");
    expect(suggest("crad", ["card", "scrap"])).toBe("card");
  });

  it("suggests nothing when no candidate is close", () => {
    expect(suggest("harvest", ["produce", "action", "once"])).toBeUndefined();
    expect(suggest("x", [])).toBeUndefined();
  });
});

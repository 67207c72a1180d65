/**
 * Where the checkout is, for the commands that default to its files: `new`,
 * `fmt` and `locks accept` edit the base set only when run inside the
 * checkout, and `build` writes its generated/ there, elsewhere in the folder
 * it runs from.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultOutDir } from "../src/cli/build-command.js";
import { insideCheckout } from "../src/pipeline/package-root.js";
import { repoRoot } from "./helpers.js";

describe("inside the checkout", () => {
  it("is the checkout and its folders, a folder named ..drafts among them, and nothing above or beside it", () => {
    const root = "/srv/state51";
    expect(insideCheckout(root, root)).toBe(true);
    expect(insideCheckout(join(root, "cards"), root)).toBe(true);
    expect(insideCheckout(join(root, "..drafts"), root)).toBe(true);
    expect(insideCheckout("/srv", root)).toBe(false);
    expect(insideCheckout("/srv/state51-fork", root)).toBe(false);
    expect(insideCheckout("/home/designer/my-expansion", root)).toBe(false);
  });

  it("decides where build writes generated/ by default", () => {
    expect(defaultOutDir(join(repoRoot, "cards"))).toBe(join(repoRoot, "generated"));
    expect(defaultOutDir("/home/designer/my-expansion")).toBe("/home/designer/my-expansion/generated");
  });
});

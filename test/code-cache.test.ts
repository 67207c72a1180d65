/**
 * The CLI starts from V8's code cache (src/cli/launcher.mjs): the cache the
 * bundle ships must be one V8 takes, or every run compiles from scratch and
 * nothing says so. Checked in a plain `node` process, as the launcher runs
 * (a cache is tied to V8's flags, and the test runner's process may differ).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

const bundle = join(repoRoot, "dist/state51.cjs");
const cache = join(repoRoot, "dist/state51.cache");

/** Whether `cacheFile` is refused for the bundle source in `sourceFile`, compiled as the launcher compiles it. */
function rejected(sourceFile: string, cacheFile: string): boolean {
  const check = `import { compileBundle } from ${JSON.stringify(join(repoRoot, "dist/code-cache.mjs"))}; import { readFileSync } from "node:fs";
    const s = compileBundle(${JSON.stringify(bundle)}, readFileSync(${JSON.stringify(sourceFile)}, "utf8"), readFileSync(${JSON.stringify(cacheFile)}));
    process.stdout.write(String(!s.cacheTaken));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", check], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  return r.stdout === "true";
}

describe("the CLI's code cache", () => {
  it("is taken by V8 for the bundle it was made from", () => {
    expect(rejected(bundle, cache)).toBe(false);
  });

  // V8 itself compares only the source's length: an edit of the same length would run old code.
  it("is refused for any other source, even of the same length, so a stale cache never runs old code", () => {
    const other = join(mkdtempSync(join(tmpdir(), "state51-cache-")), "state51.cjs");
    const source = readFileSync(bundle, "utf8");
    const edited = source.replace("no problems", "NO PROBLEMS");
    expect(edited).not.toBe(source);
    expect(edited.length).toBe(source.length);
    writeFileSync(other, edited);
    expect(rejected(other, cache)).toBe(true);
  });
});

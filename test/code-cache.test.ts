/**
 * The CLI starts from V8's code cache (src/cli/launcher.cjs): the cache the
 * bundle ships must be one V8 takes, or every run compiles from scratch and
 * nothing says so. Checked in a plain `node` process, as the launcher runs
 * (a cache is tied to V8's flags, and the test runner's process may differ).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

const bundle = join(repoRoot, "dist/cli.cjs");
const cache = join(repoRoot, "dist/cli.cache");

/** Whether `cacheFile` is refused for the bundle source in `sourceFile`, compiled as the launcher compiles it. */
function rejected(sourceFile: string, cacheFile: string): boolean {
  const check = `const { compileBundle } = require(${JSON.stringify(join(repoRoot, "dist/code-cache.cjs"))}); const { readFileSync } = require("node:fs");
    const s = compileBundle(${JSON.stringify(bundle)}, readFileSync(${JSON.stringify(sourceFile)}), readFileSync(${JSON.stringify(cacheFile)}));
    process.stdout.write(String(!s.cacheTaken));`;
  const r = spawnSync(process.execPath, ["-e", check], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  return r.stdout === "true";
}

describe("the CLI's code cache", () => {
  it("is taken by V8 for the bundle it was made from", () => {
    expect(rejected(bundle, cache)).toBe(false);
  });

  // V8 itself compares only the source's length: an edit of the same length would run old code.
  it("is refused for any other source, even of the same length, so a stale cache never runs old code", () => {
    const other = join(mkdtempSync(join(tmpdir(), "state51-cache-")), "cli.cjs");
    const source = readFileSync(bundle, "utf8");
    const edited = source.replace("no problems", "NO PROBLEMS");
    expect(edited).not.toBe(source);
    expect(edited.length).toBe(source.length);
    writeFileSync(other, edited);
    expect(rejected(other, cache)).toBe(true);
  });

  // V8 checks neither its data (in a release build) nor the embedder's patches: either would abort the process, not be refused.
  it("is refused when its data is damaged or another Node.js made it, and state51 still runs, not aborts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-cache-"));
    for (const f of ["state51.cjs", "cli.cjs", "code-cache.cjs"]) copyFileSync(join(repoRoot, "dist", f), join(dir, f));
    const damaged = Buffer.from(readFileSync(cache));
    for (let i = 4096; i < damaged.length; i += 997) damaged[i] = damaged[i]! ^ 0x5a;
    writeFileSync(join(dir, "damaged.cache"), damaged);
    expect(rejected(bundle, join(dir, "damaged.cache"))).toBe(true);
    writeFileSync(join(dir, "cli.cache"), damaged);
    const run = spawnSync(process.execPath, [join(dir, "state51.cjs"), "--version"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);

    const { cacheKey } = (await import(join(repoRoot, "dist/code-cache.cjs"))) as { cacheKey: (source: Buffer, runtime?: string) => number };
    const otherNode = Buffer.from(readFileSync(cache));
    otherNode.writeUInt32LE(cacheKey(readFileSync(bundle), "v20.0.0 x64"), 0);
    writeFileSync(join(dir, "other-node.cache"), otherNode);
    expect(rejected(bundle, join(dir, "other-node.cache"))).toBe(true);
  });

  // npx keeps links to the former program (dist/state51.mjs) in its cache and does not make them again.
  it("the program's former name still runs it, for the links npx keeps", () => {
    const r = spawnSync(join(repoRoot, "dist/state51.mjs"), ["validate"], { cwd: repoRoot, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^110 cards valid/);
    expect(r.status).toBe(0);
  });

  it("a launcher without its bundle (a broken install) says so in one line, exit 70", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-broken-"));
    for (const f of ["state51.cjs", "code-cache.cjs"]) writeFileSync(join(dir, f), readFileSync(join(repoRoot, "dist", f)));
    const r = spawnSync(process.execPath, [join(dir, "state51.cjs"), "--version"], { encoding: "utf8" });
    expect(r.status).toBe(70);
    expect(r.stderr).toMatch(/^state51: error: cannot read .*cli\.cjs \(ENOENT\): reinstall state51, or run npm run bundle in its checkout\n$/);
  });
});

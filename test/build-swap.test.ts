/**
 * The build's swap survives a kill at any step (issue 11, part 3). For each
 * step of writeTreeAtomic, a real `state51 build` is killed there (SIGKILL, by
 * the STATE51_TEST_KILL_AT hook) while replacing an older build; then the
 * recovery the next build starts with must leave the output folder a complete
 * old or new tree, exactly, and no temp folder; and the next build must work.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { beforeAll, describe, expect, it } from "vitest";
import { readTree, recoverInterruptedSwap, swapSteps, writeTreeAtomic, type TreeFile } from "../src/compiler/write-generated.js";
import { repoRoot } from "./helpers.js";

const oldCards = [join(repoRoot, "cards")];
const newCards = [join(repoRoot, "cards"), join(repoRoot, "cards", "examples")];

/** `state51 build` into `<dir>/generated` (the dirs are all of the same depth, so the trees compare byte for byte). */
function build(dir: string, cards: readonly string[], killAt?: string) {
  const env = { ...process.env, ...(killAt === undefined ? {} : { STATE51_TEST_KILL_AT: killAt }) };
  return spawnSync(process.execPath, [join(repoRoot, "dist/state51.cjs"), "build", ...cards, "--out", "generated"], { cwd: dir, env, encoding: "utf8", timeout: 60_000 });
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "state51-swap-"));
}

let oldTemplate = "";
let oldTree: TreeFile[] = [];
let newTree: TreeFile[] = [];

beforeAll(() => {
  oldTemplate = tempDir();
  mkdirSync(join(oldTemplate, "generated"));
  cpSync(join(repoRoot, "generated", "README.md"), join(oldTemplate, "generated", "README.md"));
  expect(build(oldTemplate, oldCards).status).toBe(0);
  oldTree = readTree(join(oldTemplate, "generated"));
  const reference = tempDir();
  mkdirSync(join(reference, "generated"));
  cpSync(join(repoRoot, "generated", "README.md"), join(reference, "generated", "README.md"));
  expect(build(reference, newCards).status).toBe(0);
  newTree = readTree(join(reference, "generated"));
  expect(newTree).not.toEqual(oldTree);
});

/** What is left after a kill at each step, once recovered: the old tree until the new one is complete and set to take its place. */
const expected: Record<(typeof swapSteps)[number], "old" | "new"> = {
  writing: "old",
  written: "old",
  ready: "old",
  "set-aside": "new",
  swapped: "new",
  removing: "new",
};

describe.each(swapSteps.map((s) => [s]))("state51 build killed at step %s of its swap", (step) => {
  it(`leaves a complete ${expected[step]} tree once recovered, no temp folder, and the next build works`, () => {
    const dir = tempDir();
    cpSync(join(oldTemplate, "generated"), join(dir, "generated"), { recursive: true });
    const killed = build(dir, newCards, step);
    expect(killed.signal).toBe("SIGKILL");
    const out = join(dir, "generated");
    recoverInterruptedSwap(out);
    expect(readdirSync(dir)).toEqual(["generated"]);
    expect(readTree(out)).toEqual(expected[step] === "old" ? oldTree : newTree);
    // The next build (its swap, in this process) replaces whichever it finds.
    writeTreeAtomic(out, newTree.filter((f) => f.path !== "README.md"));
    expect(readTree(out)).toEqual(newTree);
    expect(readdirSync(dir)).toEqual(["generated"]);
  });
});

describe("recovering from a killed build", () => {
  it("removes the temp folders of builds no longer running, and leaves a running build's alone", () => {
    const dir = tempDir();
    const out = join(dir, "generated");
    cpSync(join(oldTemplate, "generated"), out, { recursive: true });
    const ended = spawnSync(process.execPath, ["-e", "0"]).pid;
    const running = process.ppid;
    for (const name of [`.generated.${ended}.new.tmp`, `.generated.${ended}.old.tmp`, `.generated.${running}.new.tmp`]) mkdirSync(join(dir, name));
    recoverInterruptedSwap(out);
    expect(readdirSync(dir).sort()).toEqual([`.generated.${running}.new.tmp`, "generated"]);
    expect(readTree(out)).toEqual(oldTree);
  });
});

describe("the next state51 build after a kill", () => {
  it("recovers by itself: killed with no output folder, the next build finishes and leaves no temp folder", () => {
    const dir = tempDir();
    cpSync(join(oldTemplate, "generated"), join(dir, "generated"), { recursive: true });
    expect(build(dir, newCards, "set-aside").signal).toBe("SIGKILL");
    expect(readdirSync(dir)).not.toContain("generated");
    const next = build(dir, oldCards);
    expect(next.stderr).toBe("");
    expect(next.status).toBe(0);
    expect(readdirSync(dir)).toEqual(["generated"]);
    expect(readTree(join(dir, "generated"))).toEqual(oldTree);
  });
});

describe("state51 build --out a folder it did not write", () => {
  it("refuses one holding a FIFO or a link to /dev/zero at once, before reading the cards, without reading them", () => {
    for (const plant of [(at: string) => execFileSync("mkfifo", [at]), (at: string) => symlinkSync("/dev/zero", at)]) {
      const dir = tempDir();
      mkdirSync(join(dir, "generated"));
      plant(join(dir, "generated", "index.ts"));
      const start = performance.now();
      const r = build(dir, oldCards);
      expect(performance.now() - start).toBeLessThan(5_000);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^state51: error: cannot write generated\/: refusing to replace .*generated: it holds files state51 build did not write \(index\.ts\)\n$/);
    }
  });
});

/**
 * `validate --watch` and `build --watch`: the warm compiler gives the bytes a
 * full compile gives, the tree it updates in place is the tree a full build
 * writes, and the watching CLI runs again on save, survives a file deleted
 * while saving, and stops on Ctrl-C with exit 0.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Card } from "../src/check/model.js";
import { compileCards } from "../src/compiler/compile.js";
import { IncrementalCompiler } from "../src/compiler/incremental.js";
import { readTree, updateTreeInPlace, writeTreeAtomic } from "../src/compiler/write-generated.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { repoRoot, runCli } from "./helpers.js";

const withExamples = validatePaths(["cards/", "cards/examples/"], { cwd: repoRoot });

describe("the warm compiler", () => {
  it("gives compileCards' bytes when every card changes and is spliced in alone", () => {
    expect(withExamples.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const compiler = new IncrementalCompiler();
    const first = compiler.compile(withExamples);
    expect(first.files).toEqual(compileCards(withExamples));
    // A new name for every card: each card's statement changes, no module's shape does.
    const renamed = { ...withExamples, cards: withExamples.cards.map((c): Card => ({ ...c, name: { en: `${c.name.en} "II"`, fr: `${c.name.fr} \u00ab II \u00bb` } })) };
    const again = compiler.compile(renamed);
    expect(again.recompiled.filter((r) => r.includes("#"))).toHaveLength(withExamples.cards.length);
    expect(again.recompiled.filter((r) => !r.includes("#"))).toEqual([]);
    expect(again.files).toEqual(compileCards(renamed));
  });

  it("recompiles only the edited card's module when one card changes, and a module whole when its shape does", () => {
    const compiler = new IncrementalCompiler();
    compiler.compile(withExamples);
    const edited = withExamples.cards.map((c): Card => (c.id === "scrapyard" && c.kind === "location" ? { ...c, distance: 2 } : c));
    const one = compiler.compile({ ...withExamples, cards: edited });
    expect(one.recompiled).toEqual(["base/locations.ts#scrapyard"]);
    expect(one.files).toEqual(compileCards({ ...withExamples, cards: edited }));
    // A card removed: its module is emitted whole, and the registry is not (its plan is the same).
    const fewer = edited.filter((c) => c.id !== "pub");
    const two = compiler.compile({ ...withExamples, cards: fewer });
    expect(two.recompiled).toEqual(["base/locations.ts"]);
    expect(two.files).toEqual(compileCards({ ...withExamples, cards: fewer }));
    // The last Base of a set gone: its module goes, the registry is emitted again.
    const noWastelandBases = fewer.filter((c) => !(c.set === "wastelanders" && c.kind === "base"));
    const three = compiler.compile({ ...withExamples, cards: noWastelandBases });
    expect(three.recompiled).toEqual(["index.ts"]);
    expect(three.files).toEqual(compileCards({ ...withExamples, cards: noWastelandBases }));
  });
});

describe("updating the output folder in place", () => {
  it("writes only what changed and leaves the tree a full write leaves", () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-watch-"));
    const out = join(dir, "generated");
    const before = compileCards(withExamples);
    writeTreeAtomic(out, before);
    writeFileSync(join(out, "README.md"), "kept\n");
    const after = compileCards({ ...withExamples, cards: withExamples.cards.filter((c) => c.set !== "wastelanders" && c.id !== "pub") });
    expect(updateTreeInPlace(out, after).sort()).toEqual(["base/locations.ts", "index.ts", "wastelanders/bases.ts", "wastelanders/locations.ts"]);
    const full = join(dir, "full");
    writeTreeAtomic(full, after);
    writeFileSync(join(full, "README.md"), "kept\n");
    expect(readTree(out)).toEqual(readTree(full));
    expect(readdirSync(out).sort()).toEqual(["README.md", "base", "index.ts"]);
    expect(updateTreeInPlace(out, after)).toEqual([]);
  });
});

/** A watching CLI, its standard output gathered as it comes. */
class Watching {
  readonly child: ChildProcessWithoutNullStreams;
  out = "";
  err = "";
  constructor(args: readonly string[], cwd: string) {
    this.child = spawn(process.execPath, [join(repoRoot, "dist/state51.cjs"), ...args], { cwd });
    this.child.stdout.on("data", (b: Buffer) => (this.out += b.toString("utf8")));
    this.child.stderr.on("data", (b: Buffer) => (this.err += b.toString("utf8")));
  }
  /** The separator lines so far: one per run. */
  runs(): string[] {
    return this.out.split("\n").filter((l) => l.startsWith("── "));
  }
  /** Waits until `n` runs have ended; returns the last one's separator line. */
  async run(n: number, ms = 20_000): Promise<string> {
    const until = Date.now() + ms;
    while (this.runs().length < n) {
      if (Date.now() > until || this.child.exitCode !== null) throw new Error(`run ${n} never came:\n${this.out}\n${this.err}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.runs()[n - 1]!;
  }
  /** The output of run `n` alone (after the previous separator). */
  outputOf(n: number): string {
    const parts = this.out.split(/^── .*\n/m);
    return parts[n - 1] ?? "";
  }
  stop(): Promise<number | null> {
    return new Promise((done) => {
      this.child.once("exit", (code) => done(code));
      this.child.kill("SIGINT");
    });
  }
}

const running: Watching[] = [];
afterEach(() => {
  for (const w of running.splice(0)) if (w.child.exitCode === null) w.child.kill("SIGKILL");
});

/** The base set's card files (not the examples) in a fresh folder: cards/. */
function copyOfBaseSet(): string {
  const dir = mkdtempSync(join(tmpdir(), "state51-watch-"));
  mkdirSync(join(dir, "cards"));
  for (const f of readdirSync(join(repoRoot, "cards")).filter((f) => f.endsWith(".yaml"))) cpSync(join(repoRoot, "cards", f), join(dir, "cards", f));
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe("state51 validate --watch", () => {
  it("validates again on save, goes on after a file is deleted, and stops on Ctrl-C with exit 0", async () => {
    const dir = copyOfBaseSet();
    const w = new Watching(["validate", "--watch", "cards/"], dir);
    running.push(w);
    expect(await w.run(1)).toMatch(/^── \d\d:\d\d:\d\d · validate: no problems in \d+ ms · watching for changes \(Ctrl-C to stop\)$/);
    expect(w.outputOf(1)).toContain("110 cards valid");

    const locations = join(dir, "cards", "locations.yaml");
    edit(locations, "ability: produce 1 scrap\n", "ability: produce 1 scrapp\n");
    expect(await w.run(2)).toMatch(/ · cards\/locations\.yaml changed · validate: 1 error, 0 warnings in \d+ ms/);
    expect(w.outputOf(2)).toContain('error S51-E301: unknown resource or token "scrapp"');

    // Deleted, as an editor that saves by removing and writing again may leave it for a moment.
    rmSync(join(dir, "cards", "leaders.yaml"));
    expect(await w.run(3)).toContain("cards/leaders.yaml changed · validate: 1 error");
    expect(w.outputOf(3)).toContain("101 cards valid (4 base, 26 contact, 0 leader, 71 location); 1 error, 0 warnings");
    edit(locations, "ability: produce 1 scrapp\n", "ability: produce 1 scrap\n");
    expect(await w.run(4)).toContain("validate: no problems");
    expect(w.err).toBe("");
    expect(await w.stop()).toBe(0);
  });

  it("lists the files a new folder brings, not the folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "state51-watch-"));
    mkdirSync(join(dir, "exp"));
    writeFileSync(join(dir, "exp", "one.yaml"), "set: exp\ncards: []\n");
    const w = new Watching(["validate", "--watch", "exp"], dir);
    running.push(w);
    await w.run(1);
    mkdirSync(join(dir, "exp", "deeper"));
    writeFileSync(join(dir, "exp", "deeper", "three.yaml"), "set: exp\ncards: []\n");
    const runs = async (): Promise<string> => {
      // The folder and its file may come as one run or two: wait until the file's has come.
      const until = Date.now() + 20_000;
      while (!w.runs().some((r) => r.includes("three.yaml")) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return w.runs().slice(1).join("\n");
    };
    const after = await runs();
    expect(after).toContain(" · exp/deeper/three.yaml changed · ");
    expect(after).not.toMatch(/exp\/deeper[ ,]/);
    expect(await w.stop()).toBe(0);
  });

  it("refuses --format json with --watch (exit 2)", () => {
    const r = runCli(["validate", "--watch", "--format", "json"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("state51: error: --watch prints text: it cannot be used with --format json\n");
  });
});

describe("state51 build --watch", () => {
  it("writes only the edited card's module and the text, and leaves what a full build writes, byte for byte", async () => {
    const dir = copyOfBaseSet();
    const w = new Watching(["build", "--watch", "cards/", "--out", "out"], dir);
    running.push(w);
    expect(await w.run(1)).toContain("build: 8 files");

    edit(join(dir, "cards", "locations.yaml"), "spoils: gain 2 scrap\n", "spoils: gain 3 scrap\n");
    expect(await w.run(2)).toMatch(/cards\/locations\.yaml changed · build: 3 files written in \d+ ms/);
    expect(w.outputOf(2)).toContain("wrote base/locations.ts, text/en.md, text/fr.md in out/");

    // A mistake: nothing is written, and the next good save builds again.
    edit(join(dir, "cards", "leaders.yaml"), "ability: after conquer -> 1 vp", "ability: after conquerr -> 1 vp");
    expect(await w.run(3)).toContain("build: 1 error, 0 warnings, nothing written");
    edit(join(dir, "cards", "leaders.yaml"), "ability: after conquerr -> 1 vp", "ability: after cooperate -> 2 vp");
    expect(await w.run(4)).toContain("build: 3 files written");
    expect(await w.stop()).toBe(0);

    const full = runCli(["build", "cards/", "--out", "full"], dir);
    expect(full.status).toBe(0);
    expect(readTree(join(dir, "out"))).toEqual(readTree(join(dir, "full")));
    expect(readFileSync(join(dir, "out", "base", "locations.ts"), "utf8")).toContain('{ call: "resource", resource: "scrap", amount: 3 }');
  });

  // chokidar reports one change of a file in 50 ms: a second save inside that (a formatter
  // rewriting the file just saved) must still be built.
  it("builds a second save that comes within 50 ms of the first", async () => {
    const dir = copyOfBaseSet();
    const w = new Watching(["build", "--watch", "cards/", "--out", "out"], dir);
    running.push(w);
    await w.run(1);
    const built = (): string => readFileSync(join(dir, "out", "base", "locations.ts"), "utf8");
    const original = built();
    const locations = join(dir, "cards", "locations.yaml");
    // A save, and 40 ms later (its run has read the file by then) another putting the file
    // back: the output must come back to the first run's.
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let round = 0; round < 5; round++) {
      edit(locations, "spoils: gain 2 scrap\n", "spoils: gain 3 scrap\n");
      await sleep(40);
      edit(locations, "spoils: gain 3 scrap\n", "spoils: gain 2 scrap\n");
      const until = Date.now() + 2_000;
      while (built() !== original && Date.now() < until) await sleep(25);
      expect(built()).toBe(original);
      await sleep(200);
    }
    expect(await w.stop()).toBe(0);
  });

  it("says on its first run what was built, also when an earlier build left the folder up to date", async () => {
    const dir = copyOfBaseSet();
    expect(runCli(["build", "cards/", "--out", "out"], dir).status).toBe(0);
    const w = new Watching(["build", "--watch", "cards/", "--out", "out"], dir);
    running.push(w);
    expect(await w.run(1)).toContain("build: 8 files");
    expect(w.outputOf(1)).toContain("built 8 files in out/, already up to date (110 cards compiled: ");
    expect(w.outputOf(1)).not.toContain("nothing changed");
    expect(await w.stop()).toBe(0);
  });

  it("refuses an output folder it may not write before watching (exit 2)", () => {
    const dir = copyOfBaseSet();
    writeFileSync(join(dir, "out"), "a file\n");
    const r = runCli(["build", "--watch", "cards/", "--out", "out"], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^state51: error: cannot write out\/: .*out is not a folder\n$/);
    // An empty name (an unset shell variable) as build refuses it, not the folder it runs in.
    const empty = runCli(["build", "--watch", "cards/", "--out", ""], dir);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toBe("state51: error: cannot write the output folder: the name given is empty (an unset shell variable?)\n");
  });
});

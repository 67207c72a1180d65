/**
 * The compiled card sets `play`, `replay` and `simulate` keep between runs
 * (src/pipeline/card-set-cache.ts): a kept set is served only for the very
 * files and build it was compiled from, a damaged one is compiled again, a
 * cache that cannot be written changes nothing, and a run served from the
 * cache plays what a compiling run plays without loading the compiler.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cachedCardSetUrl, cardSetCache, entryName, keptSets, type CardSetCache } from "../src/pipeline/card-set-cache.js";
import { cardSetUrl } from "../src/pipeline/load-card-set.js";
import { validatePaths } from "../src/pipeline/validate.js";
import { repoRoot } from "./helpers.js";

const made: string[] = [];
const temp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "state51-cache-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Validation's record of what it read: the files in order and their texts. */
function read(files: Record<string, string>): { files: string[]; texts: Map<string, string> } {
  return { files: Object.keys(files), texts: new Map(Object.entries(files)) };
}

/** A compile that counts its calls and gives `url`. */
function counting(url: string): { compile: () => Promise<string>; calls: () => number } {
  let n = 0;
  return {
    compile: async () => {
      n++;
      return url;
    },
    calls: () => n,
  };
}

describe("cachedCardSetUrl", () => {
  const set = read({ "cards/vocabulary.yaml": "vocabulary: {}\n", "cards/locations.yaml": "cards: []\n" });

  it("compiles a set once, then serves it kept, for the same files and build only", async () => {
    const cache: CardSetCache = { folder: join(temp(), "cache"), build: "b1" };
    const first = counting("data:text/javascript;base64,AAAA");
    expect(await cachedCardSetUrl(set, first.compile, cache)).toBe("data:text/javascript;base64,AAAA");
    expect(await cachedCardSetUrl(set, first.compile, cache)).toBe("data:text/javascript;base64,AAAA");
    expect(first.calls()).toBe(1);

    const other = [
      read({ "cards/vocabulary.yaml": "vocabulary: {}\n", "cards/locations.yaml": "cards: [] \n" }), // one character more
      read({ "cards/vocabulary.yaml": "vocabulary: {}\n", "cards/leaders.yaml": "cards: []\n" }), // another path
      read({ "cards/locations.yaml": "cards: []\n", "cards/vocabulary.yaml": "vocabulary: {}\n" }), // another order
    ];
    for (const files of other) {
      const again = counting("data:,other");
      expect(await cachedCardSetUrl(files, again.compile, cache)).toBe("data:,other");
      expect(again.calls()).toBe(1);
    }
    const otherBuild = counting("data:,build2");
    expect(await cachedCardSetUrl(set, otherBuild.compile, { ...cache, build: "b2" })).toBe("data:,build2");
    expect(otherBuild.calls()).toBe(1);
  });

  it("keys a path and a text apart: moving text between them is another set", () => {
    expect(entryName("b", read({ ab: "c" }))).not.toBe(entryName("b", read({ a: "bc" })));
    expect(entryName("b", read({ a: "x" }))).toMatch(/^cards-[0-9a-f]{64}\.url$/);
  });

  it("compiles again, and keeps the new one, when the kept entry is damaged or another entry's", async () => {
    const cache: CardSetCache = { folder: join(temp(), "cache"), build: "b1" };
    await cachedCardSetUrl(set, counting("data:,good").compile, cache);
    const entry = join(cache.folder, entryName(cache.build, set));
    writeFileSync(entry, readFileSync(entry, "latin1").replace("good", "evil"));
    const again = counting("data:,good");
    expect(await cachedCardSetUrl(set, again.compile, cache)).toBe("data:,good");
    expect(again.calls()).toBe(1);
    writeFileSync(entry, ""); // cut short
    expect(await cachedCardSetUrl(set, counting("data:,good").compile, cache)).toBe("data:,good");
    expect(readFileSync(entry, "latin1")).toMatch(/^[0-9a-f]{64}\ndata:,good$/);
    // A whole entry, copied to another set's name, is not that set's.
    const other = read({ "cards/vocabulary.yaml": "vocabulary: {}\n" });
    writeFileSync(join(cache.folder, entryName(cache.build, other)), readFileSync(entry));
    const otherCompile = counting("data:,other");
    expect(await cachedCardSetUrl(other, otherCompile.compile, cache)).toBe("data:,other");
    expect(otherCompile.calls()).toBe(1);
  });

  it("never follows a link at an entry's name: it is replaced, its target left as it was", async () => {
    const dir = temp();
    const cache: CardSetCache = { folder: join(dir, "cache"), build: "b1" };
    mkdirSync(cache.folder);
    writeFileSync(join(dir, "precious"), "precious");
    const entry = join(cache.folder, entryName(cache.build, set));
    symlinkSync(join(dir, "precious"), entry);
    const compile = counting("data:,a");
    expect(await cachedCardSetUrl(set, compile.compile, cache)).toBe("data:,a");
    expect(readFileSync(join(dir, "precious"), "utf8")).toBe("precious");
    expect(lstatSync(entry).isFile()).toBe(true);
    // A link to a good entry is not served either.
    rmSync(entry);
    await cachedCardSetUrl(set, compile.compile, cache);
    const copy = join(dir, "copy");
    cpSync(entry, copy);
    rmSync(entry);
    symlinkSync(copy, entry);
    expect(await cachedCardSetUrl(set, compile.compile, cache)).toBe("data:,a");
    expect(compile.calls()).toBe(3);
  });

  it("compiles as without a cache when its folder or entry cannot be made or written", async () => {
    const dir = temp();
    writeFileSync(join(dir, "file"), "");
    const underFile = counting("data:,a");
    expect(await cachedCardSetUrl(set, underFile.compile, { folder: join(dir, "file", "cache"), build: "b" })).toBe("data:,a");
    expect(await cachedCardSetUrl(set, underFile.compile, { folder: join(dir, "file", "cache"), build: "b" })).toBe("data:,a");
    expect(underFile.calls()).toBe(2);
    // A folder where the entry would go: nothing can be written there, even by root.
    const cache: CardSetCache = { folder: join(dir, "cache"), build: "b" };
    mkdirSync(join(cache.folder, entryName(cache.build, set)), { recursive: true });
    expect(await cachedCardSetUrl(set, counting("data:,b").compile, cache)).toBe("data:,b");
    expect(readdirSync(cache.folder)).toEqual([entryName(cache.build, set)]);
  });

  it(`keeps the ${keptSets} sets used last, and removes temp files abandoned by killed runs`, async () => {
    const cache: CardSetCache = { folder: join(temp(), "cache"), build: "b1" };
    const sets = Array.from({ length: keptSets + 3 }, (_, i) => read({ "cards/a.yaml": `set ${i}` }));
    const hourAgo = Date.now() - 3_600_000;
    const at = (i: number): Date => new Date(hourAgo + i * 1000);
    for (const [i, s] of sets.entries()) {
      await cachedCardSetUrl(s, counting(`data:,${i}`).compile, cache);
      utimesSync(join(cache.folder, entryName(cache.build, s)), at(i), at(i));
    }
    const abandoned = join(cache.folder, `${entryName("b1", read({ x: "" }))}.1234.tmp`);
    const underWay = join(cache.folder, `${entryName("b1", read({ y: "" }))}.1235.tmp`);
    writeFileSync(abandoned, "half");
    utimesSync(abandoned, at(0), at(0));
    writeFileSync(underWay, "half");
    // Set 3, the oldest kept, used again: it stays, and the oldest after it goes.
    await cachedCardSetUrl(sets[3]!, counting("data:,never").compile, cache);
    await cachedCardSetUrl(read({ "cards/a.yaml": "one more" }), counting("data:,new").compile, cache);
    const kept = new Set(readdirSync(cache.folder));
    expect(kept.size).toBe(keptSets + 1);
    expect(kept.has(entryName(cache.build, sets[3]!))).toBe(true);
    expect(kept.has(entryName(cache.build, sets[4]!))).toBe(false);
    expect(kept.has(entryName(cache.build, sets[5]!))).toBe(true);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(underWay)).toBe(true);
  });
});

describe("cardSetCache", () => {
  const build = (): string => "b";
  it("is off when STATE51_CACHE=off, and outside the bundled CLI", () => {
    expect(cardSetCache({ STATE51_CACHE: "off" }, build)).toBeUndefined();
    expect(cardSetCache({ STATE51_CACHE: "/x/c" }, () => undefined)).toBeUndefined();
    expect(cardSetCache({ STATE51_CACHE: "/x/c" })).toBeUndefined(); // these tests run from src/
  });

  it("uses STATE51_CACHE, else XDG_CACHE_HOME, else ~/.cache", () => {
    expect(cardSetCache({ STATE51_CACHE: "/x/c" }, build)).toEqual({ folder: "/x/c", build: "b" });
    expect(cardSetCache({ XDG_CACHE_HOME: "/x" }, build)?.folder).toBe(join("/x", "state51"));
    expect(cardSetCache({ XDG_CACHE_HOME: "" }, build, () => "/home/d")?.folder).toBe(join("/home/d", ".cache", "state51"));
  });

  it("is off, not an error, when there is no home folder to put it in", () => {
    const noHome = (): string => {
      throw new Error("ENOENT: no such user");
    };
    expect(cardSetCache({}, build, noHome)).toBeUndefined();
    expect(cardSetCache({ XDG_CACHE_HOME: "/x" }, build, noHome)?.folder).toBe(join("/x", "state51"));
  });
});

describe("state51 play with kept card sets", () => {
  /** Runs the bundled CLI with `cache` as STATE51_CACHE, saying on standard error whether ts-morph was loaded. */
  const play = (cache: string, args: readonly string[], env: NodeJS.ProcessEnv = {}, root = repoRoot): { status: number | null; stdout: string; compiled: boolean } => {
    const hook = join(repoRoot, "test/fixtures/report-ts-morph.cjs");
    const r = spawnSync(process.execPath, ["--require", hook, join(root, "dist/state51.cjs"), "play", ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, ...env, STATE51_CACHE: cache },
      timeout: 30_000,
    });
    return { status: r.status, stdout: r.stdout, compiled: r.stderr.includes("ts-morph loaded") };
  };

  it("plays the same game from a kept set, without loading the compiler", () => {
    const cache = join(temp(), "cache");
    const first = play(cache, ["--seed", "5", "--players", "2"]);
    expect(first.status).toBe(0);
    expect(first.compiled).toBe(true);
    const [entry] = readdirSync(cache);
    expect(entry).toBeDefined();
    // What is kept is what compiling the cards gives.
    expect(readFileSync(join(cache, entry!), "latin1").split("\n")[1]).toBe(cardSetUrl(validatePaths([join(repoRoot, "cards")])));
    const second = play(cache, ["--seed", "5", "--players", "2"]);
    expect(second).toEqual({ ...first, compiled: false });
    // Another card set (the example expansion with the base set) is compiled and kept beside it.
    const expansion = play(cache, ["cards/", "cards/examples/", "--seed", "5", "--players", "2"]);
    expect(expansion.compiled).toBe(true);
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it("keeps nothing with STATE51_CACHE=off", () => {
    const home = temp();
    for (let i = 0; i < 2; i++) {
      const r = play("off", ["--seed", "5", "--players", "2"], { XDG_CACHE_HOME: home, HOME: home });
      expect(r.status).toBe(0);
      expect(r.compiled).toBe(true);
    }
    expect(readdirSync(home)).toEqual([]);
    expect(existsSync(join(repoRoot, "off"))).toBe(false);
  });

  it("takes a set kept by the same build anywhere, and never one kept by another build", () => {
    const cache = join(temp(), "cache");
    // A copy of this package (its own bundle, cards and package.json; the same node_modules).
    const copy = temp();
    for (const part of ["dist", "cards", "package.json"]) cpSync(join(repoRoot, part), join(copy, part), { recursive: true });
    symlinkSync(join(repoRoot, "node_modules"), join(copy, "node_modules"));
    const here = play(cache, ["--seed", "5", "--players", "2"]);
    expect(here.compiled).toBe(true);
    expect(play(cache, ["--seed", "5", "--players", "2"], {}, copy)).toEqual({ ...here, compiled: false });
    // The copy's bundle one byte longer: another build, which compiles the same files for itself.
    appendFileSync(join(copy, "dist/cli.cjs"), "\n");
    expect(play(cache, ["--seed", "5", "--players", "2"], {}, copy)).toEqual(here);
    expect(readdirSync(cache)).toHaveLength(2);
  });
});

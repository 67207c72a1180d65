/**
 * Every command's outputs (issue 11, part 3), one table: standard output that
 * fails (a closed pipe, a full disk, a descriptor open only for reading) is one
 * line on standard error and exit 1; a file output that cannot be written (a
 * read-only place, a device such as /dev/full, a missing folder) is refused
 * before any work, exit 2, and a missing folder is made only with --mkdir.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { systemErrorLine } from "../src/cli/error-line.js";
import { toldOf, writeFileAtomic } from "../src/fs/atomic-write.js";
import { makeFolders } from "../src/fs/make-folders.js";
import { repoRoot } from "./helpers.js";

const cli = join(repoRoot, "dist/state51.cjs");

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "state51-out-"));
}

/** Runs the CLI with its standard output on `stdout` (a file descriptor, or a pipe read here). */
function run(args: readonly string[], stdout: number | "pipe" = "pipe", cwd = repoRoot): Run {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 60_000, stdio: ["ignore", stdout, "pipe"] });
  return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr };
}

/** Runs the CLI and closes the reading end of its standard output at once, as `| head -c0` would. */
function runClosedPipe(args: readonly string[]): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => done({ status, stdout: "", stderr }));
  });
}

/** A folder nothing can be created in: /proc for root (who passes every permission check), else a folder without write permission. */
function unwritableFolder(): string {
  if (process.getuid?.() === 0) return "/proc";
  const dir = join(tempDir(), "read-only");
  mkdirSync(dir);
  chmodSync(dir, 0o555);
  return dir;
}

/** One line naming standard output and the reason, and nothing that looks like a crash. */
function expectStdoutFailure(r: Run, code: string): void {
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(new RegExp(`^state51: error: cannot write to standard output: .*\\(${code}\\)$`, "m"));
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
}

let log = "";
beforeAll(() => {
  log = join(tempDir(), "game.jsonl");
  expect(run(["play", "--seed", "3", "--bots", "random", "--players", "2", "--quiet", "--log", log]).status).toBe(0);
});

/** Every command, as run to write to standard output (its files, if any, into `dir`). */
const commands: Record<string, (dir: string) => string[]> = {
  validate: () => ["validate"],
  build: (dir) => ["build", "--out", join(dir, "generated")],
  text: () => ["text", "--card", "old-factory"],
  print: () => ["print", "--cards", "old-factory"],
  play: () => ["play", "--seed", "3", "--bots", "random", "--players", "2", "--quiet"],
  replay: () => ["replay", log, "--quiet"],
  simulate: () => ["simulate", "--games", "1", "--players", "2", "--bots", "random", "--workers", "1"],
  grammar: (dir) => ["grammar", "--out", join(dir, "grammar.html")],
};

describe.each(Object.entries(commands))("state51 %s, standard output", (_name, args) => {
  it("a closed pipe: one line, exit 1", async () => {
    expectStdoutFailure(await runClosedPipe(args(tempDir())), "EPIPE");
  });

  it("a full disk (/dev/full): one line, exit 1", () => {
    const fd = openSync("/dev/full", "w");
    try {
      expectStdoutFailure(run(args(tempDir()), fd), "ENOSPC");
    } finally {
      closeSync(fd);
    }
  });
});

// Commands with a file option are tested against an unwritable folder below; these write only to standard output.
describe.each(["validate", "text", "replay"])("state51 %s, standard output", (name) => {
  it("an output that cannot be written (open for reading only): one line, exit 1", () => {
    const file = join(tempDir(), "read-only.txt");
    writeFileSync(file, "");
    const fd = openSync(file, "r");
    try {
      expectStdoutFailure(run(commands[name]!(tempDir()), fd), "EBADF");
    } finally {
      closeSync(fd);
    }
  });
});

/** Every option that names a file or folder to write: the command line with that output at `path`. */
const fileOutputs: Record<string, { readonly args: (path: string) => string[]; readonly folder?: boolean }> = {
  "build --out": { args: (p) => ["build", "--out", p], folder: true },
  "print --out": { args: (p) => ["print", "--cards", "old-factory", "--out", p] },
  "play --log": { args: (p) => ["play", "--seed", "3", "--bots", "random", "--players", "2", "--quiet", "--log", p] },
  "simulate --out": { args: (p) => ["simulate", "--games", "1", "--players", "2", "--bots", "random", "--workers", "1", "--out", p] },
  "grammar --out": { args: (p) => ["grammar", "--out", p] },
};

describe.each(Object.entries(fileOutputs))("state51 %s", (_name, output) => {
  const refused = (r: Run, reason: RegExp): void => {
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(reason);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  };

  it("refuses an output in a folder that cannot be written, before any work", () => {
    refused(run(output.args(join(unwritableFolder(), "out.x"))), /cannot write .*cannot be written to/);
  });

  it("refuses an empty name (an unset shell variable), never taking it for the current folder", () => {
    const r = run(output.args(""));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    // One line, and play's own check of --log adds a hint of what to give.
    expect(r.stderr).toMatch(/^state51: error: cannot write .*: the name given is empty \(an unset shell variable\?\)\n$/);
  });

  it("refuses a device such as /dev/full (a full disk), never writing over it", () => {
    refused(run(output.args("/dev/full")), output.folder === true ? /\/dev\/full is not a folder/ : /\/dev\/full is not a regular file/);
  });

  it("refuses a name too long for the temp file written beside it, before any work (it once failed only at the end)", () => {
    const dir = tempDir();
    // 240 bytes: a legal name, but its temp name (`.<name>.<pid>.ready.tmp`) would pass 255.
    refused(run(output.args(join(dir, "é".repeat(118) + ".x.y"))), /the name é{24}… is too long \(240 bytes; an output's name may have at most 235/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses, with --mkdir, a folder to make whose name is too long, before any work, creating nothing", () => {
    const dir = tempDir();
    refused(run([...output.args(join(dir, "new", "d".repeat(256), "out.x")), "--mkdir"]), /the folder name d{24}… is too long \(256 bytes; a name may have at most 255\)/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a missing folder, creating nothing; --mkdir creates it", () => {
    const dir = tempDir();
    const target = join(dir, "new", "folder", "out.x");
    refused(run(output.args(target)), /no such folder: .*new\/folder \(--mkdir creates it\)/);
    expect(readdirSync(dir)).toEqual([]);
    const made = run([...output.args(target), "--mkdir"]);
    expect(made.stderr).not.toMatch(/internal error|error:/);
    expect(made.status).toBe(0);
    expect(existsSync(target)).toBe(true);
  });
});

// play --log says the same in its own words, with a hint (test/play-cli.test.ts).
describe.each(Object.entries(fileOutputs).filter(([name, o]) => o.folder !== true && name !== "play --log"))("state51 %s given a name that is no file's", (_name, output) => {
  it("writes a path through a missing folder and back out (nope/../out.x) where the checks looked, not failing after the work", () => {
    const dir = tempDir();
    const r = run(output.args(`${dir}/nope/../out.x`));
    expect(r.stderr).not.toMatch(/error/);
    expect(r.status).toBe(0);
    expect(existsSync(join(dir, "out.x"))).toBe(true);
    expect(existsSync(join(dir, "nope"))).toBe(false);
  });

  it("refuses a name spelled as a folder (reports/, .) before any work: it once failed only at the end, every game played", () => {
    const dir = tempDir();
    for (const path of [`${dir}/reports/`, `${dir}/.`, `${dir}/sub/..`]) {
      const r = run(output.args(path));
      expect(r.status, path).toBe(2);
      expect(r.stderr).toMatch(/names a folder, not a file: name the file to write in it\n$/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses "-", which to most tools means standard output, rather than write a file called "-"', () => {
    const dir = tempDir();
    const r = run(output.args("-"), "pipe", dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/"-" is not a file name here .*\.\/- for a file called "-"\n$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe.each(Object.entries(fileOutputs).filter(([, o]) => o.folder !== true))("state51 %s onto a write-protected file", (_name, output) => {
  it("is refused before any work (exit 2), as the shell's > refuses it, the file left as it was", () => {
    const dir = tempDir();
    // A folder anyone may write in: only the file's own protection stands in the way.
    chmodSync(dir, 0o777);
    const file = join(dir, "kept.txt");
    writeFileSync(file, "kept\n");
    chmodSync(file, 0o444);
    // Root passes every permission check; without that power (CAP_DAC_OVERRIDE, dropped by util-linux's
    // setpriv) it is refused as any user is, and can still run the checkout wherever it is.
    const asRoot = process.getuid?.() === 0;
    const args = [cli, ...output.args(file)];
    const r = asRoot
      ? spawnSync("setpriv", ["--bounding-set=-dac_override,-dac_read_search", "--", process.execPath, ...args], { cwd: repoRoot, encoding: "utf8", timeout: 60_000 })
      : spawnSync(process.execPath, args, { cwd: repoRoot, encoding: "utf8", timeout: 60_000 });
    expect(r.error).toBeUndefined();
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/kept\.txt is write-protected \(EACCES\)\n$/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(file, "utf8")).toBe("kept\n");
    expect(readdirSync(dir)).toEqual(["kept.txt"]);
  });
});

describe("state51 build --out onto a write-protected tree", () => {
  it("is refused before any work (exit 2), the tree left as it was, with no temp folder beside it", () => {
    const dir = tempDir();
    chmodSync(dir, 0o777);
    const out = join(dir, "out");
    expect(run(["build", "--out", out]).status).toBe(0);
    const before = readdirSync(out).sort();
    // Only a folder below is protected: the old tree can be set aside, but not emptied.
    const sub = join(out, readdirSync(out, { withFileTypes: true }).find((e) => e.isDirectory())!.name);
    chmodSync(sub, 0o555);
    const asRoot = process.getuid?.() === 0;
    const args = [cli, "build", "--out", out];
    const r = asRoot
      ? spawnSync("setpriv", ["--bounding-set=-dac_override,-dac_read_search", "--", process.execPath, ...args], { cwd: repoRoot, encoding: "utf8", timeout: 60_000 })
      : spawnSync(process.execPath, args, { cwd: repoRoot, encoding: "utf8", timeout: 60_000 });
    chmodSync(sub, 0o755);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/refusing to replace .*out: \w+ is write-protected \(EACCES\), as if kept on purpose\n {2}hint: make it writable/);
    expect(readdirSync(out).sort()).toEqual(before);
    expect(readdirSync(dir)).toEqual(["out"]);
  });
});

/** Commands that read card files (or reports, for --merge), their output aimed at one of those files: `file` is read and named as the output. */
const overInputs: Record<string, (file: string) => string[]> = {
  "print --out": (f) => ["print", "cards/", f, "--out", f],
  "play --log": (f) => ["play", "cards/", f, "--quiet", "--log", f],
  "simulate --out": (f) => ["simulate", "cards/", f, "--games", "1", "--out", f],
  "simulate --baseline … --out": (f) => ["simulate", "--games", "1", "--baseline", "cards/", f, "--out", f],
  "simulate --merge … --out": (f) => ["simulate", "--merge", f, "other.json", "--out", f],
  // The file found in a folder named, and the file reached through a link: the same file all the same.
  "simulate FOLDER --out": (f) => ["simulate", "cards/", dirname(f), "--games", "1", "--out", f],
  "simulate --out LINK": (f) => {
    const link = join(dirname(f), "link.yaml");
    symlinkSync(f, link);
    return ["simulate", "cards/", f, "--games", "1", "--out", link];
  },
};

describe.each(Object.entries(overInputs))("state51 %s over a file it reads", (_name, args) => {
  it("is refused before any work (exit 2), the file left as it was", () => {
    const file = join(tempDir(), "expansion.yaml");
    const text = readFileSync(join(repoRoot, "cards/examples/wastelanders.yaml"), "utf8");
    writeFileSync(file, text);
    const r = run(args(file));
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^state51: error: cannot write the \w+( \w+)?: .*(expansion|link)\.yaml is one of the files this command reads: name another file$/m);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});

/** File outputs that replace only an earlier output of their kind: the command line with that output at `path`, and the kind's name. */
const replacing: Record<string, { readonly args: (path: string) => string[]; readonly kind: string; readonly what: string }> = {
  "print --out": { args: (p) => ["print", "--cards", "old-factory", "--out", p], kind: "a sheet of cards", what: "the sheet" },
  "print --pdf": { args: (p) => ["print", "--cards", "old-factory", "--pdf", p], kind: "a PDF", what: "the PDF" },
  "print --png": { args: (p) => ["print", "--cards", "old-factory", "--png", p], kind: "a PNG picture", what: "the picture" },
  "play --log": { args: (p) => ["play", "--seed", "3", "--bots", "random", "--players", "2", "--quiet", "--log", p], kind: "a game log", what: "the game log" },
  "simulate --out": { args: (p) => ["simulate", "--games", "1", "--players", "2", "--bots", "random", "--workers", "1", "--out", p], kind: "a simulation report", what: "the report" },
  "simulate --merge … --out": { args: (p) => ["simulate", "--merge", "part.json", "--out", p], kind: "a simulation report", what: "the report" },
};

describe.each(Object.entries(replacing))("state51 %s over a file that is no earlier output of its kind", (_name, output) => {
  it("is refused before any work (exit 2), naming what it is not, the file left as it was: an expansion left out of the paths is not lost", () => {
    const file = join(tempDir(), "my-expansion.yaml");
    const text = readFileSync(join(repoRoot, "cards/examples/wastelanders.yaml"), "utf8");
    writeFileSync(file, text);
    const r = run(output.args(file));
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toBe(`state51: error: cannot write ${output.what}: ${file} is not ${output.kind}, and ${output.what} would replace it\n  hint: name a new file, or an earlier ${output.kind.replace(/^an? /, "")} to replace\n`);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});

describe("an output over an earlier one of its kind, or an empty file", () => {
  it("simulate --out replaces an earlier report of any format, and an empty file", () => {
    const file = join(tempDir(), "report.out");
    writeFileSync(file, "");
    for (const format of ["text", "json", "html", "text"]) {
      const r = run(["simulate", "--games", "1", "--players", "2", "--bots", "random", "--workers", "1", "--format", format, "--out", file]);
      expect(r.status, r.stderr).toBe(0);
    }
    expect(readFileSync(file, "utf8")).toMatch(/^state51 simulate: 2 players/);
  });

  it("play --log replaces an earlier log saved again with a byte-order mark and CRLF line ends (a Windows editor)", () => {
    const log = join(tempDir(), "game.jsonl");
    const play = ["play", "--seed", "3", "--bots", "random", "--players", "2", "--quiet", "--log", log];
    expect(run(play).status).toBe(0);
    writeFileSync(log, "\uFEFF" + readFileSync(log, "utf8").replaceAll("\n", "\r\n"));
    const r = run(play);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(log, "utf8")).toMatch(/^\{"type":"game"/);
  });

  it("simulate --out replaces an earlier JSON report whose keys a tool sorted, its kind told past the first 64 KiB", () => {
    const file = join(tempDir(), "report.json");
    const sim = ["simulate", "cards/", "cards/examples/", "--games", "2", "--players", "3", "--bots", "random", "--workers", "1", "--format", "json", "--out", file];
    expect(run(sim).status).toBe(0);
    const sorted = (x: unknown): unknown =>
      Array.isArray(x) ? x.map(sorted) : x !== null && typeof x === "object" ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sorted((x as Record<string, unknown>)[k])])) : x;
    const text = JSON.stringify(sorted(JSON.parse(readFileSync(file, "utf8"))), null, 2);
    expect(Buffer.byteLength(text.slice(0, text.indexOf('"report"')))).toBeGreaterThan(64 * 1024);
    writeFileSync(file, text);
    const r = run(sim);
    expect(r.status, r.stderr).toBe(0);
  });

  it("print --pdf replaces an earlier PDF", () => {
    const pdf = join(tempDir(), "sheet.pdf");
    writeFileSync(pdf, "%PDF-1.4\n% an earlier sheet\n");
    const r = run(["print", "--cards", "old-factory", "--pdf", pdf]);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(pdf).length).toBeGreaterThan(1000);
  });

  it("print --out replaces an earlier sheet, and --png a PNG picture", () => {
    const dir = tempDir();
    const sheet = join(dir, "sheet.html");
    for (let i = 0; i < 2; i++) expect(run(["print", "--cards", "old-factory", "--out", sheet]).status).toBe(0);
    const png = join(dir, "sheet.png");
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    const r = run(["print", "--cards", "old-factory", "--png", png]);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(png).length).toBeGreaterThan(1000);
  });
});

describe("state51 grammar --out /proc/g.html", () => {
  it.runIf(process.platform === "linux")("is refused at once (it once spun for ever making folders)", () => {
    const r = spawnSync(process.execPath, [cli, "grammar", "--out", "/proc/g.html"], { encoding: "utf8", timeout: 10_000 });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^state51: error: cannot write the grammar page: \/proc cannot be written to \(\w+\)\n$/);
  });
});

describe("a write that fails after the checks (a disk filling up, a folder removed during the run)", () => {
  it("is told in one line naming the path and the reason, not as an internal error", () => {
    const error = (code: string, syscall: string, path: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code, syscall, path });
    expect(systemErrorLine(error("ENOSPC", "write", "report.json"))).toBe("cannot write report.json: the disk is full (ENOSPC)");
    // A failed open is a write only when it came out of writing an output; a file opened to be read says "open".
    expect(systemErrorLine(error("EISDIR", "open", "/tmp"))).toBe("cannot open /tmp: it is a folder (EISDIR)");
    expect(systemErrorLine(toldOf(error("EISDIR", "open", "/tmp"), "/tmp", []) as NodeJS.ErrnoException)).toBe("cannot write /tmp: it is a folder (EISDIR)");
    expect(systemErrorLine(error("EACCES", "mkdir", "out/a"))).toBe("cannot create the folder out/a: permission denied (EACCES)");
  });

  it("names the file the designer gave, not the temp file it is first written to", () => {
    const gone = join(tempDir(), "gone");
    const file = join(gone, "report.txt");
    let failed: NodeJS.ErrnoException | undefined;
    try {
      writeFileAtomic(file, "text");
    } catch (error) {
      failed = error as NodeJS.ErrnoException;
    }
    expect(failed?.code).toBe("ENOENT");
    expect(systemErrorLine(failed!)).toBe(`cannot write ${file}: no such file or folder (ENOENT)`);
    expect(existsSync(gone)).toBe(false);
  });

  it("names the file or folder given when the error names a temp one or none (a full disk's ENOSPC names no file)", () => {
    const fail = (path?: string): NodeJS.ErrnoException => Object.assign(new Error("x"), { code: "ENOSPC", syscall: "write", ...(path === undefined ? {} : { path }) });
    const told = (error: NodeJS.ErrnoException, temps: string[]): string => systemErrorLine(toldOf(error, "out", temps) as NodeJS.ErrnoException);
    expect(told(fail(), ["out.1.tmp"])).toBe("cannot write out: the disk is full (ENOSPC)");
    expect(told(fail(".out.1.new.tmp/index.ts"), [".out.1.new.tmp", ".out.1.ready.tmp"])).toBe("cannot write out: the disk is full (ENOSPC)");
    // A file the designer named (another of the command's own) keeps its name.
    expect(told(fail("cards/a.yaml"), ["out.1.tmp"])).toBe("cannot write cards/a.yaml: the disk is full (ENOSPC)");
    // Not a system error: left as it is.
    const plain = new Error("plain");
    expect(toldOf(plain, "out", [])).toBe(plain);
    expect((plain as NodeJS.ErrnoException).path).toBeUndefined();
  });

  it("takes back the folders --mkdir made when the write then fails, and only those still empty", () => {
    const dir = tempDir();
    // A name too long for the file system: the folders are made, then the temp file cannot be.
    const file = join(dir, "new", "deep", "x".repeat(300));
    expect(() => writeFileAtomic(file, "text", { mkdir: true })).toThrow(/ENAMETOOLONG/);
    expect(readdirSync(dir)).toEqual([]);
    const unmake = makeFolders(join(dir, "a", "b", "c"));
    writeFileSync(join(dir, "a", "kept.txt"), "someone's");
    unmake();
    expect(readdirSync(dir)).toEqual(["a"]);
    expect(readdirSync(join(dir, "a"))).toEqual(["kept.txt"]);
    // Made partway, then failing (a name too long below): those made are taken back at once.
    expect(() => makeFolders(join(dir, "p", "q", "x".repeat(300)))).toThrow(/ENAMETOOLONG/);
    expect(readdirSync(dir)).toEqual(["a"]);
    // Through a folder it made and back out (`new/../kept`): the user's empty folder `kept` stays.
    mkdirSync(join(dir, "kept"));
    expect(() => writeFileAtomic(`${dir}/new/../kept/${"x".repeat(300)}`, "text", { mkdir: true })).toThrow(/ENAMETOOLONG/);
    expect(readdirSync(dir).sort()).toEqual(["a", "kept"]);
    // Folders that were there already are never the undo's to take.
    makeFolders(join(dir, "a"))();
    expect(existsSync(join(dir, "a", "kept.txt"))).toBe(true);
  });

  it("never writes through a link standing at its temp file's name, nor keeps a stale temp file's text", () => {
    const dir = tempDir();
    const elsewhere = join(dir, "elsewhere.txt");
    writeFileSync(elsewhere, "not yours");
    const file = join(dir, "report.txt");
    symlinkSync(elsewhere, `${file}.${process.pid}.tmp`);
    writeFileAtomic(file, "the report");
    expect(readFileSync(elsewhere, "utf8")).toBe("not yours");
    expect(readFileSync(file, "utf8")).toBe("the report");
    writeFileSync(`${file}.${process.pid}.tmp`, "a stale temp file, much longer than the report");
    writeFileAtomic(file, "again");
    expect(readFileSync(file, "utf8")).toBe("again");
    expect(readdirSync(dir).sort()).toEqual(["elsewhere.txt", "report.txt"]);
  });
});

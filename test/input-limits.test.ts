/**
 * Inputs that once hung or exhausted the tool (issue 11, part 2): thousands of
 * errors in one ability, a file full of errors, files that are not files.
 * Each is answered at once: at most 20 diagnostics per field and 100 per file,
 * then one line counting the rest; a pipe, a device, a socket or a folder is
 * refused by name without a byte read. The fixtures' expected diagnostics are
 * in test/fixtures/limits/expected.json (UPDATE_GOLDEN=1 rewrites it).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { errorFileText } from "../bench/error-file.mjs";
import { maxErrorsPerField } from "../src/diagnostics/field-report.js";
import { maxDiagnosticsPerFile, validatePaths } from "../src/pipeline/validate.js";
import { repoRoot } from "./helpers.js";

const dir = join(import.meta.dirname, "fixtures", "limits");
const goldenPath = join(dir, "expected.json");

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "state51-limits-"));
}

/** The bundled CLI, timed; `timeout` kills it if it hangs. */
function timedCli(args: readonly string[], cwd: string): { status: number | null; stdout: string; ms: number } {
  const start = performance.now();
  const r = spawnSync(process.execPath, [join(repoRoot, "dist/state51.cjs"), ...args], { cwd, encoding: "utf8", timeout: 20_000 });
  return { status: r.status, stdout: r.stdout, ms: performance.now() - start };
}

describe("fixtures of the fuzz classes", () => {
  it("gives each fixture exactly its expected diagnostics (code, position, message)", () => {
    const fixtures = ["many-lexer-errors.yaml", "many-problems.yaml", "many-unknown-words.yaml"];
    const actual = Object.fromEntries(
      fixtures.map((name) => [name, validatePaths([join(dir, name)], { cwd: dir }).diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)]),
    );
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(goldenPath, JSON.stringify(actual, null, 2) + "\n");
    expect(actual).toEqual(JSON.parse(readFileSync(goldenPath, "utf8")));
  });

  it("shows 20 unknown words of a field with 60, then one line counting the other 40 where the 21st is", () => {
    const ds = validatePaths([join(dir, "many-unknown-words.yaml")], { cwd: dir }).diagnostics;
    expect(ds.filter((d) => d.code === "S51-E301")).toHaveLength(maxErrorsPerField);
    expect(ds.filter((d) => d.code === "S51-E015").map((d) => [d.line, d.column, d.message])).toEqual([[11, 185, "40 more errors in this field, not shown"]]);
  });

  it("shows 20 errors of a field with 50, then one line counting the other 30 where the 21st is", () => {
    const ds = validatePaths([join(dir, "many-lexer-errors.yaml")], { cwd: dir }).diagnostics;
    expect(ds.filter((d) => d.code === "S51-E201")).toHaveLength(maxErrorsPerField);
    expect(ds.filter((d) => d.code === "S51-E015").map((d) => [d.line, d.column, d.message])).toEqual([[11, 55, "30 more errors in this field, not shown"]]);
  });
});

describe("a file full of errors", () => {
  it("shows the first 100 problems of a file with 120, then one line counting the other 20 where the 101st is", () => {
    const ds = validatePaths([join(dir, "many-problems.yaml")], { cwd: dir }).diagnostics;
    expect(ds).toHaveLength(maxDiagnosticsPerFile + 1);
    expect(ds.filter((d) => d.code === "S51-E016").map((d) => [d.line, d.column, d.message])).toEqual([[233, 20, "20 more problems in this file, not shown (20 errors)"]]);
  });

  it("validates a 1 MB file of errors quickly (the bench measures it; under 2 s there), 100 shown and the rest counted", () => {
    const tmp = tempDir();
    const text = errorFileText();
    expect(Buffer.byteLength(text)).toBeGreaterThan(1000 * 1024);
    writeFileSync(join(tmp, "errors.yaml"), text);
    const r = timedCli(["validate", "--format", "json", "errors.yaml"], tmp);
    expect(r.status).toBe(1);
    expect(r.ms).toBeLessThan(10_000);
    const report = JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] };
    expect(report.diagnostics).toHaveLength(maxDiagnosticsPerFile + 1);
    expect(report.diagnostics.at(-1)!.code).toBe("S51-E016");
    expect(report.diagnostics.at(-1)!.message).toMatch(/^\d{4,} more problems in this file, not shown/);
  });

  it("prints the text report of the same file, code frames and all, as quickly", () => {
    const tmp = tempDir();
    writeFileSync(join(tmp, "errors.yaml"), errorFileText());
    const r = timedCli(["validate", "errors.yaml"], tmp);
    expect(r.status).toBe(1);
    expect(r.ms).toBeLessThan(10_000);
    expect(r.stdout).toMatch(/errors\.yaml:\d+:\d+: error S51-E016: \d+ more problems in this file/);
  });
});

describe("what is not a regular file", () => {
  it("refuses /dev/zero at once, naming it a device", () => {
    const r = timedCli(["validate", "/dev/zero"], tempDir());
    expect(r.status).toBe(1);
    expect(r.ms).toBeLessThan(5_000);
    expect(r.stdout).toContain("/dev/zero:1:1: error S51-E014: this is a device, not a card file");
  });

  it("refuses a FIFO at once (no writer, so a read would wait for ever)", () => {
    const tmp = tempDir();
    execFileSync("mkfifo", [join(tmp, "pipe.yaml")]);
    const r = timedCli(["validate", "pipe.yaml"], tmp);
    expect(r.status).toBe(1);
    expect(r.ms).toBeLessThan(5_000);
    expect(r.stdout).toContain("pipe.yaml:1:1: error S51-E014: this is a pipe (FIFO), not a card file");
  });

  it("refuses a FIFO, a socket and a link to a folder named like card files in a folder, and follows a link to a card file", async () => {
    const tmp = tempDir();
    const cards = join(tmp, "cards");
    mkdirSync(join(cards, "sub"), { recursive: true });
    execFileSync("mkfifo", [join(cards, "a-pipe.yaml")]);
    symlinkSync(join(cards, "sub"), join(cards, "b-folder.yaml"));
    writeFileSync(join(tmp, "real.yaml"), "set: test\ncards: 3\n");
    symlinkSync(join(tmp, "real.yaml"), join(cards, "c-link.yaml"));
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(cards, "d-socket.yaml"), done));
    try {
      expect(existsSync(join(cards, "d-socket.yaml"))).toBe(true);
      const ds = validatePaths([cards], { cwd: tmp }).diagnostics.map((d) => `${d.file} ${d.code} ${d.message}`);
      expect(ds).toEqual([
        "cards/a-pipe.yaml S51-E014 this is a pipe (FIFO), not a card file",
        "cards/b-folder.yaml S51-E014 this is a folder, not a card file",
        expect.stringMatching(/^cards\/c-link\.yaml S51-E101 /),
        "cards/d-socket.yaml S51-E014 this is a socket, not a card file",
      ]);
    } finally {
      server.close();
    }
  });

  it("refuses a FIFO with a writer that never stops, without reading past the limit", async () => {
    const tmp = tempDir();
    const fifo = join(tmp, "endless.yaml");
    execFileSync("mkfifo", [fifo]);
    const writer = spawn("sh", ["-c", `yes 'set: test' > ${fifo}`], { stdio: "ignore" });
    try {
      const r = timedCli(["validate", "endless.yaml"], tmp);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain("S51-E014");
    } finally {
      writer.kill();
    }
  });

  it("refuses /dev/zero and a FIFO as a game log or a shard's report, at once", () => {
    const tmp = tempDir();
    execFileSync("mkfifo", [join(tmp, "log.jsonl")]);
    for (const [args, message] of [
      [["replay", "/dev/zero"], "/dev/zero:1:1: error S51-E001: cannot read the file (it is a device, not a file)"],
      [["replay", "log.jsonl"], "log.jsonl:1:1: error S51-E001: cannot read the file (it is a pipe (FIFO), not a file)"],
      [["simulate", "--merge", "/dev/zero"], "/dev/zero:1:1: error S51-E001: cannot read the file (it is a device, not a file)"],
    ] as const) {
      const start = performance.now();
      const r = spawnSync(process.execPath, [join(repoRoot, "dist/state51.cjs"), ...args], { cwd: tmp, encoding: "utf8", timeout: 20_000 });
      expect(performance.now() - start).toBeLessThan(5_000);
      expect(r.stderr).toContain(message);
      expect(r.status).toBe(1);
    }
  });
});

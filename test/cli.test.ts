import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locationYaml, repoRoot, runCli } from "./helpers.js";

function tempCards(text: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "state51-cli-"));
  const file = join(dir, "expansion.yaml");
  writeFileSync(file, text);
  return { dir, file };
}

describe("the state51 program", () => {
  it("runs as the package's bin, by itself, as `npx state51` runs it (executable, with its #! line)", () => {
    const r = spawnSync(join(repoRoot, "dist/state51.cjs"), ["--help"], { encoding: "utf8", timeout: 30_000 });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Usage: state51");
  });
});

describe("state51 validate", () => {
  // The README's `validate cards/ my-expansion.yaml`, copied into a designer's own folder, where there is no cards/.
  it("says where the base set is when cards/ is named where there is none; one card is 'card'", () => {
    const { dir } = tempCards(locationYaml());
    const r = runCli(["validate", "cards/", "expansion.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("cards:1:1: error S51-E001: cannot read the file (no such file or folder)");
    expect(r.stdout).toContain(`= hint: the base set state51 carries is in ${join(repoRoot, "cards")}: name that folder with your cards`);
    expect(r.stdout).toMatch(/^1 card valid \(/m);
  });

  it("accepts the base set: exit 0, 110 cards by kind in JSON", () => {
    const r = runCli(["validate", "--format", "json"]);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toEqual({ cards: 110, byKind: { base: 4, contact: 26, leader: 8, location: 72 }, diagnostics: [] });
  });

  it("prints file:line:col, severity, code, message, a code frame and a hint; exits 1", () => {
    const { dir } = tempCards(locationYaml({ spoils: "gain 3 fule" }));
    const r = runCli(["validate", "expansion.yaml"], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('expansion.yaml:8:20: error S51-E301: unknown resource or token "fule"');
    expect(r.stdout).toContain("   8 |     spoils: gain 3 fule\n     |                    ^^^^\n");
    expect(r.stdout).toContain('= hint: did you mean "fuel"?');
    expect(r.stderr).toBe("");
  });

  it("checks an expansion file together with the base set, and reports ids clashing with it", () => {
    const { file } = tempCards(locationYaml({ id: "old-factory" }));
    const r = runCli(["validate", "cards", file, "--format", "json"]);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.cards).toBe(110);
    expect(report.diagnostics).toMatchObject([{ code: "S51-E307", line: 3, column: 9, severity: "error" }]);
    expect(report.diagnostics[0].hint).toMatch(/^first defined at cards\/locations\.yaml:\d+:\d+/);
  });

  it("lets an expansion add a card type in its own vocabulary", () => {
    const vocab = [
      "vocabulary:",
      "  cardTypes:",
      "    - id: vehicle",
      "      en: { one: Vehicle, other: Vehicles }",
      "      fr: { one: Véhicule, other: Véhicules, gender: masculine, elision: false }",
    ].join("\n");
    const { file } = tempCards(locationYaml({ types: "[vehicle, fuel]" }).replace("cards:", `${vocab}\ncards:`));
    const r = runCli(["validate", file, "--format", "json"]);
    expect(JSON.parse(r.stdout)).toMatchObject({ cards: 1, diagnostics: [] });
    expect(r.status).toBe(0);
  });

  it("exits 2 on a usage error, without a stack trace", () => {
    const r = runCli(["validate", "--format", "xml"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/invalid/i);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(runCli(["frobnicate"]).status).toBe(2);
  });

  it("text, print and locks accept take a --cards that names no card (\"\", \",\") as a usage error (exit 2), not as every card or none", () => {
    for (const command of [["text"], ["print"], ["locks", "accept"]]) {
      for (const list of ["", ",", " , "]) {
        const r = runCli([...command, "--cards", list]);
        expect(r.status, `${command.join(" ")} --cards "${list}"`).toBe(2);
        expect(r.stderr).toBe("state51: error: --cards names no card: give card ids separated by commas, e.g. --cards scrapyard,pub\n");
        expect(r.stdout).toBe("");
      }
    }
  });

  it("takes an empty path (an unset shell variable) as a usage error, exit 2, never as the current folder", () => {
    const cases: [string[], RegExp][] = [
      [["validate", ""], /^state51: error: a path is empty \(""\)\n  hint: an unset shell variable\? name a file or folder, e.g. cards\/\n/],
      [["play", "cards/", ""], /^state51: error: a path is empty/],
      [["replay", ""], /^state51: error: the log's path is empty \(""\)\n  hint: an unset shell variable\? name the log file, e.g. game.jsonl\n/],
      [["simulate", "--merge", "a.json", ""], /^state51: error: a path is empty \(""\)\n  hint: an unset shell variable\? name the shards' reports/],
      [["simulate", "--games", "1", "--baseline", ""], /^state51: error: a path after --baseline is empty/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe("");
    }
  });

  it("reports a missing path as a diagnostic, exit 1", () => {
    const r = runCli(["validate", "no-such-file.yaml", "--format", "json"]);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).diagnostics).toMatchObject([{ file: "no-such-file.yaml", code: "S51-E001", line: 1, column: 1 }]);
  });

  it("explains itself in --help", () => {
    const top = runCli(["--help"]);
    expect(top.status).toBe(0);
    expect(top.stdout).toContain("validate");
    const sub = runCli(["validate", "--help"]);
    expect(sub.status).toBe(0);
    expect(sub.stdout).toContain("--format");
    expect(sub.stdout).toContain("Exit status: 0 no errors, 1 errors found, 2 usage error.");
    expect(sub.stdout).toContain("S51-E301");
  });
});

describe("state51 validate on a copy of the base set", () => {
  it("treats a copied vocabulary as the base vocabulary, not as an expansion redefining it", async () => {
    const { cpSync } = await import("node:fs");
    const dir = mkdtempSync(join(tmpdir(), "state51-copy-"));
    // The base set's files and vocabulary (the example expansion beside them is a set of its own).
    cpSync(join(import.meta.dirname, "..", "cards"), join(dir, "cards"), { recursive: true, filter: (from) => !from.includes("examples") });
    const r = runCli(["validate", "cards", "--format", "json"], dir);
    expect(JSON.parse(r.stdout)).toMatchObject({ cards: 110, diagnostics: [] });
    expect(r.status).toBe(0);
  });
});

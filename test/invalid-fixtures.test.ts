/**
 * Every invalid card file in test/fixtures/invalid/ must produce exactly the
 * diagnostics listed for it in expected.json: the right code at the exact
 * line and column (1-based) of the offending character, each with a message,
 * and never an exception. Each fixture is validated alone (with the base
 * vocabulary, as `state51 validate <file>` does); a folder entry (duplicate-id/)
 * is validated as a folder and its diagnostics name the file they are in.
 *
 * The full text a designer reads for each fixture (message, hint, code frame,
 * as `state51 validate` prints it) is pinned in test/golden/diagnostics/:
 * `UPDATE_GOLDEN=1` on this test rewrites them; read the diff before committing.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../src/cli/format-diagnostics.js";
import { codes } from "../src/diagnostics/codes.js";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { validatePaths, type ValidationResult } from "../src/pipeline/validate.js";
import { repoRoot } from "./helpers.js";

interface Expected {
  readonly file?: string;
  readonly code: string;
  readonly line: number;
  readonly column: number;
}

const dir = join(import.meta.dirname, "fixtures", "invalid");
const goldenDir = join(import.meta.dirname, "golden", "diagnostics");
const update = process.env["UPDATE_GOLDEN"] === "1";
const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Record<string, Expected[]>;
const fixtures = readdirSync(dir)
  .filter((name) => name !== "expected.json")
  .sort();

function validateFixture(name: string): ValidationResult {
  let result: ValidationResult | undefined;
  expect(() => {
    result = validatePaths([join(dir, name)], { cwd: dir });
  }).not.toThrow();
  return result!;
}

/** (file, code, line, column) as one comparable string; duplicates collapse, as in a set. */
function key(file: string, d: { code: string; line: number; column: number }): string {
  return `${file} ${d.code} ${d.line}:${d.column}`;
}

function keySet(items: Iterable<string>): string[] {
  return [...new Set(items)].sort();
}

function only(result: ValidationResult, code: string): Diagnostic {
  const found = result.diagnostics.filter((d) => d.code === code);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe("invalid fixtures", () => {
  it("has at least 45 fixtures, each with an expectation, and no expectation without a fixture", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(45);
    expect(Object.keys(expected).sort()).toEqual(fixtures);
    for (const [name, list] of Object.entries(expected)) {
      expect(list.length, name).toBeGreaterThan(0);
      for (const e of list) expect(Object.keys(codes), name).toContain(e.code);
    }
  });

  it.each(fixtures)("%s gives exactly the expected diagnostics", (name) => {
    const result = validateFixture(name);
    const isFolder = statSync(join(dir, name)).isDirectory();
    const got = keySet(result.diagnostics.map((d) => key(d.file, d)));
    const want = keySet(expected[name]!.map((e) => key(e.file ?? name, e)));
    expect(got).toEqual(want);
    for (const d of result.diagnostics) {
      expect(d.message.trim(), key(d.file, d)).not.toBe("");
      expect(d.severity).toBe("error");
      if (!isFolder) expect(d.file).toBe(name);
      // The range ends at or after where it starts.
      expect(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column), key(d.file, d)).toBe(true);
    }
  });
});

/** What `state51 validate` prints for a fixture's diagnostics: each with its code frame from its own file. */
function rendered(result: ValidationResult): string {
  const text = (file: string): string | undefined => (statSync(join(dir, file), { throwIfNoEntry: false })?.isFile() ? readFileSync(join(dir, file), "utf8") : undefined);
  // A hint may name a base-set file by its full path: shown from the checkout's root, the golden text is the same wherever it is.
  return (result.diagnostics.map((d) => formatDiagnostic(d, text(d.file))).join("\n") + "\n").replaceAll(repoRoot + sep, "<state51>/");
}

describe("the rendered diagnostics of every fixture", () => {
  it.each(fixtures)("%s prints its golden text", (name) => {
    const actual = rendered(validateFixture(name));
    const file = join(goldenDir, `${name}.txt`);
    if (update) {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(file, actual);
    }
    expect(existsSync(file), `${file} is missing; run this test with UPDATE_GOLDEN=1`).toBe(true);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });

  it("has no golden file without its fixture", () => {
    const goldens = existsSync(goldenDir) ? readdirSync(goldenDir).sort() : [];
    expect(goldens).toEqual(fixtures.map((f) => `${f}.txt`));
  });
});

describe("hints and exact ranges a designer relies on", () => {
  it("suggests the allowed field for a misspelled one", () => {
    const d = only(validateFixture("unknown-field-with-hint.yaml"), "S51-E102");
    expect(d.message).toContain("agrement");
    expect(d.hint).toBe('did you mean "agreement"?');
  });

  it("lists the allowed fields when no field is close", () => {
    const d = only(validateFixture("unknown-field-no-hint.yaml"), "S51-E102");
    expect(d.hint).toContain("allowed here:");
    expect(d.hint).toContain("pattern");
  });

  it("suggests the resource for a misspelled one and underlines the whole word", () => {
    const d = only(validateFixture("misspelled-resource.yaml"), "S51-E301");
    expect(d.hint).toBe('did you mean "weapons"?');
    expect(d).toMatchObject({ line: 11, column: 33, endLine: 11, endColumn: 39 });
  });

  it("says where an effect goes when one is written among the gains of a Spoils", () => {
    expect(only(validateFixture("effect-in-gain.yaml"), "S51-E202").hint).toBe('"steal" begins an effect: a card gains only tokens and cards here; effects go in an action ("action: pay 1 fuel -> steal …") or after "once:"');
  });

  it("suggests the statement keyword for a misspelled one", () => {
    expect(only(validateFixture("misspelled-keyword.yaml"), "S51-E204").hint).toBe('did you mean "produce"?');
  });

  it("tells that the language is lower case", () => {
    expect(only(validateFixture("capitalised-keyword.yaml"), "S51-E202").hint).toContain('"produce"');
  });

  it("suggests the card kind for a misspelled one", () => {
    expect(only(validateFixture("bad-enum-kind.yaml"), "S51-E104").hint).toBe('did you mean "location"?');
  });

  it("suggests the Lookout ability for a misspelled one", () => {
    expect(only(validateFixture("unknown-lookout-ability.yaml"), "S51-E301").hint).toBe('did you mean "take-leftover"?');
  });

  it("suggests the card type for a misspelled one in a range change", () => {
    const d = only(validateFixture("range-unknown-card-type.yaml"), "S51-E301");
    expect(d.hint).toBe('did you mean "scrap"?');
    expect(d).toMatchObject({ line: 11, column: 23, endLine: 11, endColumn: 28 });
  });

  it("asks which way a range change goes when its sign is left out", () => {
    expect(only(validateFixture("range-change-unsigned.yaml"), "S51-E321").hint).toBe('"-1" needs 1 less range, "+1" 1 more');
  });

  it("suggests \"distance\" for a misspelled one, and says which distances there are", () => {
    expect(only(validateFixture("range-not-distance.yaml"), "S51-E322").hint).toBe('did you mean "distance"?');
    expect(only(validateFixture("range-distance-4.yaml"), "S51-E320").hint).toBe("Locations are at distance 1, 2 or 3");
  });

  it("lists the factions when the faction is unknown", () => {
    expect(only(validateFixture("unknown-faction.yaml"), "S51-E301").hint).toContain("new-york");
  });

  it("tells where a duplicate id was first defined", () => {
    const d = only(validateFixture("duplicate-id"), "S51-E307");
    expect(d.hint).toContain("duplicate-id/first.yaml:3:9");
  });

  it("underlines an error on the second line of a literal block scalar", () => {
    const d = only(validateFixture("block-literal-error-second-line.yaml"), "S51-E301");
    expect(d).toMatchObject({ line: 13, column: 17, endLine: 13, endColumn: 21 });
  });

  it("underlines an error after an escape in a double-quoted ability", () => {
    const d = only(validateFixture("double-quoted-escape.yaml"), "S51-E301");
    expect(d).toMatchObject({ line: 11, column: 49, endLine: 11, endColumn: 53 });
    expect(d.hint).toBe('did you mean "fuel"?');
  });

  it("points an early end just past the last character", () => {
    const d = only(validateFixture("unexpected-end.yaml"), "S51-E203");
    expect(d).toMatchObject({ line: 8, column: 26, endLine: 8, endColumn: 26 });
  });
});

describe("inputs that are not fixtures", () => {
  it("refuses a 10 MB file without reading it as YAML", () => {
    const tmp = mkdtempSync(join(tmpdir(), "state51-large-"));
    const file = join(tmp, "huge.yaml");
    const line = "# padding padding padding padding padding padding padding padding\n";
    const body = "set: test\n" + line.repeat(Math.ceil((10 * 1024 * 1024) / line.length));
    writeFileSync(file, body);
    expect(statSync(file).size).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    const result = validatePaths([file], { cwd: tmp });
    expect(result.diagnostics.map((d) => [d.file, d.code, d.line, d.column])).toEqual([["huge.yaml", "S51-E003", 1, 1]]);
    expect(result.diagnostics[0]!.message).toMatch(/MB/);
  });

  it("reports a missing file instead of throwing", () => {
    const tmp = mkdtempSync(join(tmpdir(), "state51-missing-"));
    const result = validatePaths(["no-such-file.yaml"], { cwd: tmp });
    expect(result.diagnostics.map((d) => [d.file, d.code, d.line, d.column])).toEqual([["no-such-file.yaml", "S51-E001", 1, 1]]);
  });
});

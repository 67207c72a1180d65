/**
 * Whatever a designer types, the tools answer with a result or a diagnostic,
 * never an exception: random and mutated ability strings through the parser,
 * random and mutated card files through the whole validator, and the same
 * files as an editor's half-typed buffers through the language service
 * (`state51 lsp`). Fixed seeds and bounded runs keep this deterministic and fast.
 */
import fc from "fast-check";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAssets, parseStatements, type ParseResult } from "../grammar/index.js";
import { codes } from "../src/diagnostics/codes.js";
import { completions, definition, diagnosticsOf, hover, LanguageService } from "../src/service/index.js";
import { positionOf } from "../src/service/text-position.js";
import { fileMutation, keys, mutateFile, validFiles, values } from "./card-file-mutations.js";
import { locationYaml, validateText } from "./helpers.js";

const seed = 51;

// ---- abilities --------------------------------------------------------------

const validAbilities = [
  "gain 3 scrap",
  "gain 1 fuel, 2 weapons, 1 card",
  "produce 3 workers, 1 scrap; slots 3 deals",
  "produce 1 building-material; keep 2",
  "once: 2 universal; keep",
  "action: pay 1 weapons, 1 fuel -> 2 vp",
  "action(2 workers): pay 1 scrap -> 3 x 1 vp",
  "action(0 workers, repeatable): pay 2 cards -> 1 vp",
  "action: steal 1 resource",
  "action: pay 1 building-material -> redevelop any type",
  "convert 1 spoils, 1 card -> contact cooperation 3, redevelop",
  "each fuel card -> 1 vp; depot 3",
  "combo scrap fuel weapons -> 2 vp",
  "lookout draw-two-keep-one",
  "after conquer -> 1 vp",
  "after play building-material card -> 2 x contact universal 1",
  "action: pay 1 fuel → 2 × 1 vp",
];

const validAssetLists = ["1 scrap", "2 workers, 1 card", "2 x 1 vp, contact conquest 2", "1 spoils, 1 agreement, 1 deal", "1 redevelopment"];

/** Pieces of the language (and of near misses) to splice into a text. */
const fragments = [
  "gain", "produce", "once", "keep", "action", "pay", "slots", "convert", "each", "depot", "combo", "lookout", "after",
  "steal", "redevelop", "any", "type", "contact", "card", "cards", "x", "×", "->", "→", "-", ">", ":", ";", ",", "(", ")",
  "0", "1", "2", "3", "99999999999999999999", "scrap", "fule", "vp", "workers", "repeatable", "conquest", "universal",
  " ", "  ", "\t", "\n", "@", "#", "\"", "'", "é", "😀", "\u0000", "\u200b",
];

type Mutation =
  | { op: "insert"; at: number; text: string }
  | { op: "delete"; at: number; length: number }
  | { op: "replace"; at: number; length: number; text: string }
  | { op: "duplicate"; at: number; length: number };

const mutation = (texts: fc.Arbitrary<string>): fc.Arbitrary<Mutation> =>
  fc.oneof(
    fc.record({ op: fc.constant("insert" as const), at: fc.nat(), text: texts }),
    fc.record({ op: fc.constant("delete" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
    fc.record({ op: fc.constant("replace" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }), text: texts }),
    fc.record({ op: fc.constant("duplicate" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  );

function mutate(text: string, mutations: readonly Mutation[]): string {
  let s = text;
  for (const m of mutations) {
    const at = s.length === 0 ? 0 : m.at % (s.length + 1);
    switch (m.op) {
      case "insert":
        s = s.slice(0, at) + m.text + s.slice(at);
        break;
      case "delete":
        s = s.slice(0, at) + s.slice(at + m.length);
        break;
      case "replace":
        s = s.slice(0, at) + m.text + s.slice(at + m.length);
        break;
      case "duplicate":
        s = s.slice(0, at + m.length) + s.slice(at, at + m.length) + s.slice(at + m.length);
        break;
    }
  }
  return s;
}

const abilityText = fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 4 }), fc.string({ unit: "binary", maxLength: 3 }));

/** A valid ability (or asset list) with a few characters or tokens inserted, deleted, replaced or duplicated. */
const mutatedAbility = (sources: readonly string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...sources), fc.array(mutation(abilityText), { minLength: 1, maxLength: 4 })).map(([s, ms]) => mutate(s, ms));

/** A sequence of language fragments: mostly near-sentences. */
const tokenSoup = fc.array(fc.constantFrom(...fragments), { maxLength: 14 }).map((parts) => parts.join(" "));

function expectWellFormed(text: string, result: ParseResult<unknown>): void {
  if (result.ok) {
    expect(Array.isArray(result.value)).toBe(true);
    expect((result.value as unknown[]).length).toBeGreaterThan(0);
    expectSpansInside(text, result.value);
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  for (const e of result.errors) {
    expect(["unexpected-character", "unexpected-token", "unexpected-end"]).toContain(e.kind);
    expect(e.message.trim()).not.toBe("");
    expect(Number.isInteger(e.span.start) && Number.isInteger(e.span.end)).toBe(true);
    expect(e.span.start).toBeGreaterThanOrEqual(0);
    expect(e.span.end).toBeGreaterThanOrEqual(e.span.start);
    expect(e.span.end).toBeLessThanOrEqual(text.length);
  }
}

function expectSpansInside(text: string, node: unknown): void {
  if (Array.isArray(node)) return node.forEach((n) => expectSpansInside(text, n));
  if (node === null || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  const span = o["span"] as { start: number; end: number } | undefined;
  if (span) {
    expect(span.start).toBeGreaterThanOrEqual(0);
    expect(span.end).toBeGreaterThan(span.start);
    expect(span.end).toBeLessThanOrEqual(text.length);
    if (typeof o["text"] === "string") expect(text.slice(span.start, span.end)).toBe(o["text"]);
  }
  for (const [k, v] of Object.entries(o)) if (k !== "span") expectSpansInside(text, v);
}

function bothParsers(text: string): void {
  expectWellFormed(text, parseStatements(text));
  expectWellFormed(text, parseAssets(text));
}

describe("the ability parser never throws", () => {
  it("on random strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }), tokenSoup), (text) => {
        bothParsers(text);
      }),
      { seed, numRuns: 1500 },
    );
  });

  it("on mutated valid abilities", () => {
    fc.assert(
      fc.property(mutatedAbility([...validAbilities, ...validAssetLists]), (text) => {
        bothParsers(text);
      }),
      { seed, numRuns: 2000 },
    );
  });

  it("parses every unmutated example (so the mutations start from valid text)", () => {
    for (const text of validAbilities) expect(parseStatements(text).ok, text).toBe(true);
    for (const text of validAssetLists) expect(parseAssets(text).ok, text).toBe(true);
  });
});

// ---- card files ---------------------------------------------------------------

const codePattern = /^S51-[EW]\d{3}$/;

function expectDiagnosedOrValid(bytes: Buffer): void {
  let result: ReturnType<typeof validateText> | undefined;
  expect(() => {
    result = validateText(bytes);
  }).not.toThrow();
  const { cards, diagnostics } = result!;
  expect(cards.length + diagnostics.length).toBeGreaterThan(0);
  const lines = bytes.toString("utf8").split("\n");
  for (const d of diagnostics) {
    expect(d.code).toMatch(codePattern);
    expect(Object.keys(codes)).toContain(d.code);
    expect(Number.isInteger(d.line) && d.line >= 1, `line of ${JSON.stringify(d)}`).toBe(true);
    expect(Number.isInteger(d.column) && d.column >= 1, `column of ${JSON.stringify(d)}`).toBe(true);
    // A diagnostic points inside the file (or just past its last character).
    expect(d.line, JSON.stringify(d)).toBeLessThanOrEqual(lines.length);
    expect(typeof d.message === "string" && d.message.trim() !== "", `message of ${JSON.stringify(d)}`).toBe(true);
  }
}

describe("the validator never throws", () => {
  it("accepts every unmutated card file (so the mutations start from valid files)", () => {
    for (const text of validFiles) {
      const r = validateText(text);
      expect(r.diagnostics, text).toEqual([]);
      expect(r.cards.length).toBeGreaterThan(0);
    }
  });

  it("on mutated card files", () => {
    fc.assert(
      fc.property(fc.constantFrom(...validFiles), fc.array(fileMutation, { minLength: 1, maxLength: 5 }), (text, mutations) => {
        expectDiagnosedOrValid(mutateFile(text, mutations));
      }),
      { seed, numRuns: 400 },
    );
  });

  it("on card files whose ability fields are mutated", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("spoils", "agreement", "ability"),
        mutatedAbility(validAbilities),
        fc.constantFrom("plain", "double", "single", "literal"),
        (field, ability, style) => {
          const quoted =
            style === "double"
              ? JSON.stringify(ability)
              : style === "single"
                ? `'${ability.replace(/'/g, "''")}'`
                : style === "literal"
                  ? `|\n${ability
                      .split("\n")
                      .map((l) => `      ${l}`)
                      .join("\n")}`
                  : ability;
          expectDiagnosedOrValid(Buffer.from(locationYaml({ [field]: quoted }), "utf8"));
        },
      ),
      { seed, numRuns: 300 },
    );
  });

  it("on random text and random bytes", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }).map((s) => Buffer.from(s, "utf8")),
          fc.string({ unit: "binary", maxLength: 200 }).map((s) => Buffer.from(s, "utf8")),
          fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
          fc.array(fc.constantFrom(...keys, ...values, ":", "\n", "  ", "- "), { maxLength: 40 }).map((parts) => Buffer.from(parts.join(" "), "utf8")),
        ),
        (bytes) => {
          expectDiagnosedOrValid(bytes);
        },
      ),
      { seed, numRuns: 150 },
    );
  });
});

describe("diagnostics point at the exact characters", () => {
  /**
   * A misspelled resource at the end of a spoils field written in every YAML
   * style a designer may use (plain on one or several lines, double-quoted with
   * \t and \n escapes, single-quoted, literal and folded blocks): the E301 is
   * the only diagnostic and underlines exactly the four letters of "fule".
   */
  const items = fc.array(fc.constantFrom("1 scrap", "2 weapons", "1 building-material", "2 x 1 vp", "contact conquest 2", "1 card"), { maxLength: 4 });
  const separators = fc.array(fc.constantFrom(", ", ",  ", " ,", ",\t", ",\n"), { minLength: 5, maxLength: 5 });
  const styles = fc.constantFrom("plain", "plain-multiline", "double", "single", "literal", "folded");

  function written(ability: string, style: string): string {
    const lines = ability.split("\n");
    switch (style) {
      case "double":
        return JSON.stringify(ability);
      case "single":
        return `'${ability}'`;
      case "literal":
        return `|\n      ${lines.join("\n      ")}`;
      case "folded":
        return `>\n      ${lines.join("\n\n      ")}`;
      default:
        return lines.join("\n      ");
    }
  }

  it("in every YAML style of a field", () => {
    fc.assert(
      fc.property(items, separators, styles, (list, seps, style) => {
        let ability = "gain " + [...list, "1 fule"].map((p, i) => (i === 0 ? p : seps[i]! + p)).join("");
        if (style !== "double") ability = ability.replace(/\t/g, " ");
        if (style === "plain" || style === "single") ability = ability.replace(/\n/g, " ");
        const text = locationYaml({ spoils: written(ability, style) });
        const before = text.slice(0, text.lastIndexOf("fule")).split("\n");
        const line = before.length;
        const column = before[before.length - 1]!.length + 1;
        const r = validateText(text);
        expect(r.diagnostics.map((d) => [d.code, d.line, d.column, d.endLine, d.endColumn])).toEqual([["S51-E301", line, column, line, column + 4]]);
      }),
      { seed, numRuns: 250 },
    );
  });
});

// ---- the language service -----------------------------------------------------

describe("the language service never throws on the same corpus", () => {
  // One workspace for the run; the document is replaced each time, as an editor's buffer is.
  const root = mkdtempSync(join(tmpdir(), "state51-property-lsp-"));
  mkdirSync(join(root, "cards"));
  const path = join(root, "cards", "expansion.yaml");
  const service = new LanguageService([root]);

  /** Diagnostics, then completion, hover and definition at each place: each answers (an array, or a hover or nothing). */
  function askEverything(text: string, places: readonly number[]): void {
    service.setDocument(path, text);
    const analysis = service.analysisFor(path);
    expect(analysis).toBeDefined();
    expect(Array.isArray(diagnosticsOf(analysis!, path))).toBe(true);
    for (const place of places) {
      const position = positionOf(text, place % (text.length + 1));
      expect(Array.isArray(completions(analysis!, text, position))).toBe(true);
      const h = hover(analysis!, text, position);
      expect(h === undefined || typeof h.contents === "object").toBe(true);
      expect(Array.isArray(definition(analysis!, text, position))).toBe(true);
    }
  }

  const places = fc.array(fc.nat(), { minLength: 1, maxLength: 4 });

  it("on mutated card files, asked anywhere", () => {
    fc.assert(
      fc.property(fc.constantFrom(...validFiles), fc.array(fileMutation, { minLength: 1, maxLength: 5 }), places, (text, mutations, at) => {
        askEverything(mutateFile(text, mutations).toString("utf8"), at);
      }),
      { seed, numRuns: 200 },
    );
  });

  it("on card files whose ability is mutated, asked inside it", () => {
    fc.assert(
      fc.property(mutatedAbility(validAbilities), fc.nat(), (ability, into) => {
        const text = locationYaml({ ability: JSON.stringify(ability) });
        const start = text.indexOf("ability:") + "ability: ".length;
        askEverything(text, [start + (into % (ability.length + 3)), text.length]);
      }),
      { seed, numRuns: 200 },
    );
  });
});

/**
 * Card-type icons chosen in the vocabulary (`icon: { glyph | path }`,
 * `colour`): the SVG path reader, the checks a designer relies on (S51-E318 and
 * E358-E363 a bad icon or colour, S51-E317 two types printing the same icon, at the exact
 * place with a hint), and the tiles printed from them. The base set's tiles are
 * pinned by test/golden/print/type-icons.json (UPDATE_GOLDEN=1 rewrites it).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import schema from "../grammar/cards.schema.json" with { type: "json" };
import { canonicalPath, readSvgPath } from "../src/check/svg-path.js";
import type { Diagnostic } from "../src/diagnostics/diagnostic.js";
import { validatePaths, type ValidationResult } from "../src/pipeline/validate.js";
import { defaultGlyph, glyphNames, glyphSvg } from "../src/print/glyphs.js";
import { typeColour, typeIcon } from "../src/print/icons.js";
import { renderSheet } from "../src/print/sheet.js";
import { langs, type Lang } from "../src/text/words.js";
import { repoRoot, runCli, validateText } from "./helpers.js";

const invalidDir = join(import.meta.dirname, "fixtures", "invalid");
const riverFile = join(import.meta.dirname, "fixtures", "icons", "river.yaml");

function only(result: ValidationResult, code: string): Diagnostic {
  const found = result.diagnostics.filter((d) => d.code === code);
  expect(found, JSON.stringify(result.diagnostics)).toHaveLength(1);
  return found[0]!;
}

const fixture = (name: string): ValidationResult => validatePaths([join(invalidDir, name)], { cwd: invalidDir });

/** A vocabulary file with the given card-type entries (YAML lines under `cardTypes:`). */
const cardTypes = (...lines: string[]): string => ["set: test", "vocabulary:", "  cardTypes:", ...lines, ""].join("\n");

const typeEntry = (id: string, en: string, fr: string, extra: string[] = []): string[] => [
  `    - id: ${id}`,
  ...extra.map((l) => `      ${l}`),
  `      en: { one: ${en}, other: ${en} }`,
  `      fr: { one: ${fr}, other: ${fr}, gender: feminine, elision: false }`,
];

describe("SVG path data", () => {
  it.each([
    "M4 4h16v16H4z",
    "m4 4 16 0 0 16-16 0Z",
    "M 2,2 L 22,2 22,22 z m 2 2",
    "M.5.5l-.25-1e1 1E-2+3",
    "M1 1C2 2 3 3 4 4S5 5 6 6Q7 7 8 8T9 9",
    "M1 1c1,2,3,4,5,6 7 8 9 10 11 12",
    "M12 3a9 9 0 1 0 .1 0z",
    "M1 1a1 1 0 11 2 2",
    "\n  M1 1\n  V5 H3 v-1 h-1\t\n",
  ])("accepts %j", (d) => {
    expect(readSvgPath(d)).toMatchObject({ ok: true });
  });

  it.each([
    ["", 0, 0, "the path is empty"],
    ["L1 1", 0, 1, 'starts with a moveto, "M" or "m", found "L"'],
    ["M1", 2, 0, '"M" needs a number here, found the end of the path'],
    ["M1 1 X2", 5, 1, 'found "X"'],
    ["M1 1 l2", 7, 0, '"l" needs a number here'],
    ["M1 1,L2 2", 5, 1, 'after a comma "M" needs more numbers'],
    ["M,1 1", 1, 1, 'found ","'],
    ["M1 1z 3", 6, 1, "no command to belong to"],
    ["M1 1a-1 1 0 1 1 2 2", 5, 1, "radius is not signed"],
    ["M1 1a1 1 0 2 1 2 2", 11, 1, 'needs a flag (0 or 1) here, found "2"'],
    ["M1. 2", 2, 1, "a decimal point needs a digit after it"],
    ["M1e 2", 2, 1, 'an exponent ("e") needs digits'],
    ["M1 1e+", 4, 2, "an exponent"],
    ["M1e999 2", 1, 5, "too large"],
    ['M1 1"/><script>', 4, 1, "a path command"],
  ])("rejects %j at %i (length %i): %s", (d, at, length, message) => {
    const read = readSvgPath(d);
    expect(read).toMatchObject({ ok: false, at, length });
    if (!read.ok) expect(read.message).toContain(message);
  });

  const canonical = (d: string): string => {
    const read = readSvgPath(d);
    if (!read.ok) throw new Error(read.message);
    return canonicalPath(read.segments);
  };

  it("reads paths that draw the same, however written, to one spelling", () => {
    expect(canonical("M3 14h18l-3 5H6z M11 4v9h-6z")).toBe(canonical("M 3,14 H 21 L 18,19 H 6 Z M 11,4 V 13 L 5,13 Z"));
    // Implicit lines after a moveto, relative after a relative moveto; a sub-path after z starts where the last one did.
    expect(canonical("m2 2 3 0 0 3z l1 1")).toBe(canonical("M2 2L5 2L5 5ZL3 3"));
    // A relative arc moves its end point only.
    expect(canonical("M10 10a2 3 30 0 1 4 4")).toBe(canonical("M10 10A2 3 30 0 1 14 14"));
    // Sums of relative moves are rounded, not compared to the last bit.
    expect(canonical("M.1 0l.2 0")).toBe(canonical("M0.1 0L0.3 0"));
  });

  it("tells paths that draw differently apart", () => {
    expect(canonical("M3 14h18")).not.toBe(canonical("M3 14h17"));
    expect(canonical("M2 2l3 3")).not.toBe(canonical("M2 2L3 3"));
    expect(canonical("M10 10a2 3 30 0 1 4 4")).not.toBe(canonical("M10 10a2 3 30 1 1 4 4"));
    expect(canonical("M1 1h2")).not.toBe(canonical("M1 1v2"));
  });
});

describe("the glyphs a card type may name", () => {
  it("are each a different drawing", () => {
    const drawn = glyphNames.map((g) => glyphSvg(g, "#123456"));
    expect(drawn.every((d) => d !== undefined && d.length > 0)).toBe(true);
    expect(new Set(drawn).size).toBe(glyphNames.length);
    expect(glyphSvg("no-such-glyph", "#123456")).toBeUndefined();
    expect(glyphSvg("constructor", "#123456")).toBeUndefined();
  });

  it("are the base set's five type glyphs and the extra ones, as the schema's description lists them", () => {
    const base = validatePaths([]);
    const baseTypes = [...base.vocabulary.cardTypes.keys()];
    expect(baseTypes.map(defaultGlyph)).toEqual(baseTypes);
    // The extra glyphs are drawn only when named, so an expansion type called "water" keeps its initial.
    const extras = glyphNames.filter((g) => !baseTypes.includes(g));
    expect(extras.length).toBeGreaterThanOrEqual(4);
    expect(extras.map(defaultGlyph)).toEqual(extras.map(() => undefined));
    const listed = /A built-in glyph: (.*)\.$/.exec(schema.definitions.typeIcon.properties.glyph.description)?.[1];
    expect(listed?.split(/, | or /)).toEqual(glyphNames);
  });
});

describe("docs/language.md, \"A card type's icon\"", () => {
  const doc = readFileSync(join(repoRoot, "docs/language.md"), "utf8");
  const section = doc.split("### A card type's icon")[1]?.split(/^##/m)[0] ?? "";

  it("shows an example that validates and prints its glyph and path", () => {
    const example = /^```yaml\n([\s\S]*?)^```$/m.exec(section)?.[1];
    expect(example).toBeDefined();
    const r = validateText(example!);
    expect(r.diagnostics).toEqual([]);
    const looks = [...r.vocabulary.cardTypes.values()].filter((t) => t.icon !== undefined);
    expect(looks.map((t) => Object.keys(t.icon!))).toEqual([["glyph"], ["path"]]);
    expect(looks.every((t) => typeof t.colour === "string")).toBe(true);
  });

  it("names every glyph", () => {
    expect(glyphNames.filter((g) => !section.includes(`\`${g}\``))).toEqual([]);
  });
});

describe("checks on a card type's icon and colour", () => {
  it("the base set has no diagnostic at all", () => {
    expect(validatePaths([]).diagnostics).toEqual([]);
  });

  it("accepts an expansion's glyph, path and default tile", () => {
    expect(validatePaths([riverFile]).diagnostics).toEqual([]);
  });

  it("S51-E359: an unknown glyph, with the glyph it is likely a typo of, or the list", () => {
    const d = only(fixture("type-icon-unknown-glyph.yaml"), "S51-E359");
    expect(d).toMatchObject({ line: 5, column: 22, endLine: 5, endColumn: 26, message: 'unknown glyph "watr"' });
    expect(d.hint).toBe('did you mean "water"?');
    const far = only(validateText(cardTypes(...typeEntry("rope", "Rope", "Corde", ["icon: { glyph: knot }"]))), "S51-E359");
    expect(far.hint).toBe(`the glyphs: ${glyphNames.join(", ")}`);
  });

  it("S51-E318: path data that is not SVG, at the character where it goes wrong", () => {
    const d = only(fixture("type-icon-bad-path.yaml"), "S51-E318");
    expect(d).toMatchObject({ line: 5, column: 50, endLine: 5, endColumn: 50 });
    expect(d.message).toBe('`path` is not SVG path data: "q" needs a number here, found the end of the path');
    expect(d.hint).toContain("M L H V C S Q T A Z");
    // In the middle of a path, across a folded block scalar's lines.
    const block = only(fixture("type-icon-bad-path-block.yaml"), "S51-E318");
    expect(block).toMatchObject({ line: 9, column: 24 });
    const mid = only(validateText(cardTypes(...typeEntry("rope", "Rope", "Corde", ['icon: { path: "M4 4 h16 k16" }']))), "S51-E318");
    expect(mid).toMatchObject({ line: 5, column: 31, endLine: 5, endColumn: 32 });
    expect(mid.message).toContain('found "k"');
  });

  it("S51-E358 and E360: an icon with both a glyph and a path, or neither", () => {
    expect(only(fixture("type-icon-glyph-and-path.yaml"), "S51-E358")).toMatchObject({ line: 5, column: 13, message: "an icon is a glyph or a path, not both" });
    const empty = only(fixture("type-icon-empty.yaml"), "S51-E360");
    expect(empty).toMatchObject({ line: 5, column: 13 });
    expect(empty.hint).toContain("icon: { glyph: water }");
  });

  it("S51-E362 and E361: a colour that is not #rrggbb, and one YAML read as a comment", () => {
    const bad = only(fixture("type-colour-bad.yaml"), "S51-E362");
    expect(bad).toMatchObject({ line: 6, column: 15, endColumn: 23, message: 'colour "#2f7a6" is not "#rrggbb"' });
    expect(bad.hint).toContain('colour: "#2f7a6d"');
    const unquoted = only(fixture("type-colour-unquoted.yaml"), "S51-E361");
    expect(unquoted).toMatchObject({ line: 6, column: 15 });
    expect(unquoted.hint).toContain("starts a YAML comment");
    for (const colour of ['"red"', '"#12345g"', '"#1234567"', '"#abc"']) {
      const r = validateText(cardTypes(...typeEntry("rope", "Rope", "Corde", ["icon: { glyph: food }", `colour: ${colour}`])));
      expect(only(r, "S51-E362").message, colour).toMatch(/is not "#rrggbb"/);
    }
    const upper = validateText(cardTypes(...typeEntry("rope", "Rope", "Corde", ["icon: { glyph: food }", 'colour: "#A0B1C2"'])));
    expect(upper.diagnostics).toEqual([]);
  });

  it("S51-E363: an icon or colour on a word that is not a card type", () => {
    const d = only(fixture("type-icon-on-resource.yaml"), "S51-E363");
    expect(d).toMatchObject({ line: 5, column: 7, endColumn: 11 });
    expect(d.message).toBe("a resource has no `icon`: only card types are drawn as tiles");
  });

  it("S51-E317: the same glyph twice, at the later type, naming the earlier one's place; colour does not tell them apart", () => {
    const d = only(fixture("type-icon-same-glyph.yaml"), "S51-E317");
    expect(d).toMatchObject({ file: "type-icon-same-glyph.yaml", line: 9, column: 22 });
    expect(d.message).toBe('card type "river" prints the same icon as "water": the glyph "water"');
    expect(d.hint).toBe('"water" is at type-icon-same-glyph.yaml:5:22; choose another glyph or path');
  });

  it("S51-E317: a glyph a base type is drawn with, naming the base vocabulary's place", () => {
    const d = only(fixture("type-icon-same-as-base.yaml"), "S51-E317");
    expect(d).toMatchObject({ line: 5, column: 22 });
    const lines = readFileSync(join(repoRoot, "cards/vocabulary.yaml"), "utf8").split("\n");
    // The card type fuel, not the resource of the same name above it.
    const line = lines.findIndex((l, i) => l.trim() === "- id: fuel" && lines.slice(0, i).some((above) => above.trim() === "cardTypes:")) + 1;
    const column = lines[line - 1]!.indexOf("fuel") + 1;
    expect(line).toBeGreaterThan(0);
    expect(d.hint).toMatch(new RegExp(`^"fuel" is at \\S*cards/vocabulary\\.yaml:${line}:${column}; `));
  });

  it("S51-E317: the same path however written", () => {
    const d = only(fixture("type-icon-same-path.yaml"), "S51-E317");
    expect(d).toMatchObject({ line: 9, column: 21 });
    expect(d.hint).toContain("type-icon-same-path.yaml:5:21");
  });

  it("S51-E317: two letter tiles with the same initial in one language, accents aside", () => {
    const d = only(fixture("type-icon-same-letter.yaml"), "S51-E317");
    expect(d).toMatchObject({ line: 7, column: 11 });
    expect(d.message).toBe('card type "energy" prints the same icon as "water": a tile with the letter "E" in French');
    expect(d.hint).toContain("type-icon-same-letter.yaml:4:11; give one of them an icon");
    // Different initials in both languages: no clash; one of them with a glyph: no clash either.
    expect(validateText(cardTypes(...typeEntry("rope", "Rope", "Corde"), ...typeEntry("salt", "Salt", "Sel"))).diagnostics).toEqual([]);
    const glyphed = cardTypes(...typeEntry("rope", "Rope", "Corde"), ...typeEntry("rye", "Rye", "Seigle", ["icon: { glyph: food }"]));
    expect(validateText(glyphed).diagnostics).toEqual([]);
  });

  it("S51-E317: across files, at the type in the file loaded later, whichever that is", () => {
    const dir = join(invalidDir, "type-icon-same-across-files");
    const [a, b] = ["a-river.yaml", "b-lake.yaml"].map((f) => join(dir, f));
    const inOrder = only(validatePaths([a!, b!], { cwd: invalidDir }), "S51-E317");
    expect(inOrder).toMatchObject({ file: "type-icon-same-across-files/b-lake.yaml", line: 8, column: 22 });
    expect(inOrder.hint).toContain("type-icon-same-across-files/a-river.yaml:5:22");
    const reversed = only(validatePaths([b!, a!], { cwd: invalidDir }), "S51-E317");
    expect(reversed).toMatchObject({ file: "type-icon-same-across-files/a-river.yaml", line: 5, column: 22 });
    expect(reversed.hint).toContain("type-icon-same-across-files/b-lake.yaml:8:22");
  });

  it("S51-E317 is not reported for a type the vocabulary skipped (already defined)", () => {
    const r = fixture("type-icon-redefined.yaml");
    expect(r.diagnostics.map((d) => d.code)).toEqual(["S51-E314"]);
  });

  it("S51-E362 comes through the bundled CLI's precompiled schema too", () => {
    const r = runCli(["validate", "--format", "json", join(invalidDir, "type-colour-bad.yaml")]);
    expect(r.status).toBe(1);
    const codes = (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics.map((d) => [d.code, d.line, d.column]);
    expect(codes).toEqual([["S51-E362", 6, 15]]);
  });
});

/** The type icons of one card's head (labelled) and emblem (decorative), in order. */
function iconsOf(cardHtml: string, where: "head" | "art"): string[] {
  const part = where === "head" ? /<span class="types">(.*?)<\/span>/.exec(cardHtml)?.[1] : /<div class="art">(.*?)<\/div>/.exec(cardHtml)?.[1];
  return [...(part ?? "").matchAll(/<svg class="icon type .*?<\/svg>/g)].map((m) => m[0]);
}

describe("the printed tiles", () => {
  let river: ValidationResult;
  beforeAll(() => {
    river = validatePaths([riverFile]);
  });

  const names: Record<Lang, [string, string, string]> = { en: ["Water", "Boat", "Cargo"], fr: ["Eau", "Bateau", "Cargaison"] };

  it.each(langs)("draw an expansion's glyph, path and colours, each with its name (%s)", (lang) => {
    const html = renderSheet(river.cards, river.vocabulary, lang);
    const [water, boat, cargo] = names[lang];
    const head = iconsOf(html, "head");
    expect(head).toHaveLength(3);
    expect(head[0]).toContain(`class="icon type type-water" viewBox="0 0 24 24" role="img" aria-label="${water}"><title>${water}</title>`);
    expect(head[0]).toContain(`fill="#1f6f9e"`);
    expect(head[0]).toContain(glyphSvg("water", "#1f6f9e"));
    expect(head[1]).toContain(`aria-label="${boat}"><title>${boat}</title>`);
    expect(head[1]).toContain(`<rect x="1" y="1" width="22" height="22" rx="5" fill="#8c4a2f"`);
    expect(head[1]).toContain(`<path fill="#fff" d="M3 14h18l-3 5H6z M11 4v9h-6z"/>`);
    // The chosen colours are not the ones the ids would get by default.
    expect([typeColour("water"), typeColour("boat")]).not.toContain("#1f6f9e");
    expect(typeColour("boat")).not.toBe("#8c4a2f");
    // A type that chooses nothing keeps today's tile: its initial, a colour picked by its id.
    expect(head[2]).toBe(typeIcon("cargo", cargo));
    expect(head[2]).toContain(`>${cargo[0]}</text>`);
    // The emblem repeats them, without names (aria-hidden).
    const art = iconsOf(html, "art");
    expect(art).toEqual([0, 1, 2].map((i) => head[i]!.replace(/ role="img" aria-label="[^"]*"><title>[^<]*<\/title>/, ` aria-hidden="true">`)));
  });

  it("escape what they are given, even unchecked", () => {
    const icon = typeIcon("x", "<X>", { look: { icon: { path: `M0 0"/><script>alert(1)</script>` }, colour: `red" onload="x` } });
    expect(icon).not.toMatch(/<script|" onload/);
    expect(icon).toContain(`d="M0 0&quot;/&gt;&lt;script&gt;`);
    expect(icon).toContain(`fill="red&quot; onload=&quot;x"`);
  });

  it("reach `state51 print` from an expansion file", () => {
    const r = runCli(["print", "--lang", "fr", riverFile]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`<path fill="#fff" d="M3 14h18l-3 5H6z M11 4v9h-6z"/>`);
    expect(r.stdout).toContain(`aria-label="Bateau"`);
  });

  it.each(langs)("are the base set's, unchanged, on every Location of its sheet (%s)", (lang) => {
    const base = validatePaths([]);
    const cards = renderSheet(base.cards, base.vocabulary, lang).split("<article ").slice(1);
    const printed: Record<string, { head: string[]; art: string[] }> = {};
    for (const card of cards) {
      for (const where of ["head", "art"] as const) {
        for (const icon of iconsOf(card, where)) {
          const type = /type-([\w-]+)"/.exec(icon)![1]!;
          const seen = (printed[type] ??= { head: [], art: [] })[where];
          if (!seen.includes(icon)) seen.push(icon);
        }
      }
    }
    const file = join(repoRoot, "test/golden/print/type-icons.json");
    const golden = JSON.parse(readFileSync(file, "utf8")) as Record<Lang, typeof printed>;
    if (process.env["UPDATE_GOLDEN"] === "1") {
      mkdirSync(join(repoRoot, "test/golden/print"), { recursive: true });
      writeFileSync(file, JSON.stringify({ ...golden, [lang]: printed }, null, 2) + "\n");
    }
    expect(Object.keys(printed).sort()).toEqual([...base.vocabulary.cardTypes.keys()].sort());
    expect(printed).toEqual(golden[lang]);
  });
});

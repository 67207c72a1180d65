/**
 * Vocabulary words a designer can trust: the French elision flag is checked
 * against the word (S51-E316).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { elisionProblem, frenchOnset } from "../src/check/elision.js";
import { namespaces } from "../src/check/vocabulary.js";
import { validatePaths } from "../src/pipeline/validate.js";
import type { FrForms } from "../src/schema/card-file.js";
import { validateText } from "./helpers.js";

const fixtures = join(import.meta.dirname, "fixtures", "invalid");

describe("S51-E316: a French elision flag that does not fit its word", () => {
  it.each([
    ["vocabulary-elision-vowel.yaml", 6, 63, "card type \"water\"", '"Eau" begins with a vowel: write elision: true (« d\'Eau »)'],
    ["vocabulary-elision-consonant.yaml", 10, 18, 'resource "food"', '"Nourriture" begins with a consonant: write elision: false (« de Nourriture »)'],
    ["vocabulary-elision-h-aspire.yaml", 7, 67, 'resource "axe"', '"Hache" begins with an h aspiré: write elision: false (« de Hache »)'],
    [
      "vocabulary-elision-h-muet.yaml",
      6,
      78,
      'faction "oil-barons"',
      '"Huile noire" begins with an h that is not in the list of h aspiré words, so it is taken as h muet: write elision: true (« d\'Huile noire »); if its h is aspiré, write h: aspirated',
    ],
    ["vocabulary-elision-h-not-initial.yaml", 7, 80, 'contact colour "trade"', "remove h: (it tells whether a name's initial h is aspiré or muet)"],
  ] as const)("%s is reported at the flag with the fix as a hint", (name, line, column, what, hint) => {
    const result = validatePaths([join(fixtures, name)], { cwd: fixtures });
    expect(result.diagnostics).toHaveLength(1);
    const [d] = result.diagnostics;
    expect(d).toMatchObject({ file: name, code: "S51-E316", severity: "error", line, column, hint });
    expect(d!.message).toContain(what);
  });

  it("points at the flag's value: it underlines `true`, not the line", () => {
    const d = validatePaths([join(fixtures, "vocabulary-elision-consonant.yaml")], { cwd: fixtures }).diagnostics[0]!;
    expect(d).toMatchObject({ line: 10, column: 18, endLine: 10, endColumn: 22 });
  });

  it("accepts the same names with the right flags", () => {
    const result = validateText(
      [
        "set: test",
        "vocabulary:",
        "  resources:",
        "    - id: food",
        "      en: { one: Food, other: Food }",
        "      fr: { one: Nourriture, other: Nourriture, gender: feminine, elision: false }",
        "    - id: axe",
        "      en: { one: Axe, other: Axes }",
        "      fr: { one: Hache, other: Haches, gender: feminine, elision: false }",
        "    - id: oil",
        "      en: { one: Oil, other: Oil }",
        "      fr: { one: Huile, other: Huiles, gender: feminine, elision: true }",
        "    - id: hangar-goods",
        "      en: { one: Goods, other: Goods }",
        "      fr: { one: Hublot, other: Hublots, gender: masculine, elision: false, h: aspirated }",
        "  cardTypes:",
        "    - id: water",
        "      en: { one: Water, other: Water }",
        "      fr: { one: Eau, other: Eaux, gender: feminine, elision: true }",
        "",
      ].join("\n"),
    );
    expect(result.diagnostics).toEqual([]);
  });
});

describe("the base vocabulary's elision flags", () => {
  const base = validatePaths([]);

  it("has no S51-E316", () => {
    expect(base.diagnostics.filter((d) => d.code === "S51-E316")).toEqual([]);
  });

  it("is checked, not skipped: every base French name begins with a letter the check decides on", () => {
    const terms = namespaces.flatMap((n) => [...base.vocabulary[n].values()]);
    expect(terms.length).toBeGreaterThan(30);
    for (const t of terms) {
      for (const name of [t.fr.one, t.fr.other]) expect(frenchOnset(name)?.elides, `${t.namespace} ${t.id}: ${name}`).toBe(t.fr.elision);
    }
  });
});

describe("frenchOnset: does a French name take elision?", () => {
  it.each([
    ["Arme", true],
    ["Énergie", true],
    ["Île", true],
    ["Âme", true],
    ["Œuvre", true],
    ["Ypérite", true],
    ["Essence rare", true],
    ["Ferraille", false],
    ["Matériaux de construction", false],
    ["Yaourt", false],
    ["Onze", false],
    ["Oui", false],
    ["Hache", false],
    ["Haches", false],
    ["Hache de guerre", false],
    ["Hongrie", false],
    ["Héros", false],
    ["Huile", true],
    ["Homme", true],
    ["Hôpital", true],
  ] as const)("%s → elision %s", (name, elides) => {
    expect(frenchOnset(name)?.elides).toBe(elides);
  });

  it("takes an unlisted h as muet, and says it presumed so", () => {
    expect(frenchOnset("Huile")).toMatchObject({ elides: true, presumed: true });
    expect(frenchOnset("Hache")).not.toHaveProperty("presumed");
  });

  it("lets `h` override the list both ways", () => {
    expect(frenchOnset("Huile", "aspirated")?.elides).toBe(false);
    expect(frenchOnset("Hache", "mute")?.elides).toBe(true);
  });

  it("leaves a name that begins with no letter alone", () => {
    expect(frenchOnset("4x4")).toBeUndefined();
    expect(frenchOnset("« Or »")).toBeUndefined();
  });
});

describe("elisionProblem", () => {
  const fr = (one: string, other: string, elision: boolean): FrForms => ({ one, other, gender: "masculine", elision });

  it("checks the plural too", () => {
    const p = elisionProblem(fr("Essence", "Xessences", true), 'resource "x"');
    expect(p?.message).toContain('"Xessences"');
  });

  it("says so when the singular and the plural need different flags", () => {
    const p = elisionProblem(fr("Œil", "Yeux", true), 'resource "eye"');
    expect(p?.hint).toBe('"Yeux" begins with a y sounded as a consonant: write elision: false (« de Yeux »), but "Œil" needs elision: true: one flag cannot fit both names');
  });

  it("finds nothing wrong with a right flag", () => {
    expect(elisionProblem(fr("Essence", "Essences", true), "x")).toBeUndefined();
    expect(elisionProblem(fr("Ferraille", "Ferrailles", false), "x")).toBeUndefined();
  });
});

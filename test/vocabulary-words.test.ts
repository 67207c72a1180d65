/**
 * Vocabulary words a designer can trust: the French elision flag is checked
 * against the word (S51-E316), a resource can name its unit word in each
 * language, and English says "a" or "an" by the word's sound.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { elisionProblem, frenchOnset } from "../src/check/elision.js";
import { namespaces } from "../src/check/vocabulary.js";
import { validatePaths } from "../src/pipeline/validate.js";
import type { FrForms } from "../src/schema/card-file.js";
import { indefiniteArticle } from "../src/text/article.js";
import { textRenderer } from "../src/text/render.js";
import { langs } from "../src/text/words.js";
import { repoRoot, validateText } from "./helpers.js";
import { lintText } from "./text-lint.js";

const fixtures = join(import.meta.dirname, "fixtures", "invalid");

describe("S51-E316 and E357: a French elision flag that does not fit its word", () => {
  it.each([
    ["vocabulary-elision-vowel.yaml", "S51-E316", 6, 63, "card type \"water\"", '"Eau" begins with a vowel: write elision: true (« d\'Eau »)'],
    ["vocabulary-elision-consonant.yaml", "S51-E316", 10, 18, 'resource "food"', '"Nourriture" begins with a consonant: write elision: false (« de Nourriture »)'],
    ["vocabulary-elision-h-aspire.yaml", "S51-E316", 7, 67, 'resource "axe"', '"Hache" begins with an h aspiré: write elision: false (« de Hache »)'],
    [
      "vocabulary-elision-h-muet.yaml",
      "S51-E316",
      6,
      78,
      'faction "oil-barons"',
      '"Huile noire" begins with an h that is not in the list of h aspiré words, so it is taken as h muet: write elision: true (« d\'Huile noire »); if its h is aspiré, write h: aspirated',
    ],
    ["vocabulary-elision-h-not-initial.yaml", "S51-E357", 7, 80, 'contact colour "trade"', "remove h: (it tells whether a name's initial h is aspiré or muet)"],
  ] as const)("%s is reported at the flag with the fix as a hint", (name, code, line, column, what, hint) => {
    const result = validatePaths([join(fixtures, name)], { cwd: fixtures });
    expect(result.diagnostics).toHaveLength(1);
    const [d] = result.diagnostics;
    expect(d).toMatchObject({ file: name, code, severity: "error", line, column, hint });
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
    expect(elisionProblem(fr("Essence", "Xessences", true))).toMatchObject({ field: "elision", name: "Xessences" });
  });

  it("says so when the singular and the plural need different flags", () => {
    const p = elisionProblem(fr("Œil", "Yeux", true));
    expect(p?.hint).toBe('"Yeux" begins with a y sounded as a consonant: write elision: false (« de Yeux »), but "Œil" needs elision: true: one flag cannot fit both names');
  });

  it("finds nothing wrong with a right flag", () => {
    expect(elisionProblem(fr("Essence", "Essences", true))).toBeUndefined();
    expect(elisionProblem(fr("Ferraille", "Ferrailles", false))).toBeUndefined();
  });
});

describe("indefiniteArticle: English a or an by sound", () => {
  it.each([
    ["Conquest", "a"],
    ["Scrap card", "a"],
    ["Incorporation", "an"],
    ["Oil", "an"],
    ["Umbrella", "an"],
    ["Élan", "an"],
    ["Universal", "a"],
    ["Unit", "a"],
    ["Useful thing", "a"],
    ["European", "a"],
    ["One-off", "a"],
    ["Onerous task", "an"],
    ["Hour", "an"],
    ["Honest broker", "an"],
    ["Heir", "an"],
    ["Hat", "a"],
  ] as const)("%s → %s", (word, article) => {
    expect(indefiniteArticle(word)).toBe(article);
  });
});

/** An expansion: a resource with unit words, one without, a card type English writes "an" before, one with its own article. */
const expansion = `set: river
vocabulary:
  resources:
    - id: gold
      en: { one: Gold, other: Gold, unit: { one: coin, other: coins } }
      fr: { one: Or, other: Or, gender: masculine, elision: true, unit: { one: pièce, other: pièces } }
    - id: salt
      en: { one: Salt, other: Salt }
      fr: { one: Sel, other: Sel, gender: masculine, elision: false }
  cardTypes:
    - id: oil
      en: { one: Oil, other: Oil }
      fr: { one: Pétrole, other: Pétrole, gender: masculine, elision: false }
    - id: suv
      en: { one: SUV, other: SUVs, article: an }
      fr: { one: Tout-terrain, other: Tout-terrains, gender: masculine, elision: false }
cards:
  - id: gold-mine
    kind: location
    name: { en: Gold Mine, fr: Mine d'or }
    distance: 1
    types: [oil]
    spoils: gain 2 gold
    agreement: gain 1 gold
    pattern: closed-production
    ability: produce 1 salt
  - id: oil-baron
    kind: leader
    name: { en: Oil Baron, fr: Baron du pétrole }
    ability: after play oil card -> 1 gold
  - id: suv-dealer
    kind: leader
    name: { en: SUV Dealer, fr: Vendeur de tout-terrains }
    ability: after play suv card -> 3 gold
  - id: union-boss
    kind: leader
    name: { en: Union Boss, fr: Chef syndical }
    resources: 2 salt
    ability: after play universal card -> 1 vp
  - id: annexer
    kind: leader
    name: { en: Annexer, fr: Annexeur }
    ability: after incorporate -> 1 vp
`;

describe("card text for an expansion's words", () => {
  const set = validateText(expansion);
  const text = (id: string, lang: "en" | "fr") => textRenderer(set.vocabulary, lang).card(set.cards.find((c) => c.id === id)!).parts;

  it("validates cleanly", () => {
    expect(set.diagnostics).toEqual([]);
    expect(set.cards).toHaveLength(5);
  });

  it("counts a resource in its unit word, singular and plural, in English and French", () => {
    expect(text("gold-mine", "en")).toMatchObject({ spoils: "Gain 2 coins of Gold.", agreement: "Gain 1 coin of Gold." });
    expect(text("gold-mine", "fr")).toMatchObject({ spoils: "Gagnez 2\u00a0pièces d’Or.", agreement: "Gagnez 1\u00a0pièce d’Or." });
  });

  it("counts a resource without unit words as the base set does", () => {
    expect(text("gold-mine", "en").ability).toBe("Each Production phase, produce 1 Salt.");
    expect(text("gold-mine", "fr").ability).toBe("À chaque phase de Production, produisez 1\u00a0jeton de Sel.");
    expect(text("union-boss", "en").resources).toBe("Comes into play with 2 Salt on it.");
    expect(text("union-boss", "fr").resources).toBe("Entre en jeu avec 2\u00a0jetons de Sel dessus.");
  });

  it('writes "an" before a vowel sound, "a" before a consonant sound, and a term\'s own article', () => {
    expect(text("oil-baron", "en").ability).toBe("Whenever you play an Oil card, gain 1 coin of Gold.");
    expect(text("suv-dealer", "en").ability).toBe("Whenever you play an SUV card, gain 3 coins of Gold.");
    expect(text("union-boss", "en").ability).toBe("Whenever you play a Universal card, gain 1 VP token worth 1.");
    // The four plays are said with the rulebook's verbs, not the trigger's noun: "Incorporate", no article to choose.
    expect(text("annexer", "en").ability).toBe("Whenever you Incorporate a Location, gain 1 VP token worth 1.");
    expect(text("oil-baron", "fr").ability).toBe("Chaque fois que vous jouez une carte de type «\u00a0Pétrole\u00a0», gagnez 1\u00a0pièce d’Or.");
  });

  it("passes the text linter", () => {
    for (const c of set.cards) {
      for (const lang of langs) {
        for (const s of Object.values(textRenderer(set.vocabulary, lang).card(c).parts)) expect(lintText(s!, lang, set.vocabulary), `${c.id} ${lang}`).toEqual([]);
      }
    }
  });
});

describe("docs/language.md's unit example", () => {
  const doc = readFileSync(join(repoRoot, "docs/language.md"), "utf8");
  const example = [...doc.matchAll(/^```yaml\n([\s\S]*?)^```\n\n([\s\S]*?)\n\n/gm)].find((m) => m[1]!.includes("unit:"));

  it("validates, and prints what the paragraph after it says it prints", () => {
    expect(example).toBeDefined();
    const [, yaml, prose] = example!;
    const set = validateText(yaml!);
    expect(set.diagnostics).toEqual([]);
    const printed = new Set(
      (["en", "fr"] as const).flatMap((lang) => set.cards.flatMap((c) => Object.values(textRenderer(set.vocabulary, lang).card(c).parts).map((s) => s!.replace(/\u00a0/g, " ")))),
    );
    const quoted = [...prose!.replace(/\n/g, " ").matchAll(/"([^"]+)"|« ([^»]+) »/g)].map((m) => m[1] ?? m[2]!);
    expect(quoted.length).toBeGreaterThanOrEqual(5);
    for (const q of quoted) expect([...printed], q).toContain(q);
  });
});

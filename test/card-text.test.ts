/**
 * The card text of the whole base set in both languages: golden files read
 * through by a person, and a linter over every generated string.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { examplesDir, validatePaths } from "../src/pipeline/validate.js";
import type { Vocabulary } from "../src/check/vocabulary.js";
import { headline, partLabels, setMarkdown } from "../src/text/markdown.js";
import { languagePacks, perLanguage } from "../src/text/packs.js";
import { textRenderer, type CardText, type PartName } from "../src/text/render.js";
import { setTitles } from "../src/text/set-text.js";
import { langs, type Lang } from "../src/text/words.js";
import { repoRoot } from "./helpers.js";
import { lintText } from "./text-lint.js";

const set = validatePaths([]);
const titles: Record<Lang, string> = setTitles;
/** The example expansion's title, in each language and its typography (« l’extension d’exemple »). */
const exampleTitles = perLanguage((p) => p.typography(p.exampleSetTitle));

/** Every string `state51 text` and the sheets print for a card: its name, headline, each part's label and text. */
function printedStrings(t: CardText): string[] {
  const labels = (Object.keys(t.parts) as PartName[]).map((p) => languagePacks[t.lang].typography(`${partLabels[t.lang][p]}:`));
  return [t.name, headline(t), ...labels, ...Object.values(t.parts)];
}

/** The linter's problems with every printed string; a card's name is the designer's (Tommy the Gun keeps his "the"), so a foreign word in it is not one. */
function lintCards(texts: readonly CardText[], lang: Lang, vocabulary: Vocabulary): string[] {
  const lint = (s: string, isName: boolean): string[] => lintText(s, lang, vocabulary).filter((p) => !(isName && p.startsWith("untranslated")));
  return texts.flatMap((t) => printedStrings(t).flatMap((s, i) => lint(s, i === 0).map((p) => `${t.id}: ${p}`)));
}

describe.each(langs)("card text (%s)", (lang) => {
  const texts = set.cards.map((c) => textRenderer(set.vocabulary, lang).card(c));

  it("matches the golden file read through for sense and grammar (UPDATE_GOLDEN=1 rewrites it)", () => {
    const file = join(repoRoot, "test/golden/text", `${lang}.md`);
    const actual = setMarkdown(texts, titles[lang]);
    if (process.env["UPDATE_GOLDEN"] === "1") writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });

  it("covers all 110 cards, each with its parts", () => {
    expect(texts).toHaveLength(110);
    for (const t of texts) {
      const expected = { base: ["production"], contact: ["contact"], leader: ["ability"], location: ["spoils", "agreement", "ability"] }[t.kind];
      for (const part of expected) expect(t.parts[part as keyof typeof t.parts], `${t.id} ${part}`).toBeTruthy();
    }
  });

  it("has no number disagreement, missing elision or non-breaking space, untranslated word or placeholder", () => {
    expect(lintCards(texts, lang, set.vocabulary)).toEqual([]);
  });
});

describe.each(langs)("the example expansion's text (%s)", (lang) => {
  const examples = validatePaths([examplesDir()]);
  const texts = examples.cards.map((c) => textRenderer(examples.vocabulary, lang).card(c));

  it("matches its golden file, read through for sense and grammar (UPDATE_GOLDEN=1 rewrites it)", () => {
    expect(examples.diagnostics).toEqual([]);
    const file = join(repoRoot, "test/golden/text", `examples-${lang}.md`);
    const actual = setMarkdown(texts, exampleTitles[lang]);
    if (process.env["UPDATE_GOLDEN"] === "1") writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });

  it("passes the text linter", () => {
    expect(lintCards(texts, lang, examples.vocabulary)).toEqual([]);
  });
});

describe("the text linter", () => {
  const v = set.vocabulary;
  const only = (text: string, lang: Lang, rule: RegExp): void => {
    const problems = lintText(text, lang, v);
    expect(problems, text).toHaveLength(1);
    expect(problems[0]).toMatch(rule);
  };

  it("catches number disagreement in either language, from its own nouns and the vocabulary's", () => {
    only("Gagnez 1\u00a0jetons de Ferraille.", "fr", /number/);
    only("Gagnez 2\u00a0jeton de Ferraille.", "fr", /number/);
    only("Peut accueillir jusqu’à 1\u00a0Butins.", "fr", /number: "1\u00a0Butins"/);
    only("Gain 1 Weapons.", "en", /number: "1 Weapons" should be "1 Weapon"/);
    only("Gain 2 Building Material.", "en", /number/);
    only("Gain 1 Workers.", "en", /number/);
    only("Gain 2 Redevelopment token.", "en", /number: "2 Redevelopment token" should be "2 Redevelopment tokens"/);
    expect(lintText("Gain 2 Redevelopment tokens and 1 card.", "en", v)).toEqual([]);
    expect(lintText("Gagnez 0\u00a0jeton d’Essence\u00a0: 2\u00a0jetons de Ferraille.", "fr", v)).toEqual([]);
  });

  it("catches a wrong a/an, missing or wrong elision and a straight apostrophe in French", () => {
    only("After a Incorporation: 1 VP.", "en", /article: "a Incorporation" should be "an Incorporation"/);
    only("To play an Scrap card, you need 1 more range.", "en", /article/);
    expect(lintText("An hour, a unit, an Oil card, a one-time use.", "en", v)).toEqual([]);
    only("Gagnez 1\u00a0jeton de Essence.", "fr", /missing elision: "de Essence"/);
    only("Gagnez 1\u00a0jeton d’Ferraille.", "fr", /elision before a consonant/);
    only("Gagnez 1\u00a0jeton d'Essence.", "fr", /straight apostrophe/);
    only("Gagnez 2 PV.", "fr", /breakable space between a number and its word: "2 P"/);
  });

  it("catches a plain or missing space before « : ; ! ? » and inside « » in French", () => {
    only("Usage unique : 1\u00a0PV.", "fr", /non-breaking space before ":"/);
    only("Après un Rattachement d’une carte Lieu de Distance 3: 1\u00a0PV.", "fr", /non-breaking space before ":"/);
    only("Gagnez 1\u00a0PV\u00a0; « bien\u00a0».", "fr", /inside « »/);
    expect(lintText("Gagnez 1\u00a0PV\u00a0: «\u00a0bien\u00a0» à 10:30\u00a0!", "fr", v)).toEqual([]);
  });

  it("catches an untranslated word, from the phrasebooks' words and the vocabulary's names", () => {
    only("Gagnez 1\u00a0Scrap.", "fr", /untranslated word "Scrap"/);
    only("Gagnez 1\u00a0jeton de Matériaux de construction et 1\u00a0Building Material.", "fr", /untranslated word "Building Material"/);
    only("Gain 1 Travailleur.", "en", /untranslated word "Travailleur"/);
    only("Gain 1 jeton.", "en", /untranslated/);
    // Names both languages spell alike are no one's foreign word.
    expect(lintText("Production · New York", "fr", v)).toEqual([]);
  });

  it("catches a leftover placeholder and a raw control character", () => {
    only("Gain ${n} Scrap.", "en", /placeholder/);
    only("Gain {amount} Scrap.", "en", /placeholder/);
    only("Gain undefined.", "en", /placeholder/);
    only("Gain NaN Scrap.", "en", /placeholder/);
    only("Old\u0007Factory", "en", /control character U\+0007/);
    only("Old\u202eFactory", "en", /control character U\+202E/);
  });
});

describe("state51 text", () => {
  it("prints one card in French as Markdown, and the whole set as JSON", async () => {
    const { runCli } = await import("./helpers.js");
    const one = runCli(["text", "--lang", "fr", "--cards", "old-factory"]);
    expect(one.status).toBe(0);
    expect(one.stdout).toBe(
      "## Vieille usine\n\n*Lieu · Distance 2 · Ferraille · Production privée*\n\n" +
        "- **Butin\u00a0:** Gagnez 3\u00a0jetons de Ferraille.\n- **Accord\u00a0:** Gagnez 1\u00a0jeton de Ferraille.\n" +
        "- **Capacité\u00a0:** À chaque phase de Production, produisez 1\u00a0jeton de Ferraille. À conserver\u00a0: les Ressources sur cette carte ne sont pas défaussées en Fin de tour.\n",
    );
    const two = JSON.parse(runCli(["text", "--cards", "railway, old-factory", "--format", "json"]).stdout) as { id: string }[];
    expect(two.map((t) => t.id)).toEqual(["railway", "old-factory"]);
    const all = JSON.parse(runCli(["text", "--format", "json"]).stdout) as { id: string; lang: string }[];
    expect(all).toHaveLength(110);
    expect(all.every((t) => t.lang === "en")).toBe(true);
  });

  it("exits 1 for an unknown card and 2 for an unknown language", async () => {
    const { runCli } = await import("./helpers.js");
    const r = runCli(["text", "--card", "no-such-card"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('state51 text: error: no card with id "no-such-card"\n');
    const typo = runCli(["text", "--cards", "old-factory,old-factroy"]);
    expect(typo.status).toBe(1);
    expect(typo.stderr).toBe('state51 text: error: no card with id "old-factroy" (did you mean "old-factory"?)\n');
    expect(runCli(["text", "--lang", "de"]).status).toBe(2);
  });
});

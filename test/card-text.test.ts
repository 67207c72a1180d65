/**
 * The card text of the whole base set in both languages: golden files read
 * through by a person, and a linter over every generated string.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { examplesDir, validatePaths } from "../src/pipeline/validate.js";
import { headline, setMarkdown } from "../src/text/markdown.js";
import { textRenderer } from "../src/text/render.js";
import { setTitles } from "../src/text/set-text.js";
import { langs, type Lang } from "../src/text/words.js";
import { repoRoot } from "./helpers.js";
import { lintText } from "./text-lint.js";

const set = validatePaths([]);
const titles: Record<Lang, string> = setTitles;

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
    const problems = texts.flatMap((t) => [headline(t), ...Object.values(t.parts)].flatMap((s) => lintText(s!, lang).map((p) => `${t.id}: ${p}`)));
    expect(problems).toEqual([]);
  });
});

describe.each(langs)("the example expansion's text (%s)", (lang) => {
  const examples = validatePaths([examplesDir()]);
  const texts = examples.cards.map((c) => textRenderer(examples.vocabulary, lang).card(c));

  it("matches its golden file, read through for sense and grammar (UPDATE_GOLDEN=1 rewrites it)", () => {
    expect(examples.diagnostics).toEqual([]);
    const file = join(repoRoot, "test/golden/text", `examples-${lang}.md`);
    const actual = setMarkdown(texts, titles[lang]);
    if (process.env["UPDATE_GOLDEN"] === "1") writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });

  it("passes the text linter", () => {
    const problems = texts.flatMap((t) => [headline(t), ...Object.values(t.parts)].flatMap((s) => lintText(s!, lang).map((p) => `${t.id}: ${p}`)));
    expect(problems).toEqual([]);
  });
});

describe("the text linter", () => {
  it("catches what it is meant to catch", () => {
    expect(lintText("Gagnez 1 jetons de Ferraille.", "fr")).toHaveLength(1);
    expect(lintText("Gagnez 2 jeton de Ferraille.", "fr")).toHaveLength(1);
    expect(lintText("Gagnez 1 jeton de Essence.", "fr")[0]).toMatch(/elision/);
    expect(lintText("Usage unique : 1 PV.", "fr")[0]).toMatch(/non-breaking space/);
    expect(lintText("Après un Rattachement d'une carte Lieu de Distance 3: 1 PV.", "fr")[0]).toMatch(/non-breaking space/);
    expect(lintText("Gagnez 1 Scrap.", "fr")[0]).toMatch(/untranslated/);
    expect(lintText("Gain 1 jeton.", "en")[0]).toMatch(/untranslated/);
    expect(lintText("Gain ${n} Scrap.", "en")[0]).toMatch(/placeholder/);
    expect(lintText("Gain 1 Workers.", "en")[0]).toMatch(/number/);
    expect(lintText("Gagnez 1\u00a0jeton d'Essence\u00a0: ok\u00a0; « bien ».", "fr").join()).toMatch(/« »/);
    expect(lintText("Gagnez 0 jeton d'Essence\u00a0: 2 jetons de Ferraille.", "fr")).toEqual([]);
  });
});

describe("state51 text", () => {
  it("prints one card in French as Markdown, and the whole set as JSON", async () => {
    const { runCli } = await import("./helpers.js");
    const one = runCli(["text", "--lang", "fr", "--card", "old-factory"]);
    expect(one.status).toBe(0);
    expect(one.stdout).toBe(
      "## Vieille usine\n\n*Lieu · distance 2 · Ferraille · Production privée*\n\n" +
        "- **Butin\u00a0:** Gagnez 3 jetons de Ferraille.\n- **Accord\u00a0:** Gagnez 1 jeton de Ferraille.\n" +
        "- **Capacité\u00a0:** Produit 1 jeton de Ferraille. À conserver\u00a0: les Ressources sur cette carte restent d'un tour à l'autre.\n",
    );
    const all = JSON.parse(runCli(["text", "--format", "json"]).stdout) as { id: string; lang: string }[];
    expect(all).toHaveLength(110);
    expect(all.every((t) => t.lang === "en")).toBe(true);
  });

  it("exits 1 for an unknown card and 2 for an unknown language", async () => {
    const { runCli } = await import("./helpers.js");
    const r = runCli(["text", "--card", "no-such-card"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('no card with id "no-such-card"');
    expect(runCli(["text", "--lang", "de"]).status).toBe(2);
  });
});

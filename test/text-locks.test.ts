/**
 * Text locks: a card's `text:` holds the wording a designer signed off for
 * some of its printed parts; `validate` compares each with the text generated
 * from the card (S51-W401, an error under --strict). The locked wording is
 * always taken from the renderer here, so these tests follow the wording as it
 * changes; only the word diff of a changed amount is written out.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import type { Card } from "../src/check/model.js";
import { normaliseSpaces, wordDiff } from "../src/locks/word-diff.js";
import { validatePaths, type ValidationResult } from "../src/pipeline/validate.js";
import { textRenderer } from "../src/text/render.js";
import { langs, type Lang } from "../src/text/words.js";
import { locationYaml, repoRoot, runCli, validateText } from "./helpers.js";

const baseSet = validatePaths([]);
const nbsp = "\u00a0";

function cardOf(result: ValidationResult, id: string): Card {
  const card = result.cards.find((c) => c.id === id);
  if (!card) throw new Error(`no card ${id}`);
  return card;
}

/** The generated parts of a card of the base set, in one language. */
function partsOf(id: string, lang: Lang): Readonly<Record<string, string | undefined>> {
  return textRenderer(baseSet.vocabulary, lang).card(cardOf(baseSet, id)).parts;
}

/** A `text:` block (under a card at four spaces) locking `ability` in both languages. */
function abilityLocks(en: string, fr: string): string {
  return ["    text:", "      ability:", `        en: ${JSON.stringify(en)}`, `        fr: ${JSON.stringify(fr)}`].join("\n");
}

/** The base set's card files (not the vocabulary, which is always the package's) copied into `<temp>/cards/`. */
function copyBaseSet(): string {
  const dir = mkdtempSync(join(tmpdir(), "state51-locks-"));
  mkdirSync(join(dir, "cards"));
  for (const f of ["bases.yaml", "contacts.yaml", "leaders.yaml", "locations.yaml"]) copyFileSync(join(repoRoot, "cards", f), join(dir, "cards", f));
  return dir;
}

/** Replaces, inside the block of card `id` only, `from` by `to`. */
function editCard(text: string, id: string, from: string, to: string): string {
  const start = text.indexOf(`  - id: ${id}\n`);
  const end = text.indexOf("\n  - id: ", start + 1);
  const block = text.slice(start, end === -1 ? undefined : end);
  expect(block, `${id} holds ${JSON.stringify(from)}`).toContain(from);
  return text.slice(0, start) + block.replace(from, to) + (end === -1 ? "" : text.slice(end));
}

/** 1-based line and column of the first `needle` (after `after`) in `text`. */
function positionOf(text: string, needle: string, after = 0): { line: number; column: number } {
  const at = text.indexOf(needle, after);
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

describe("word diff", () => {
  it("marks removed words [-…-] and added ones {+…+}, as git --word-diff", () => {
    expect(wordDiff("Produces 1 Scrap.", "Produces 2 Scrap.")).toBe("Produces [-1-]{+2+} Scrap.");
    expect(wordDiff("Gain 1 Scrap and 2 Fuel.", "Gain 1 Scrap.")).toBe("Gain 1 Scrap [-and 2 Fuel-].");
    expect(wordDiff("Gain 1 Scrap.", "")).toBe("[-Gain 1 Scrap.-]");
  });

  it("counts every kind of space as one space, and still shows a space that appears or goes", () => {
    expect(normaliseSpaces(` Produit${nbsp}:\n 1\u202fjeton  `)).toBe("Produit : 1 jeton");
    expect(wordDiff(`Après un Pillage${nbsp}: 1 PV.`, "Après un Pillage : 1 PV.")).toBe("Après un Pillage : 1 PV.");
    expect(wordDiff("Après un Pillage: 1 PV.", `Après un Pillage${nbsp}: 1 PV.`)).toBe("Après un Pillage{+ +}: 1 PV.");
  });
});

describe("text locks", () => {
  it("a card whose locks match its text in English and French validates clean", () => {
    const plain = validateText(locationYaml());
    expect(plain.diagnostics).toEqual([]);
    const [en, fr] = langs.map((lang) => textRenderer(plain.vocabulary, lang).card(cardOf(plain, "test-card")).parts);
    const text = [
      "    text:",
      ...(["spoils", "agreement", "ability"] as const).flatMap((part) => [
        `      ${part}:`,
        `        en: ${JSON.stringify(en![part])}`,
        `        fr: ${JSON.stringify(fr![part])}`,
      ]),
    ].join("\n");
    const locked = validateText(locationYaml() + text + "\n");
    expect(locked.diagnostics).toEqual([]);
    expect(locked.cards.map((c) => c.id)).toEqual(["test-card"]);
  });

  it("every part of every card of the base set, locked in both languages with its current text, validates clean", () => {
    const dir = copyBaseSet();
    for (const f of ["bases.yaml", "contacts.yaml", "leaders.yaml", "locations.yaml"]) {
      const path = join(dir, "cards", f);
      const doc = parseDocument(readFileSync(path, "utf8"));
      const ids = (doc.toJS() as { cards: { id: string }[] }).cards.map((c) => c.id);
      ids.forEach((id, i) => {
        const byLang = langs.map((lang) => partsOf(id, lang));
        const locks = Object.fromEntries(Object.keys(byLang[0]!).map((part) => [part, { en: byLang[0]![part], fr: byLang[1]![part] }]));
        doc.setIn(["cards", i, "text"], doc.createNode(locks));
      });
      writeFileSync(path, String(doc));
    }
    const result = validatePaths(["cards"], { cwd: dir, strict: true });
    expect(result.diagnostics).toEqual([]);
    expect(result.cards).toHaveLength(110);
  });

  describe("a base-set card whose ability changes after its text was signed off", () => {
    // Scrapyard: `ability: produce 1 scrap`, locked as printed, then changed to produce 2.
    const lockEn = partsOf("scrapyard", "en")["ability"]!;
    const lockFr = partsOf("scrapyard", "fr")["ability"]!;
    const dir = copyBaseSet();
    const file = join(dir, "cards", "locations.yaml");
    const original = readFileSync(file, "utf8");
    const locked = editCard(original, "scrapyard", "    ability: produce 1 scrap\n", `    ability: produce 1 scrap\n${abilityLocks(lockEn, lockFr)}\n`);
    const changed = editCard(locked, "scrapyard", "ability: produce 1 scrap\n", "ability: produce 2 scrap\n");
    const scrapyard = changed.indexOf("  - id: scrapyard\n");
    const enAt = positionOf(changed, JSON.stringify(lockEn), changed.indexOf("        en: ", scrapyard));
    const frAt = positionOf(changed, JSON.stringify(lockFr), changed.indexOf("        fr: ", scrapyard));

    it("validates clean while the ability still matches its locks", () => {
      writeFileSync(file, locked);
      expect(validatePaths(["cards"], { cwd: dir }).diagnostics).toEqual([]);
    });

    it("warns S51-W401 at each lock, with the word diff and the new text in the hint", () => {
      writeFileSync(file, changed);
      const result = validatePaths(["cards"], { cwd: dir });
      expect(result.cards).toHaveLength(110);
      expect(lockEn).toBe("Each Production phase, produce 1 Scrap.");
      expect(result.diagnostics).toMatchObject([
        {
          file: "cards/locations.yaml",
          ...enAt,
          endLine: enAt.line,
          endColumn: enAt.column + JSON.stringify(lockEn).length,
          code: "S51-W401",
          severity: "warning",
          message: `the English ability text of "scrapyard" differs from its signed-off lock: Each Production phase, produce [-1-]{+2+} Scrap.`,
          hint: `if the new wording is right, update the lock to "Each Production phase, produce 2 Scrap."; if not, change the card's \`ability\` back`,
        },
        { file: "cards/locations.yaml", ...frAt, code: "S51-W401", severity: "warning" },
      ]);
      const now = (lang: Lang): string => textRenderer(result.vocabulary, lang).card(cardOf(result, "scrapyard")).parts["ability"]!;
      expect(now("en")).toBe("Each Production phase, produce 2 Scrap.");
      const fr = result.diagnostics[1]!;
      expect(fr.message).toBe(`the French ability text of "scrapyard" differs from its signed-off lock: ${wordDiff(lockFr, now("fr"))}`);
      expect(fr.message).toMatch(/: À chaque phase de Production, produisez \[-1[ -]/);
      expect(fr.hint).toBe(`if the new wording is right, update the lock to ${JSON.stringify(now("fr"))}; if not, change the card's \`ability\` back`);
    });

    it("`state51 validate` prints it as a warning and exits 0", () => {
      writeFileSync(file, changed);
      const r = runCli(["validate", "cards"], dir);
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain(
        [
          `cards/locations.yaml:${enAt.line}:${enAt.column}: warning S51-W401: the English ability text of "scrapyard" differs from its signed-off lock: Each Production phase, produce [-1-]{+2+} Scrap.`,
          `${String(enAt.line).padStart(4)} |         en: "Each Production phase, produce 1 Scrap."`,
          `     |             ${"^".repeat(JSON.stringify(lockEn).length)}`,
          `     = hint: if the new wording is right, update the lock to "Each Production phase, produce 2 Scrap."; if not, change the card's \`ability\` back`,
        ].join("\n"),
      );
      expect(r.stdout).toContain(`cards/locations.yaml:${frAt.line}:${frAt.column}: warning S51-W401: the French ability text of "scrapyard"`);
      expect(r.stdout).toMatch(/110 cards valid \(.*\); 0 errors, 2 warnings\n$/);
      expect(r.status).toBe(0);
    });

    it("`state51 validate --strict` reports the same diagnostic as an error and exits 1", () => {
      writeFileSync(file, changed);
      const warned = JSON.parse(runCli(["validate", "cards", "--format", "json"], dir).stdout);
      const r = runCli(["validate", "--strict", "cards", "--format", "json"], dir);
      expect(r.status).toBe(1);
      const strict = JSON.parse(r.stdout);
      expect(strict.diagnostics).toEqual(warned.diagnostics.map((d: object) => ({ ...d, severity: "error" })));
      expect(strict.diagnostics[0]).toMatchObject({ ...enAt, code: "S51-W401", severity: "error" });
      const text = runCli(["validate", "--strict", "cards"], dir);
      expect(text.status).toBe(1);
      expect(text.stdout).toContain(`cards/locations.yaml:${enAt.line}:${enAt.column}: error S51-W401: the English ability text of "scrapyard" differs from its signed-off lock: Each Production phase, produce [-1-]{+2+} Scrap.`);
    });

    it("--strict changes nothing when the locks match", () => {
      writeFileSync(file, locked);
      const r = runCli(["validate", "--strict", "cards"], dir);
      expect(r.stdout).toMatch(/110 cards valid .*; no problems\n$/);
      expect(r.status).toBe(0);
    });
  });

  it("a French lock matches whether it is typed with normal or non-breaking spaces (or a line break)", () => {
    const id = "junky-joe";
    const generated = partsOf(id, "fr")["ability"]!;
    expect(generated, "the French text has a non-breaking space to test with").toContain(nbsp);
    const en = partsOf(id, "en")["ability"]!;
    const leader = (lock: string): string =>
      [
        "set: test",
        "cards:",
        "  - id: joe-copy",
        "    kind: leader",
        "    name: { en: Joe, fr: Joe }",
        "    resources: 1 weapons",
        "    ability: after play scrap card -> 1 vp",
        "    text:",
        "      ability:",
        `        en: ${JSON.stringify(en)}`,
        `        fr: ${lock}`,
        "",
      ].join("\n");
    const typed = generated.replaceAll(nbsp, " ");
    expect(typed).not.toBe(generated);
    expect(validateText(leader(JSON.stringify(typed))).diagnostics).toEqual([]);
    expect(validateText(leader(JSON.stringify(generated))).diagnostics).toEqual([]);
    expect(validateText(leader(JSON.stringify(generated.replaceAll(" ", nbsp)))).diagnostics).toEqual([]);
    const words = typed.split(" ");
    const folded = `>-\n          ${words.slice(0, 2).join(" ")}\n          ${words.slice(2).join("  ")}`;
    expect(validateText(leader(folded)).diagnostics).toEqual([]);

    // No space at all inside the guillemets is a different text, shown as the space that appeared.
    const unspaced = generated.replace(`«${nbsp}`, "«");
    expect(unspaced).not.toBe(generated);
    const [d] = validateText(leader(JSON.stringify(unspaced))).diagnostics;
    expect(d).toMatchObject({ code: "S51-W401", line: 11, column: 13, severity: "warning" });
    expect(d!.message).toContain("«{+ +}");
  });

  describe("a lock for a part the card does not print is reported", () => {
    it("a Base locks `ability` only for a faction power: without one it prints no ability part (S51-W401)", () => {
      const base = (ability: string, lock: string): string =>
        [
          "set: test",
          "cards:",
          "  - id: test-base",
          "    kind: base",
          "    name: { en: Test, fr: Test }",
          "    faction: new-york",
          `    ability: ${JSON.stringify(ability)}`,
          "    text:",
          `      ability: { en: ${JSON.stringify(lock)} }`,
          "",
        ].join("\n");
      const r = validateText(base("produce 3 workers, 1 scrap; slots 3 deals", "Produces 3 Workers."));
      expect(r.diagnostics).toMatchObject([
        {
          code: "S51-W401",
          line: 9,
          column: 22,
          severity: "warning",
          hint: "the card prints no ability part: remove this lock, or give the card a faction power in its `ability`",
        },
      ]);
      expect(validateText(base("produce 3 workers, 1 scrap; depot 2", "Resource Depot: on your turn, store up to 2 resources here or take them back, for free; they cannot be stolen and stay through Clean-up.")).diagnostics).toEqual([]);
    });

    it("a Location has no `production` or `contact` part, and a lock has only en and fr", () => {
      const r = validateText(locationYaml() + "    text:\n      production: { en: Produces 1 Scrap. }\n      contact: { en: x }\n      spoils: { de: x }\n");
      expect(r.diagnostics.map((d) => [d.code, d.line, d.column, d.message, d.hint])).toEqual([
        ["S51-E102", 13, 7, "unknown field `production`", "a Location's production is printed in its `ability` part: lock that one"],
        ["S51-E102", 14, 7, "unknown field `contact`", "a Location has no printed part `contact` to lock; its printed parts: spoils, agreement, ability"],
        ["S51-E102", 15, 17, "unknown field `de`", "allowed here: en, fr"],
      ]);
      expect(r.cards).toEqual([]);
    });

    it("a Leader without resources prints no resources part: its lock differs (S51-W401)", () => {
      const r = validateText(
        [
          "set: test",
          "cards:",
          "  - id: test-leader",
          "    kind: leader",
          "    name: { en: Boss, fr: Chef }",
          "    ability: after conquer -> 1 vp",
          "    text:",
          "      resources: { en: Comes into play with 1 Weapons on it. }",
          "",
        ].join("\n"),
      );
      expect(r.diagnostics).toMatchObject([
        {
          code: "S51-W401",
          line: 8,
          column: 24,
          severity: "warning",
          message: 'the English resources text of "test-leader" differs from its signed-off lock: [-Comes into play with 1 Weapons on it.-]',
          hint: "the card prints no resources part: remove this lock, or give the card its `resources` back",
        },
      ]);
    });
  });
});

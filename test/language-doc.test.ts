/**
 * docs/language.md, the designers' reference, shows each statement with an
 * example from a real card:
 *
 *   ```yaml
 *   # from: old-factory (cards/locations.yaml)
 *   ability: produce 1 scrap; keep
 *   ```
 *
 * Each such example must still be true of the card set (the card exists in
 * that file, passes the checker, and has exactly those field values), and
 * together the examples must use every keyword of the language.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { abilityLexer, allTokens, Word } from "../grammar/lexer.js";
import { examplesDir, validatePaths } from "../src/pipeline/validate.js";
import { repoRoot } from "./helpers.js";

const docPath = join(repoRoot, "docs/language.md");
const doc = readFileSync(docPath, "utf8");

/** The fields written in the card language (src/parse/parse-cards.ts). */
const languageFields = ["ability", "spoils", "agreement", "price", "resources"];

interface Example {
  readonly id: string;
  readonly file: string;
  /** The example's field lines, parsed as YAML. */
  readonly fields: Record<string, unknown>;
  /** Where the example starts in docs/language.md, for messages. */
  readonly line: number;
}

const fromLine = /^# from: (\S+) \(([^)]+)\)$/;

function examples(): Example[] {
  const out: Example[] = [];
  for (const m of doc.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)) {
    const body = m[1] ?? "";
    const [first = "", ...rest] = body.split("\n");
    const from = fromLine.exec(first);
    if (!from) continue;
    const line = doc.slice(0, m.index).split("\n").length;
    const fields = parse(rest.join("\n")) as unknown;
    if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
      throw new Error(`docs/language.md:${line}: an example's lines after "# from:" must be "<field>: <value>"`);
    }
    out.push({ id: from[1]!, file: from[2]!, fields: fields as Record<string, unknown>, line });
  }
  return out;
}

const all = examples();
const where = (e: Example): string => `docs/language.md:${e.line} (${e.id})`;

const rawCards = new Map<string, Record<string, unknown>[]>();
function cardsIn(file: string): Record<string, unknown>[] {
  let cards = rawCards.get(file);
  if (!cards) {
    const data = parse(readFileSync(join(repoRoot, file), "utf8")) as { cards?: Record<string, unknown>[] };
    cards = data.cards ?? [];
    rawCards.set(file, cards);
  }
  return cards;
}

let checkedIds: Set<string>;
beforeAll(() => {
  // The base set, and the example expansion the docs take new constructs' examples from.
  checkedIds = new Set([...validatePaths([]).cards, ...validatePaths([examplesDir()]).cards].map((c) => c.id));
});

describe("docs/language.md examples", () => {
  it("has examples taken from cards", () => {
    expect(all.length).toBeGreaterThan(20);
  });

  it("marks every example as '# from: <id> (<file>)' exactly", () => {
    const loose = [...doc.matchAll(/^# from:.*$/gm)].map((m) => m[0]).filter((l) => !fromLine.test(l));
    expect(loose).toEqual([]);
  });

  it.each(all.map((e) => [where(e), e] as const))("%s is the card's exact text", (_, e) => {
    expect(e.file, "examples come from the base set's files or the example expansion's").toMatch(/^cards\/(examples\/)?[a-z-]+\.yaml$/);
    expect(existsSync(join(repoRoot, e.file)), `${e.file} exists`).toBe(true);
    const card = cardsIn(e.file).find((c) => c.id === e.id);
    expect(card, `card "${e.id}" in ${e.file}`).toBeDefined();
    expect(checkedIds.has(e.id), `card "${e.id}" passes validation`).toBe(true);
    expect(Object.keys(e.fields).length, "at least one field").toBeGreaterThan(0);
    for (const [field, value] of Object.entries(e.fields)) {
      expect(card, `field "${field}"`).toHaveProperty([field]);
      expect(card![field], `field "${field}"`).toEqual(value);
    }
  });

  it("together use every keyword of the card language", () => {
    const used = new Set<string>();
    for (const e of all) {
      for (const field of languageFields) {
        const text = e.fields[field];
        if (typeof text !== "string") continue;
        for (const tok of abilityLexer.tokenize(text).tokens) used.add(String(tok.tokenType.LABEL ?? tok.tokenType.name).replace(/"/g, ""));
      }
    }
    // A keyword is used when any of its forms is (`opponent` or `opponents`).
    const keywords = allTokens.filter((t) => t.LONGER_ALT === Word).map((t) => String(t.LABEL).replace(/"/g, ""));
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.filter((k) => !used.has(k))).toEqual([]);
  });
});

describe("docs/language.md links", () => {
  it("point at files that exist", () => {
    const targets = [...doc.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets) expect(existsSync(join(dirname(docPath), t)), t).toBe(true);
  });
});

/**
 * The grammar analysis the CLI bundle stores (grammar/analysis.ts): a parser
 * made from it must parse exactly as one that ran chevrotain's analysis — same
 * trees, same errors, same messages — on every ability of the project and on
 * thousands of token sequences near and far from the language; and a stored
 * analysis that is not the parser's must be refused, not half used.
 */
import type { CstElement, CstNode, IToken } from "chevrotain";
import fc from "fast-check";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { ParserAnalysis } from "../grammar/analysis.js";
import { abilityLexer, keywordTexts } from "../grammar/lexer.js";
import { AbilityParser, analyseParser } from "../grammar/parser.js";
import { repoRoot } from "./helpers.js";

const analysis = analyseParser();
const full = new AbilityParser();
const stored = new AbilityParser({ stored: analysis });

const isToken = (e: CstElement): e is IToken => "tokenType" in e;

/** A tree as plain data: rule names, and each token's type, text and place. */
function shape(node: CstNode): unknown {
  return {
    name: node.name,
    children: Object.entries(node.children).map(([key, items]) => [key, items.map((e) => (isToken(e) ? [e.tokenType.name, e.image, e.startOffset] : shape(e)))]),
  };
}

/** What a parser makes of a text from an entry rule: its tree and its errors, worded. */
function reading(parser: AbilityParser, text: string, rule: "statements" | "assetListOnly"): unknown {
  const lexed = abilityLexer.tokenize(text);
  parser.input = lexed.tokens;
  const cst = parser[rule]();
  return {
    cst: cst === undefined ? undefined : shape(cst),
    errors: parser.errors.map((e) => ({ name: e.name, message: e.message, token: [e.token.tokenType.name, e.token.startOffset], rules: e.context.ruleStack })),
  };
}

function expectSameReading(text: string): void {
  for (const rule of ["statements", "assetListOnly"] as const) expect(reading(stored, text, rule), `${rule}: ${JSON.stringify(text)}`).toEqual(reading(full, text, rule));
}

/** Every string value of every YAML file under a folder: abilities, prices, names, near misses. */
function yamlStrings(dir: string): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, name);
    if (!/\.ya?ml$/.test(name) || !statSync(path).isFile()) continue;
    try {
      walk(parseYaml(readFileSync(path, "utf8"), { logLevel: "silent" }));
    } catch {
      // An invalid fixture: its strings are not needed here.
    }
  }
  return out;
}

const projectTexts = [...new Set([...yamlStrings(join(repoRoot, "cards")), ...yamlStrings(join(repoRoot, "test/fixtures"))])];

/** Every kind of token the language has, as written: keywords, punctuation, numbers, words. */
const pieces = [...keywordTexts, "card", "cards", "x", "->", ":", ";", ",", "(", ")", "0", "1", "3", "+1", "-2", "scrap", "vp", "workers", "conquest", "you", "have"];

describe("the stored grammar analysis", () => {
  it("is taken by a parser of the same grammar", () => {
    expect(stored.analysis).toBe("stored");
    expect(full.analysis).toBe("full");
    expect(analysis.lookahead.length).toBeGreaterThan(20);
  });

  it("parses every text of the project's card files and fixtures as the full analysis does", () => {
    expect(projectTexts.length).toBeGreaterThan(300);
    for (const text of projectTexts) expectSameReading(text);
  });

  it("parses token sequences near and far from the language as the full analysis does", () => {
    const soup = fc.array(fc.constantFrom(...pieces), { maxLength: 16 }).map((parts) => parts.join(" "));
    const abilities = projectTexts.filter((t) => t.length < 200);
    // A project ability with tokens deleted, repeated or inserted: mostly one mistake away from valid.
    const nearMiss = fc
      .tuple(fc.constantFrom(...abilities), fc.array(fc.tuple(fc.nat(), fc.constantFrom("delete", "repeat", "insert"), fc.constantFrom(...pieces)), { minLength: 1, maxLength: 3 }))
      .map(([text, edits]) => {
        const words = text.split(/(?<=[\s,;:()])|(?=[,;:()])/);
        for (const [at, op, piece] of edits) {
          const i = at % (words.length + 1);
          if (op === "delete") words.splice(i, 1);
          else if (op === "repeat") words.splice(i, 0, words[i] ?? piece);
          else words.splice(i, 0, ` ${piece} `);
        }
        return words.join("");
      });
    fc.assert(fc.property(fc.oneof(soup, nearMiss), (text) => expectSameReading(text)), { seed: 51, numRuns: 4000 });
  });

  it("is refused, and the grammar analysed afresh, when it is not the parser's", () => {
    const refused = (a: ParserAnalysis) => new AbilityParser({ stored: a }).analysis;
    expect(refused({ ...analysis, rules: analysis.rules.slice(1) })).toBe("full");
    expect(refused({ ...analysis, rules: [...analysis.rules].reverse() })).toBe("full");
    expect(refused({ ...analysis, chevrotain: "10.5.0" })).toBe("full");
    const unknownToken = analysis.lookahead.map((e) => (e.kind === "optional" ? { ...e, paths: [["NoSuchToken"]] } : e));
    expect(refused({ ...analysis, lookahead: unknownToken })).toBe("full");
    // Refused, it still parses (and words its errors) as any parser does.
    const p = new AbilityParser({ stored: { ...analysis, chevrotain: "10.5.0" } });
    expect(reading(p, "gain 3 scrap; keep", "statements")).toEqual(reading(full, "gain 3 scrap; keep", "statements"));
    expect(reading(p, "gain gain", "statements")).toEqual(reading(full, "gain gain", "statements"));
  });

  it("offers the same next tokens to complete a half-typed ability (the language server)", () => {
    const next = (parser: AbilityParser, text: string, rule: "statements" | "assetListOnly") =>
      parser.computeContentAssist(rule, abilityLexer.tokenize(text).tokens).map((s) => [s.nextTokenType.name, s.ruleStack.join(">")]);
    const prefixes = projectTexts.filter((t) => abilityLexer.tokenize(t).errors.length === 0).flatMap((t) => {
      const tokens = abilityLexer.tokenize(t).tokens;
      return tokens.map((_, i) => t.slice(0, tokens[i]!.startOffset));
    });
    expect(prefixes.length).toBeGreaterThan(1000);
    for (const text of prefixes.slice(0, 3000)) {
      for (const rule of ["statements", "assetListOnly"] as const) {
        let expected: unknown;
        try {
          expected = next(full, text, rule);
        } catch (error) {
          expected = String(error);
        }
        let actual: unknown;
        try {
          actual = next(stored, text, rule);
        } catch (error) {
          actual = String(error);
        }
        expect(actual, `${rule}: ${JSON.stringify(text)}`).toEqual(expected);
      }
    }
    expect(next(stored, "gain 3 scrap", "statements").map(([t]) => t)).toEqual(expect.arrayContaining(["Per", "If"]));
  });

  it("words a syntax error's expected tokens from the grammar, which a stored parser records only then", () => {
    // No alternative fits: the message lists what each could start with, worked out from the recorded grammar.
    const r = reading(stored, "gain 3 scrap; produce", "statements") as { errors: { message: string }[] };
    expect(r.errors.map((e) => e.message)).toEqual(['expected ":", a number or "contact" but found the end of the text']);
    expect(stored.getSerializedGastProductions()).toEqual(full.getSerializedGastProductions());
  });
});

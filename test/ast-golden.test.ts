/**
 * The syntax tree of every construct of the card language, checked against
 * golden files in test/golden/ast/ (`{ "source": …, "ast": … }`, spans
 * included). The checker, compiler and renderers all read this tree, so any
 * change to its shape must be deliberate: rerun with UPDATE_GOLDEN=1 to
 * rewrite the goldens, then review the diff.
 *
 * Besides the goldens, every tree is checked for self-consistency: each span
 * lies inside the source, each word's span holds exactly its text and each
 * number's span exactly its digits.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { amountKinds } from "../src/constructs/amounts/index.js";
import { conditionKinds } from "../src/constructs/conditions/index.js";
import { effectKinds } from "../src/constructs/effects/index.js";
import { describe, expect, it } from "vitest";
import { parseAssets, parseStatements, type ParseResult, type StatementKind } from "../grammar/index.js";
import { traitKinds, type TraitKind } from "../src/constructs/traits/index.js";

/** Every statement kind, from the kind union: the traits from their table, the others from a record the compiler checks against the union. */
const otherStatements: { readonly [K in Exclude<StatementKind, TraitKind>]: true } = { gain: true, produce: true, once: true, keep: true, action: true, combo: true };
const everyStatementKind: string[] = [...Object.keys(otherStatements), ...traitKinds];

const goldenDir = join(import.meta.dirname, "golden", "ast");
const update = process.env["UPDATE_GOLDEN"] === "1";

type Entry = "statements" | "assets";

/** name → [entry rule, source]. The name is the golden file's name. */
const cases: Record<string, [Entry, string]> = {
  // statements
  "gain": ["statements", "gain 3 scrap"],
  "gain-several-assets": ["statements", "gain 1 fuel, 2 weapons, 1 card"],
  "produce": ["statements", "produce 3 workers, 1 scrap"],
  "once": ["statements", "once: 2 building-material"],
  "keep": ["statements", "keep"],
  "keep-n": ["statements", "keep 3"],
  "action-without-pay": ["statements", "action: 2 fuel"],
  "action-with-pay": ["statements", "action: pay 1 weapons, 1 fuel -> 2 vp"],
  "action-two-workers": ["statements", "action(2 workers): pay 1 scrap -> 3 x 1 vp"],
  "action-zero-workers-repeatable": ["statements", "action(0 workers, repeatable): pay 2 cards -> 1 vp"],
  "slots-spoils": ["statements", "slots 3 spoils"],
  "slots-agreements": ["statements", "slots 2 agreements"],
  "slots-deals": ["statements", "slots 3 deals"],
  "convert": ["statements", "convert 1 fuel -> contact cooperation 3"],
  "convert-to-effects": ["statements", "convert 1 spoils, 1 card -> steal 1 resource, redevelop"],
  "each": ["statements", "each fuel card -> 1 vp"],
  "depot": ["statements", "depot 3"],
  "combo-two": ["statements", "combo scrap fuel -> 1 vp"],
  "combo-three": ["statements", "combo scrap fuel weapons -> 2 vp"],
  "limit-hand": ["statements", "limit hand 12"],
  "limit-sent-workers": ["statements", "limit sent-workers 5"],
  "limit-keep": ["statements", "limit keep 2"],
  "range-distance": ["statements", "range -1 distance 3"],
  "range-card-type": ["statements", "range -1 scrap card"],
  "range-more": ["statements", "range +2 distance 1"],
  "range-unsigned": ["statements", "range 1 distance 3"],
  "base-power-action": ["statements", "produce 3 workers, 1 fuel; slots 3 deals; action(2 workers): pay 1 fuel -> 1 vp"],
  "base-power-traits": ["statements", "produce 3 workers, 1 weapons; slots 3 deals; depot 2; convert 1 weapons -> 2 scrap"],
  "lookout-take-leftover": ["statements", "lookout take-leftover"],
  "lookout-draw-instead": ["statements", "lookout draw-instead"],
  "lookout-draw-two-keep-one": ["statements", "lookout draw-two-keep-one"],
  "lookout-discard-after-first": ["statements", "lookout discard-after-first"],
  "after-trigger": ["statements", "after conquer -> 1 vp"],
  "after-redevelop": ["statements", "after redevelop -> 1 vp"],
  "after-play-type": ["statements", "after play building-material card -> 1 vp"],
  "after-redevelop-type": ["statements", "after redevelop scrap card -> 1 vp"],
  "after-incorporate-distance": ["statements", "after incorporate distance 3 -> 1 fuel"],
  "after-play-as": ["statements", "after play as location -> 1 scrap"],
  "after-play-every-qualifier": ["statements", "after play fuel card distance 2 as agreement -> 2 x 1 vp"],
  "after-production": ["statements", "after production -> 1 fuel"],
  "after-pass": ["statements", "after pass -> 1 card"],
  "several-statements": ["statements", "produce 1 scrap; keep 2; once: 1 card"],
  "trailing-semicolon": ["statements", "depot 2;"],
  "unicode-arrow-and-times": ["statements", "action: pay 1 fuel → 2 × 1 vp"],
  "extra-whitespace": ["statements", "  gain   2  scrap ,1 fuel  "],
  // effects (in actions)
  "effect-steal-resource": ["statements", "action: steal 1 resource"],
  "effect-steal-fuel": ["statements", "action: steal 1 fuel"],
  "effect-redevelop": ["statements", "action: pay 1 building-material -> redevelop"],
  "effect-redevelop-any-type": ["statements", "action: redevelop any type"],
  "effect-redevelopment-token": ["statements", "action: pay 2 workers -> 1 redevelopment"],
  "effect-steal-worker": ["statements", "action: steal 1 worker"],
  "effect-steal-card": ["statements", "action: pay 1 weapons -> steal 1 card"],
  "effect-opponents-give": ["statements", "action: each opponent gives 1 resource"],
  "effect-opponents-discard": ["statements", "action: each opponent discards 2 cards"],
  "effect-choice": ["statements", "action: pay 1 scrap -> 2 fuel or 1 vp"],
  "effect-choice-three-then-more": ["statements", "convert 1 fuel -> 1 card or steal 1 worker or redevelop, 1 scrap"],
  // amounts that scale (src/constructs/amounts)
  "per-agreement": ["statements", "gain 1 vp per agreement"],
  "per-card-type": ["statements", "produce 1 fuel per scrap card"],
  "per-every-n-and-opponent": ["statements", "gain 1 card per 2 fuel, 1 scrap per opponent"],
  "per-in-choice": ["statements", "action: pay 1 fuel -> 2 x 1 vp per 3 locations or 1 card per leader"],
  "per-in-trigger": ["statements", "after conquer -> 1 weapons per spoils"],
  "per-signed": ["statements", "once: 1 vp per -1 deal"],
  // conditions (src/constructs/conditions), at the end of gain, produce and action
  "condition-leader": ["statements", "produce 2 weapons if you have a leader"],
  "condition-cards": ["statements", "produce 1 vp if you have 3 fuel cards"],
  "condition-hold": ["statements", "action: pay 1 fuel -> 2 vp if you hold 2 scrap"],
  "condition-hold-any": ["statements", "action(0 workers): 1 card if you hold 3 resources"],
  "condition-fewer": ["statements", "gain 1 vp if you have fewer vp than an opponent"],
  "condition-then-statement": ["statements", "gain 2 fuel; gain 1 vp if you have an leader;"],
  // a production with a cost (src/constructs/production-cost.ts)
  "production-cost": ["statements", "produce: pay 2 scrap -> 1 building-material, 1 vp"],
  "production-cost-beside-free": ["statements", "produce 1 fuel; produce: pay 2 fuel -> 1 vp"],
  "production-cost-with-condition": ["statements", "produce: pay 1 weapons -> 2 vp if you have fewer vp than an opponent"],
  // assets (contact price, leader resources)
  "asset-resource": ["assets", "1 building-material"],
  "asset-workers": ["assets", "2 workers"],
  "asset-card": ["assets", "1 card"],
  "asset-cards": ["assets", "2 cards"],
  "asset-vp-1": ["assets", "1 vp"],
  "asset-vp-2": ["assets", "2 vp"],
  "asset-vp-2-tokens-of-1": ["assets", "2 x 1 vp"],
  "asset-contact": ["assets", "contact conquest 2"],
  "asset-contact-tokens": ["assets", "2 x contact universal 1"],
  "asset-redevelopment": ["assets", "1 redevelopment"],
  "asset-deal-costs": ["assets", "1 spoils, 1 agreement, 1 deal"],
  "asset-list": ["assets", "1 card, 1 building-material"],
  "asset-per-resource": ["assets", "1 weapons per resources"],
  "asset-contact-per": ["assets", "contact conquest 2 per opponent"],
};

function parse(entry: Entry, source: string): ParseResult<unknown> {
  return entry === "statements" ? parseStatements(source) : parseAssets(source);
}

interface SpanLike {
  start: number;
  end: number;
}

/** Every span inside the text; words and numbers spell exactly their source characters. */
function checkSpans(source: string, node: unknown, path = "ast"): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => checkSpans(source, child, `${path}[${i}]`));
    return;
  }
  if (node === null || typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  const span = o["span"] as SpanLike | undefined;
  if (span) {
    expect(span.start, `${path}.span`).toBeGreaterThanOrEqual(0);
    expect(span.end, `${path}.span`).toBeGreaterThan(span.start);
    expect(span.end, `${path}.span`).toBeLessThanOrEqual(source.length);
    const text = source.slice(span.start, span.end);
    expect(text, `${path} does not start or end with blanks`).toBe(text.trim());
    if (typeof o["text"] === "string") expect(text, `${path}.text`).toBe(o["text"]);
    if (typeof o["value"] === "number") expect(Number(text), `${path}.value`).toBe(o["value"]);
  }
  for (const [k, v] of Object.entries(o)) if (k !== "span") checkSpans(source, v, `${path}.${k}`);
}

describe("AST goldens", () => {
  it.each(Object.entries(cases))("%s", (name, [entry, source]) => {
    const result = parse(entry, source);
    if (!result.ok) throw new Error(`${JSON.stringify(source)} does not parse: ${JSON.stringify(result.errors)}`);
    const actual = { source, ast: JSON.parse(JSON.stringify(result.value)) as unknown };
    checkSpans(source, actual.ast);
    const file = join(goldenDir, `${name}.json`);
    if (update) {
      mkdirSync(goldenDir, { recursive: true });
      writeFileSync(file, JSON.stringify(actual, null, 2) + "\n");
      return;
    }
    expect(existsSync(file), `${file} is missing; run the tests with UPDATE_GOLDEN=1`).toBe(true);
    expect(actual).toEqual(JSON.parse(readFileSync(file, "utf8")));
  });

  it("has no golden file without a case", () => {
    const wanted = new Set(Object.keys(cases).map((n) => `${n}.json`));
    const stale = readdirSync(goldenDir).filter((f) => f.endsWith(".json") && !wanted.has(f));
    if (update) stale.forEach((f) => rmSync(join(goldenDir, f)));
    else expect(stale).toEqual([]);
  });

  it("covers every statement kind and every effect and asset form", () => {
    const statementKinds = new Set<string>();
    const otherKinds = new Set<string>();
    const visit = (node: unknown, top: boolean): void => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n, top));
      if (node === null || typeof node !== "object") return;
      const o = node as Record<string, unknown>;
      if (typeof o["kind"] === "string") (top ? statementKinds : otherKinds).add(o["kind"]);
      for (const [k, v] of Object.entries(o)) if (k !== "span") visit(v, false);
    };
    for (const [entry, source] of Object.values(cases)) {
      const r = parse(entry, source);
      if (r.ok) visit(r.value, entry === "statements");
    }
    expect([...statementKinds].sort()).toEqual(everyStatementKind.sort());
    // Assets (quantity, contact), every effect, amount and condition construct of the tables, action options (workers, repeatable) and trigger qualifiers (type, distance, way).
    expect([...otherKinds].sort()).toEqual(["contact", "quantity", ...effectKinds, ...amountKinds, ...conditionKinds, "repeatable", "workers", "distance", "type", "way"].sort());
  });
});

/**
 * `limit hand 12`, `limit sent-workers 4`, `limit keep 2`: a rule of the base
 * game changed while the card is in its owner's play area: the Lookout's hand
 * limit (10 in the rulebook), how many Workers the owner may send to
 * opponents' Locations each turn (3), or how many resources on the owner's
 * Base stay through Clean-up (none: ruling 33). With several such cards the
 * most generous limit holds: limits are not added up (ruling 31 in
 * docs/engine-rulings.md).
 */
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { cst } from "../../../grammar/cst.js";
import { Integer, Keep, Word as WordToken, keyword } from "../../../grammar/tokens.js";
import type { Resolver } from "../../check/resolve.js";
import { int, object, str } from "../../compiler/code.js";
import { didYouMean } from "../../diagnostics/suggest.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { TraitConstruct } from "../construct.js";

/** What a limit may change, the base game's value, and how far a card may move it. */
export const limitTargets = {
  hand: { base: 10, min: 5, max: 20 },
  "sent-workers": { base: 3, min: 1, max: 6 },
  // As many as a keep card may hold (`keep N`).
  keep: { base: 0, min: 1, max: 3 },
} as const;

export type LimitTarget = keyof typeof limitTargets;

export interface LimitNode {
  readonly kind: "limit";
  readonly target: Word;
  readonly amount: Num;
  readonly span: Span;
}

export interface LimitModel {
  readonly kind: "limit";
  readonly target: LimitTarget;
  readonly amount: number;
}

export type LimitDef = LimitModel;

function target(r: Resolver, word: Word): LimitTarget | undefined {
  if (Object.hasOwn(limitTargets, word.text)) return word.text as LimitTarget;
  const known = Object.keys(limitTargets);
  r.report("S51-E301", word.span, { what: "limit", word: word.text }, didYouMean(word.text, known) ?? `a card may change: ${known.join(", ")}`);
  return undefined;
}

function inRange(r: Resolver, t: LimitTarget, n: Num): boolean {
  const { base, min, max } = limitTargets[t];
  if (n.value >= min && n.value <= max) return true;
  r.report("S51-E319", n.span, { limit: t, min, max, value: n.value }, `the base game's is ${base}`);
  return false;
}

function english(m: LimitModel, say: Sayings): string {
  switch (m.target) {
    case "hand":
      return `In the Lookout phase, your hand limit is ${say.token("card", m.amount)} (instead of ${limitTargets.hand.base}).`;
    case "sent-workers":
      return `Each turn, you may send up to ${say.token("worker", m.amount)} (instead of ${limitTargets["sent-workers"].base}) to opponents' Locations.`;
    case "keep":
      return `In Clean-up, you may keep up to ${say.anyResource(m.amount)} on your Base.`;
  }
}

function french(m: LimitModel, say: Sayings): string {
  switch (m.target) {
    case "hand":
      return `Pendant la phase de Pioche, vous pouvez avoir jusqu'à ${say.token("card", m.amount)} en main (au lieu de ${limitTargets.hand.base}).`;
    case "sent-workers":
      return `À chaque tour, vous pouvez envoyer jusqu'à ${say.token("worker", m.amount)} (au lieu de ${limitTargets["sent-workers"].base}) sur les Territoires adverses.`;
    case "keep":
      return `En Fin de tour, vous pouvez conserver jusqu'à ${say.anyResource(m.amount)} sur votre Base.`;
  }
}

export const limit: TraitConstruct<"limit", LimitNode, LimitModel, LimitDef> = {
  kind: "limit",
  example: "limit hand 12",
  keyword: keyword("Limit", "limit"),
  grammar: (g) => {
    // `keep` is a keyword of its own (the keep icon), so it is named beside the words.
    g.oneOf([WordToken, Keep], "target");
    g.consume(Integer);
  },
  build: (node, span) => ({ kind: "limit", target: cst.word(node, "target"), amount: cst.num(node, "Integer"), span }),
  check: (s, r) => {
    const t = target(r, s.target);
    return t && inRange(r, t, s.amount) ? { kind: "limit", target: t, amount: s.amount.value } : undefined;
  },
  emit: (m) => object([["kind", str("limit")], ["target", str(m.target)], ["amount", int(m.amount)]]),
  text: { en: english, fr: french },
  engine: (def, _trait, facts) => {
    facts.limits[def.target] = Math.max(facts.limits[def.target] ?? 0, def.amount);
  },
};

/**
 * `range -1 distance 3`, `range -1 scrap card`: while the card is a Location
 * in its owner's play area, the owner needs less (or, `+1`, more) range to
 * play a card of that distance or card type, by Conquest, Cooperation or
 * Incorporation alike. Several changes add up, on the printed distance,
 * never below 0 (ruling 32 in docs/engine-rulings.md).
 */
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { cst, tokens } from "../../../grammar/cst.js";
import { Card, Integer, Signed, Word as WordToken, keyword } from "../../../grammar/tokens.js";
import { resolveTerm, type Resolver } from "../../check/resolve.js";
import { int, object, str } from "../../compiler/code.js";
import { didYouMean } from "../../diagnostics/suggest.js";
import type { Sayings } from "../../text/phrasebook.js";
import { aTypeEn, typeFr } from "../card-type-text.js";
import type { TraitConstruct } from "../construct.js";

/** How far one statement may move the range needed: past 2 a distance-3 card would cost next to nothing. */
export const maxRangeChange = 2;
/** The distances printed on Locations (rulebook: "a Location bearing the 1 / 2 / 3 Distance value"). */
const distances: readonly number[] = [1, 2, 3];
const distancesSaid = "1, 2 or 3";

export interface RangeNode {
  readonly kind: "range";
  readonly amount: Num;
  /** Whether the amount was written with its sign (`-1`, `+1`): a bare `1` does not say which way. */
  readonly signed: boolean;
  /** `distance 3`: the word before the number (it must be `distance`) and the distance. */
  readonly distance?: { readonly word: Word; readonly value: Num };
  /** `scrap card`: the card type. */
  readonly cardType?: Word;
  readonly span: Span;
}

export type RangeModel =
  | { readonly kind: "range"; readonly amount: number; readonly distance: number }
  | { readonly kind: "range"; readonly amount: number; readonly cardType: string };

export type RangeDef = RangeModel;

/** One change of the range needed, as the engine reads it: for a printed distance or for a card type. */
export interface RangeChange {
  readonly distance: number | undefined;
  readonly cardType: string | undefined;
  readonly amount: number;
}

function amount(r: Resolver, s: RangeNode): number | undefined {
  const n = s.amount.value;
  const range = `-${maxRangeChange} to +${maxRangeChange}`;
  const written = Math.abs(n) > 1e6 ? "a number that large" : `${s.signed && n > 0 ? "+" : ""}${n}`;
  if (n === 0) r.report("S51-E321", s.amount.span, { written }, `a range change of 0 changes nothing: write ${range}, or leave the statement out`);
  else if (!s.signed) r.report("S51-E321", s.amount.span, { written: `${written} (without its sign)` }, `"-${n}" needs ${n} less range, "+${n}" ${n} more`);
  else if (Math.abs(n) > maxRangeChange) r.report("S51-E321", s.amount.span, { written }, "several cards with a change each add up");
  else return n;
  return undefined;
}

function distance(r: Resolver, d: NonNullable<RangeNode["distance"]>): number | undefined {
  let ok = true;
  if (d.word.text !== "distance") {
    r.report("S51-E322", d.word.span, { written: `${d.word.text} ${d.value.value}` }, didYouMean(d.word.text, ["distance"]) ?? 'write "distance 3" or, for a card type, "scrap card"');
    ok = false;
  }
  if (!distances.includes(d.value.value)) {
    r.report("S51-E320", d.value.span, { distance: d.value.value > 1e6 ? "a number that large" : d.value.value }, `Locations are at distance ${distancesSaid}`);
    ok = false;
  }
  return ok ? d.value.value : undefined;
}

function cardType(r: Resolver, word: Word): string | undefined {
  if (word.text === "distance") {
    r.report("S51-E322", word.span, { written: "distance card" }, `"distance" needs its number: write "distance N" (N is ${distancesSaid})`);
    return undefined;
  }
  return resolveTerm(r, word, "cardTypes");
}

/** "a card of distance 3", "a Scrap card", "an Oil card". */
function whatEn(m: RangeModel, say: Sayings): string {
  return "distance" in m ? `a card of distance ${m.distance}` : `${aTypeEn(say, m.cardType)} card`;
}

/** « une carte de Distance 3 », « une carte de type « Ferraille » ». */
function whatFr(m: RangeModel, say: Sayings): string {
  return "distance" in m ? `une carte de Distance ${m.distance}` : `une carte de type ${typeFr(say, m.cardType)}`;
}

export const range: TraitConstruct<"range", RangeNode, RangeModel, RangeDef> = {
  kind: "range",
  example: "range -1 distance 3",
  keyword: keyword("Range", "range"),
  grammar: (g) => {
    // A bare number parses so that the checker can ask for its sign.
    g.oneOf([Signed, Integer], "amount");
    g.consume(WordToken);
    g.oneOf([Integer, Card], "target", 2);
  },
  build: (node, span) => {
    const word = cst.word(node, "Word");
    const target = tokens(node.children, "target")[0]!;
    return {
      kind: "range",
      amount: cst.num(node, "amount"),
      signed: tokens(node.children, "amount")[0]!.tokenType === Signed,
      ...(target.tokenType === Integer ? { distance: { word, value: cst.num(node, "target") } } : { cardType: word }),
      span,
    };
  },
  check: (s, r) => {
    const n = amount(r, s);
    if (s.distance) {
      const d = distance(r, s.distance);
      return n !== undefined && d !== undefined ? { kind: "range", amount: n, distance: d } : undefined;
    }
    const t = cardType(r, s.cardType!);
    return n !== undefined && t !== undefined ? { kind: "range", amount: n, cardType: t } : undefined;
  },
  emit: (m) => object([["kind", str("range")], ["amount", int(m.amount)], "distance" in m ? ["distance", int(m.distance)] : ["cardType", str(m.cardType)]]),
  text: {
    // For the three plays that need Range (a Redevelopment needs none).
    // « la Portée requise », as the rulebook has a play need the Range its Distance asks.
    en: (m, say) => `To Conquer, Cooperate with or Incorporate ${whatEn(m, say)}, the Range required is ${m.amount < 0 ? "reduced" : "increased"} by ${Math.abs(m.amount)}.`,
    fr: (m, say) => `Pour un Pillage, une Coopération ou un Rattachement d'${whatFr(m, say)}, la Portée requise est ${m.amount < 0 ? "réduite" : "augmentée"} de ${Math.abs(m.amount)}.`,
  },
  engine: (def, _trait, facts) => {
    facts.rangeChanges.push("distance" in def ? { distance: def.distance, cardType: undefined, amount: def.amount } : { distance: undefined, cardType: def.cardType, amount: def.amount });
  },
};

/**
 * How both phrasebooks group a list before wording it: costs into what is
 * paid and what is discarded, effects into what is gained (said with one
 * "gain" verb) and the other effects, each in order.
 */
import { isAsset, type Asset, type Conditional, type Cost, type Effect, type Gift } from "../check/model.js";
import { conditionPieces } from "../constructs/conditions/index.js";
import type { Sayings } from "./phrasebook.js";

export function splitEffects(list: readonly Effect[]): { gains: Asset[]; others: Exclude<Effect, Asset>[] } {
  const gains: Asset[] = [];
  const others: Exclude<Effect, Asset>[] = [];
  for (const e of list) {
    if (isAsset(e)) gains.push(e);
    else others.push(e);
  }
  return { gains, others };
}

type Paid = Extract<Cost, { kind: "resource" | "worker" }>;
type Discarded = Extract<Cost, { kind: "card" | "deal" }>;

export function splitCosts(list: readonly Cost[]): { paid: Paid[]; discarded: Discarded[] } {
  const paid: Paid[] = [];
  const discarded: Discarded[] = [];
  for (const c of list) {
    if (c.kind === "resource" || c.kind === "worker") paid.push(c);
    else discarded.push(c);
  }
  return { paid, discarded };
}

export function splitGifts(list: readonly Gift[]): { plain: Asset[]; conditional: Conditional[] } {
  const plain: Asset[] = [];
  const conditional: Conditional[] = [];
  for (const g of list) {
    if (g.kind === "if") conditional.push(g);
    else plain.push(g);
  }
  return { plain, conditional };
}

/** One sentence for what is given outright, then one for each condition's gains: "Gain 2 Scrap. Gain 1 VP if you have a Leader." */
export function giftSentences(list: readonly Gift[], say: Sayings, sentence: (assets: readonly Asset[]) => string): string {
  const { plain, conditional } = splitGifts(list);
  const out = plain.length > 0 ? [`${sentence(plain)}.`] : [];
  for (const c of conditional) out.push(`${sentence(c.gains)} ${conditionPieces.text(c.condition, say)}.`);
  return out.join(" ");
}

/** Cards are drawn, everything else gained: "gain 2 Fuel and draw 1 card" (rulebook "Draw", « Piochez »). */
export function splitDrawn(list: readonly Asset[]): { gained: Asset[]; drawn: Asset[] } {
  return { gained: list.filter((a) => a.kind !== "card"), drawn: list.filter((a) => a.kind === "card") };
}

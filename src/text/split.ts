/**
 * How both phrasebooks group a list before wording it: costs into what is
 * paid and what is discarded, effects into what is gained (said with one
 * "gain" verb) and the other effects, each in order.
 */
import { isAsset, type Asset, type Cost, type Effect } from "../check/model.js";

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

import type { Asset, Effect } from "../check/model.js";

/** An effect list split into what is gained (said with one "gain" verb) and the other effects, in order. */
export function splitEffects(list: readonly Effect[]): { gains: Asset[]; others: Exclude<Effect, Asset>[] } {
  const gains: Asset[] = [];
  const others: Exclude<Effect, Asset>[] = [];
  for (const e of list) {
    if (e.kind === "steal" || e.kind === "redevelop") others.push(e);
    else gains.push(e);
  }
  return { gains, others };
}

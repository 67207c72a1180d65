import type { Card } from "../check/model.js";
import { didYouMean } from "../diagnostics/suggest.js";

export type Picked = { readonly cards: Card[] } | { readonly unknown: string; readonly hint?: string };

/** The ids of a `--cards` list: comma-separated, blanks dropped. */
export function cardIds(list: string): string[] {
  return list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** The cards named by `--cards`, in the order named, or the first unknown id with the closest known one. */
export function selectCards(all: readonly Card[], ids: readonly string[]): Picked {
  const byId = new Map(all.map((c) => [c.id, c]));
  const cards: Card[] = [];
  for (const id of ids) {
    const card = byId.get(id);
    if (card === undefined) {
      const hint = didYouMean(id, byId.keys());
      return hint === undefined ? { unknown: id } : { unknown: id, hint };
    }
    cards.push(card);
  }
  return { cards };
}

/** The one line an unknown id gets. */
export function unknownCard(picked: { readonly unknown: string; readonly hint?: string }): string {
  return `no card with id "${picked.unknown}"${picked.hint === undefined ? "" : ` (${picked.hint})`}`;
}

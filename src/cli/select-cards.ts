import type { Card } from "../check/model.js";
import { didYouMean } from "../diagnostics/suggest.js";
import { UsageError } from "./usage-error.js";

export type Picked = { readonly cards: Card[] } | { readonly unknown: string; readonly hint?: string };

/**
 * The ids of a `--cards` list: comma-separated, blanks dropped. A list naming
 * none (`""`, `,`) is a UsageError: taken as no filter it would act on every
 * card, and as a filter on none.
 */
export function cardIds(list: string): string[] {
  const ids = list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (ids.length === 0) throw new UsageError("--cards names no card: give card ids separated by commas, e.g. --cards scrapyard,pub");
  return ids;
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

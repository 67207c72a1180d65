/**
 * The SHA-256 of a compiled card set, recorded in every game log so that a
 * log made with other cards is refused plainly. It hashes what the cards
 * are and do, not how their code is written: every field but the compiled
 * functions, whose calls are beside them as data (`calls`), so the bundled,
 * minified set and the generated sources give the same digest, and no card
 * code is run.
 */
import { createHash } from "node:crypto";
import type { CardRegistry } from "./definitions.js";

/**
 * The same data with every object's keys in a fixed order and no functions:
 * its JSON depends on the values alone, not on the order keys were added
 * (a card's compiled functions are beside their calls as data). Game-state
 * digests use it too (src/sim/game-log.ts).
 */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (typeof v !== "function") out[k] = canonical(v);
    }
    return out;
  }
  return value;
}

const digests = new WeakMap<CardRegistry, string>();

export function cardSetDigest(cards: CardRegistry): string {
  let d = digests.get(cards);
  if (!d) {
    d = createHash("sha256").update(JSON.stringify(canonical({ cards: cards.cards, basicResources: cards.basicResources, contactColours: cards.contactColours }))).digest("hex");
    digests.set(cards, d);
  }
  return d;
}

/** Each card's own digest (as `cardSetDigest` hashes it), by id: to tell which cards two sets hold alike. */
export function cardDigests(cards: CardRegistry): Map<string, string> {
  return new Map(cards.cards.map((c) => [c.id, createHash("sha256").update(JSON.stringify(canonical(c))).digest("hex")]));
}

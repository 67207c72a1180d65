/**
 * The SHA-256 of a compiled card set, recorded in every game log so that a
 * log made with other cards is refused plainly. It hashes what the cards
 * are and do, not how their code is written: every field, and each compiled
 * function as the list of calls it makes (so the bundled, minified set and
 * the generated sources give the same digest).
 */
import { createHash } from "node:crypto";
import type { CardRegistry } from "./definitions.js";

/** A recorder for any compiled card function: every API method it calls, with its arguments. */
function calls(fn: (api: never) => void): unknown[] {
  const out: unknown[] = [];
  const api = new Proxy({}, { get: (_t, method) => (...args: unknown[]) => void out.push([String(method), ...args]) });
  fn(api as never);
  return out;
}

function canonical(value: unknown): unknown {
  if (typeof value === "function") return { calls: calls(value as (api: never) => void) };
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = canonical((value as Record<string, unknown>)[k]);
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

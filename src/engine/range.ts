/**
 * Range for Conquest, Cooperation and Incorporation: "the player can spend
 * Contact cards and Contact tokens of appropriate value and colour. The
 * values of individual Contact cards and Contact tokens of the same colour
 * are added together … must be equal to or greater than the Distance". The
 * player chooses which pay; the engine lists the plans no other plan beats:
 * those with no source to spare (dropping any one falls short), one per set
 * of interchangeable tokens, whose contacts' prices can be paid.
 */
import type { RangePlan } from "./choices.js";
import { contact, type Game } from "./game.js";
import { mergeDemands, demandOf, noDemand } from "./facts.js";
import type { CardId, PlayerState } from "./state.js";
import type { Demand } from "./tasks.js";
import { canPay, canPayResources, resourceTotals } from "./tokens.js";

export type RangeColour = "conquest" | "cooperation" | "incorporation";

interface Source {
  readonly kind: "token" | "permanent" | "contact";
  readonly range: number;
  readonly ref: number | CardId;
  readonly price: Demand | undefined;
}

/** Every source of each colour, in one pass over the player's tokens, contacts and hand. */
function allSources(game: Game, seat: number): Source[][] {
  const p = game.state.players[seat]!;
  const out: Source[][] = [[], [], []];
  const add = (colour: string, src: Source): void => {
    if (colour === "universal") for (const list of out) list.push(src);
    else {
      const i = colourIndex[colour as RangeColour];
      if (i !== undefined) out[i]!.push(src);
    }
  };
  p.pool.contactTokens.forEach((t, i) => add(t.colour, { kind: "token", range: t.range, ref: i, price: undefined }));
  for (const pc of p.contacts) {
    if (pc.usedThisTurn) continue;
    const def = contact(game, pc.card);
    add(def.colour, { kind: "permanent", range: def.range, ref: pc.card, price: demandOf(def.price) });
  }
  for (const id of p.hand) {
    const def = game.cards.byId.get(id);
    if (def?.kind === "contact" && def.use === "one-time") add(def.colour, { kind: "contact", range: def.range, ref: id, price: demandOf(def.price) });
  }
  return out;
}

function sources(game: Game, seat: number, colour: RangeColour): Source[] {
  const p = game.state.players[seat]!;
  const fits = (c: string): boolean => c === colour || c === "universal";
  const out: Source[] = [];
  p.pool.contactTokens.forEach((t, i) => {
    if (fits(t.colour)) out.push({ kind: "token", range: t.range, ref: i, price: undefined });
  });
  for (const pc of p.contacts) {
    const def = contact(game, pc.card);
    if (!pc.usedThisTurn && fits(def.colour)) out.push({ kind: "permanent", range: def.range, ref: pc.card, price: demandOf(def.price) });
  }
  for (const id of p.hand) {
    const def = game.cards.byId.get(id);
    if (def?.kind === "contact" && def.use === "one-time" && fits(def.colour)) out.push({ kind: "contact", range: def.range, ref: id, price: demandOf(def.price) });
  }
  return out;
}

/** Sources with the same key are interchangeable (two tokens of one colour and range). */
function sourceKey(p: PlayerState, s: Source): string {
  if (s.kind !== "token") return `${s.kind}:${s.ref}`;
  const t = p.pool.contactTokens[s.ref as number]!;
  return `token:${t.colour}:${t.range}`;
}

function toPlan(chosen: readonly Source[]): RangePlan {
  return {
    tokens: chosen.filter((s) => s.kind === "token").map((s) => s.ref as number),
    permanents: chosen.filter((s) => s.kind === "permanent").map((s) => s.ref as CardId),
    contacts: chosen.filter((s) => s.kind === "contact").map((s) => s.ref as CardId),
  };
}

/** The price of a plan's contact cards, all together. */
export function planPrice(game: Game, plan: RangePlan): Demand {
  return mergeDemands([...plan.permanents, ...plan.contacts].map((id) => demandOf(contact(game, id).price)));
}

/** Every plan with nothing to spare that the player can pay for, keeping `target` in the hand. */
function plansFor(game: Game, seat: number, all: readonly Source[], distance: number, target: CardId | "a card", firstOnly: boolean): RangePlan[] {
  const p = game.state.players[seat]!;
  const out: RangePlan[] = [];
  let total = 0;
  for (const src of all) total += src.range;
  if (total < distance) return out;
  const seen = new Set<string>();
  const chosen: Source[] = [];
  const visit = (from: number, sum: number, min: number): boolean => {
    if (sum >= distance) {
      // Nothing to spare: dropping the smallest source falls short.
      if (sum - min >= distance) return false;
      if (!firstOnly) {
        const key = chosen.map((s) => sourceKey(p, s)).sort().join(",");
        if (seen.has(key)) return false;
        seen.add(key);
      }
      const price = mergeDemands(chosen.flatMap((s) => (s.price ? [s.price] : [])));
      const keep = chosen.flatMap((s) => (s.kind === "contact" ? [s.ref as CardId] : []));
      if (target !== "a card") keep.push(target);
      if (!canPay(p, price, game.cards.basicResources, keep, target === "a card" ? 1 : 0)) return false;
      out.push(toPlan(chosen));
      return firstOnly;
    }
    for (let i = from; i < all.length; i++) {
      chosen.push(all[i]!);
      const stop = visit(i + 1, sum + all[i]!.range, Math.min(min, all[i]!.range));
      chosen.pop();
      if (stop) return true;
    }
    return false;
  };
  visit(0, 0, Infinity);
  return out;
}

const colourIndex: Record<RangeColour, number> = { conquest: 0, cooperation: 1, incorporation: 2 };

/** The greatest range (up to `cap`) an affordable set of sources reaches: the prices only grow with the set, so what one affordable set reaches, a set with nothing to spare inside it reaches too. */
function bestReach(game: Game, seat: number, all: readonly Source[], cap: number, totals: () => Readonly<Record<string, number>>): number {
  const p = game.state.players[seat]!;
  // Free sources alone (tokens, contacts without a price) are always affordable.
  let free = 0;
  let total = 0;
  for (const src of all) {
    total += src.range;
    if (!src.price || src.price === noDemand) free += src.range;
  }
  if (free >= cap) return cap;
  if (total === free) return free;
  const have = totals();
  // The range still to come after each source bounds what a branch can reach.
  const after: number[] = [];
  for (let i = all.length - 1, acc = 0; i >= 0; i--) after[i] = acc += all[i]!.range;
  let best = free;
  const chosen: Source[] = [];
  const visit = (from: number, sum: number): void => {
    if (sum > best) best = Math.min(sum, cap);
    for (let i = from; i < all.length && best < cap && sum + after[i]! > best; i++) {
      const src = all[i]!;
      chosen.push(src);
      // A free token or permanent changes no payment; a contact card, even a free one, leaves one card fewer to discard for the others' prices.
      if ((src.kind !== "contact" && (!src.price || src.price === noDemand)) || affordable(game, p, chosen, have)) visit(i + 1, sum + src.range);
      chosen.pop();
    }
  };
  visit(0, 0);
  return best;
}

/** Whether the chosen sources' prices can all be paid (the common prices, resources and cards, without building a Demand). */
function affordable(game: Game, p: PlayerState, chosen: readonly Source[], totals: Readonly<Record<string, number>>): boolean {
  // The target stays in the hand while the prices are paid: one card they cannot discard, whichever it is.
  let handLeft = p.hand.length - 1;
  let cards = 0;
  let workers = 0;
  let priced = 0;
  for (const src of chosen) {
    if (src.kind === "contact") handLeft--;
    const price = src.price;
    if (!price) continue;
    if (price.deals.spoils + price.deals.agreement + price.deals.deal > 0) {
      const keep = chosen.flatMap((s) => (s.kind === "contact" ? [s.ref as CardId] : []));
      return canPay(p, mergeDemands(chosen.flatMap((s) => (s.price ? [s.price] : []))), game.cards.basicResources, keep, 1, totals);
    }
    cards += price.cards;
    workers += price.workers;
    for (const r in price.resources) {
      scratch[r] = (scratch[r] ?? 0) + price.resources[r]!;
      priced++;
    }
  }
  const ok = handLeft >= cards && p.pool.workers >= workers && (priced === 0 || canPayResources(p, scratch, game.cards.basicResources, totals));
  for (const r in scratch) delete scratch[r];
  return ok;
}

/** The resources the chosen sources ask for, summed in one reused object (this runs thousands of times a game). */
const scratch: Record<string, number> = {};

/** The greatest distance in the base game's rules; a planner checks reach up to it once per colour. */
const maxDistance = 3;

/**
 * A planner for one player at one moment (one action decision): whether a
 * colour reaches a distance, worked out once per colour however many cards
 * the hand holds.
 */
export function rangePlanner(game: Game, seat: number): (colour: RangeColour, distance: number) => boolean {
  const reach: (number | undefined)[] = [];
  let byColour: Source[][] | undefined;
  let totals: Readonly<Record<string, number>> | undefined;
  const have = (): Readonly<Record<string, number>> => (totals ??= resourceTotals(game.state.players[seat]!));
  return (colour, distance) => {
    const ci = colourIndex[colour];
    let r = reach[ci];
    if (r === undefined || (r < distance && r === maxDistance)) {
      byColour ??= allSources(game, seat);
      reach[ci] = r = bestReach(game, seat, byColour[ci]!, Math.max(maxDistance, distance), have);
    }
    return r >= distance;
  };
}


/** The plans a player chooses from to put `target` into play. */
export function rangePlans(game: Game, seat: number, colour: RangeColour, distance: number, target: CardId): RangePlan[] {
  return plansFor(game, seat, sources(game, seat, colour), distance, target, false);
}

/** The most range a player could put together for a colour this action (for bots and tests). */
export function reachable(game: Game, seat: number, colour: RangeColour): number {
  return sources(game, seat, colour).reduce((n, s) => n + s.range, 0);
}

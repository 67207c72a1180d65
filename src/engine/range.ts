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
import { cardFacts, mergeDemands, demandOf, noDemand, type ContactFacts, type LocationFacts } from "./facts.js";
import type { RangeChange } from "../constructs/traits/range.js";
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

/** No range change (the base set's every case): shared. */
export const noRangeChanges: readonly RangeChange[] = Object.freeze([]);

/**
 * The `range` changes of a player's Locations in play and Base's power, gathered once for all
 * the cards of a decision; none (and no walk over the Locations) in a set
 * without `range` traits, such as the base set.
 */
export function rangeChangesOf(game: Game, p: PlayerState): readonly RangeChange[] {
  const set = cardFacts(game.cards);
  if (!set.setHas.rangeChanges) return noRangeChanges;
  const out: RangeChange[] = [];
  for (const l of p.locations) out.push(...set.locations.get(l.card)!.rangeChanges);
  const power = set.powers.get(p.base);
  if (power) out.push(...power.rangeChanges);
  return out.length > 0 ? out : noRangeChanges;
}

/**
 * The range a player needs to play a Location: its Distance, changed by the
 * `range` traits of the Locations in their play area and of their Base's
 * power (`changes`, from `rangeChangesOf`; ruling 37), each that names its printed distance or one of its card
 * types; the changes add up and the need is never below 0, which no Contact
 * is needed to meet (ruling 32).
 */
export function rangeNeeded(f: LocationFacts, changes: readonly RangeChange[]): number {
  const printed = f.def.distance;
  if (changes.length === 0) return printed;
  let need: number = printed;
  for (let j = 0; j < changes.length; j++) {
    const c = changes[j]!;
    if (c.distance === printed || (c.cardType !== undefined && f.def.types.includes(c.cardType))) need += c.amount;
  }
  return need > 0 ? need : 0;
}

/** Every source of one colour (by its index, see `colourIndex`): the player's tokens, unused permanent Contacts and one-time Contacts in the hand. */
function sourcesOf(game: Game, seat: number, ci: number): Source[] {
  const p = game.state.players[seat]!;
  const { contacts, colourMasks } = cardFacts(game.cards);
  const bit = 1 << ci;
  const out: Source[] = [];
  p.pool.contactTokens.forEach((t, i) => {
    if ((colourMasks.get(t.colour) ?? 0) & bit) out.push({ kind: "token", range: t.range, ref: i, price: undefined });
  });
  for (const pc of p.contacts) {
    if (pc.usedThisTurn) continue;
    const c = contacts.get(pc.card)!;
    if (c.colourMask & bit) out.push(c);
  }
  for (const id of p.hand) {
    const c = contacts.get(id);
    if (c?.kind === "contact" && c.colourMask & bit) out.push(c);
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
  const plan = { tokens: [] as number[], permanents: [] as CardId[], contacts: [] as CardId[] };
  for (const s of chosen) {
    if (s.kind === "token") plan.tokens.push(s.ref as number);
    else if (s.kind === "permanent") plan.permanents.push(s.ref as CardId);
    else plan.contacts.push(s.ref as CardId);
  }
  return plan;
}

/** The price of a plan's contact cards, all together. */
export function planPrice(game: Game, plan: RangePlan): Demand {
  const contacts = cardFacts(game.cards).contacts;
  const prices: Demand[] = [];
  for (const ids of [plan.permanents, plan.contacts]) {
    for (let i = 0; i < ids.length; i++) {
      const d = contacts.get(ids[i]!)?.price ?? demandOf(contact(game, ids[i]!).price);
      if (d !== noDemand) prices.push(d);
    }
  }
  // Tokens and free contacts cost nothing; one contact's price is its own (demands are never changed in place).
  return prices.length === 0 ? noDemand : prices.length === 1 ? prices[0]! : mergeDemands(prices);
}

/** Every plan with nothing to spare that the player can pay for, `kept` cards (the target) staying in the hand. */
function plansFor(game: Game, seat: number, all: readonly Source[], distance: number, kept: number): RangePlan[] {
  const p = game.state.players[seat]!;
  const out: RangePlan[] = [];
  let total = 0;
  for (const src of all) total += src.range;
  if (total < distance) return out;
  let counted: Readonly<Record<string, number>> | undefined;
  const totals = (): Readonly<Record<string, number>> => (counted ??= resourceTotals(p));
  // Only tokens can be alike (every card is one of a kind): with fewer than two tokens, no plan is found twice.
  let tokens = 0;
  for (const src of all) if (src.kind === "token") tokens++;
  const twins = tokens > 1;
  const keys = twins ? all.map((s) => sourceKey(p, s)) : [];
  const seen = twins ? new Set<string>() : undefined;
  const chosen: Source[] = [];
  const chosenKeys: string[] = [];
  const visit = (from: number, sum: number, min: number): void => {
    if (sum >= distance) {
      // Nothing to spare: dropping the smallest source falls short.
      if (sum - min >= distance) return;
      if (seen) {
        const key = chosenKeys.slice().sort().join(",");
        if (seen.has(key)) return;
        seen.add(key);
      }
      if (spareCards(game, p, chosen, totals, kept) >= 0) out.push(toPlan(chosen));
      return;
    }
    for (let i = from; i < all.length; i++) {
      chosen.push(all[i]!);
      if (twins) chosenKeys.push(keys[i]!);
      visit(i + 1, sum + all[i]!.range, Math.min(min, all[i]!.range));
      chosen.pop();
      if (twins) chosenKeys.pop();
    }
  };
  visit(0, 0, Infinity);
  return out;
}

/** A range colour's place in the per-colour lists and in a contact colour's mask (facts.ts `colourMasks`). */
function colourIndex(colour: RangeColour): number {
  return colour === "conquest" ? 0 : colour === "cooperation" ? 1 : 2;
}

/**
 * One colour's sources as the reach check sees them (what is always in, the
 * free contact cards' ranges, the priced sources), and what is known so far
 * of the best reach they give: at least `atLeast`, less than `below`.
 */
interface ColourReach {
  fixed: number;
  freeSum: number;
  pricedSum: number;
  /** Strongest first. */
  free: number[] | undefined;
  priced: Source[] | undefined;
  atLeast: number;
  below: number;
}

function noSources(): ColourReach {
  return { fixed: 0, freeSum: 0, pricedSum: 0, free: undefined, priced: undefined, atLeast: 0, below: 0 };
}

/**
 * Each colour's sources sorted for the reach check (tokens and free
 * permanents, free contact cards, priced sources), in one pass over the
 * player's tokens, contacts and hand as `sourcesOf` reads them: asked at
 * every action decision with a Location in the hand, so a token or a free
 * permanent only adds to a sum, and a contact is its card facts (no Source
 * is made for either).
 */
function colourReaches(game: Game, seat: number, handContacts: readonly ContactFacts[] | undefined): ColourReach[] {
  const p = game.state.players[seat]!;
  const { contacts, colourMasks } = cardFacts(game.cards);
  const out = [noSources(), noSources(), noSources()];
  for (const t of p.pool.contactTokens) {
    const mask = colourMasks.get(t.colour) ?? 0;
    for (let i = 0; i < 3; i++) if (mask & (1 << i)) out[i]!.fixed += t.range;
  }
  for (const pc of p.contacts) {
    if (pc.usedThisTurn) continue;
    const c = contacts.get(pc.card)!;
    addContact(out, c.colourMask, c);
  }
  if (handContacts) for (let i = 0; i < handContacts.length; i++) addContact(out, handContacts[i]!.colourMask, handContacts[i]!);
  else {
    for (const id of p.hand) {
      const c = contacts.get(id);
      if (c?.kind === "contact") addContact(out, c.colourMask, c);
    }
  }
  for (const r of out) {
    // Tokens, free permanents and free contact cards are always in reach; nothing reaches past every source added up.
    r.atLeast = r.fixed + r.freeSum;
    r.below = r.atLeast + r.pricedSum + 1;
  }
  return out;
}

function addContact(out: ColourReach[], mask: number, c: ContactFacts): void {
  for (let i = 0; i < 3; i++) {
    if ((mask & (1 << i)) === 0) continue;
    const r = out[i]!;
    if (c.price === noDemand && c.kind === "permanent") r.fixed += c.range;
    else if (c.price === noDemand) {
      if (r.free === undefined) r.free = [c.range];
      else insertDescending(r.free, c.range);
      r.freeSum += c.range;
    } else {
      if (r.priced === undefined) r.priced = [c];
      else r.priced.push(c);
      r.pricedSum += c.range;
    }
  }
}

/** Puts a range into a list kept strongest first. */
function insertDescending(list: number[], range: number): void {
  let i = list.length;
  list.push(range);
  for (; i > 0 && list[i - 1]! < range; i--) list[i] = list[i - 1]!;
  list[i] = range;
}

/** The `k` strongest free contact cards' ranges added up (the list is kept strongest first). */
function strongest(free: readonly number[] | undefined, k: number): number {
  let sum = 0;
  if (free) for (let i = 0; i < k && i < free.length; i++) sum += free[i]!;
  return sum;
}

/** The priced sources of one mask (bestReach is never re-entered, so one list serves every call). */
const chosenScratch: Source[] = [];

/**
 * The greatest range (up to `cap`) of one colour an affordable set of
 * sources reaches. Tokens and free permanents touch no payment, so they are
 * always in; a free contact card only keeps one more card in the hand. So for
 * each set of priced sources (a handful: bits of a mask) the best is all the
 * free tokens and permanents, plus as many of the strongest free contact cards
 * as the hand can spare. A plan with nothing to spare lies inside any set that
 * reaches the distance, and costs no more.
 */
function bestReach(game: Game, seat: number, r: ColourReach, cap: number, totals: () => Readonly<Record<string, number>>): number {
  const { fixed, freeSum, priced } = r;
  let best = Math.min(cap, fixed + freeSum);
  if (best >= cap || priced === undefined) return best;
  // Even with every priced source paid for, the best can be no more than everything added up.
  cap = Math.min(cap, fixed + freeSum + r.pricedSum);
  const p = game.state.players[seat]!;
  const chosen = chosenScratch;
  for (let mask = 1; mask < 1 << priced.length && best < cap; mask++) {
    chosen.length = 0;
    let sum = 0;
    for (let i = 0; i < priced.length; i++) {
      if (mask & (1 << i)) {
        chosen.push(priced[i]!);
        sum += priced[i]!.range;
      }
    }
    if (fixed + sum + freeSum <= best) continue;
    const spare = spareCards(game, p, chosen, totals);
    if (spare < 0) continue;
    // The strongest free contact cards first: with k cards to spare, the top k are used.
    best = Math.min(cap, Math.max(best, fixed + sum + strongest(r.free, spare)));
  }
  return best;
}

/**
 * Whether the chosen sources' prices can all be paid, and if so how many
 * cards the hand still has to spare (the target card and the contact cards
 * spent stay out of the discards); -1 when they cannot.
 */
function spareCards(game: Game, p: PlayerState, chosen: readonly Source[], totals: () => Readonly<Record<string, number>>, kept = 1): number {
  let handLeft = p.hand.length - kept;
  let cards = 0;
  let workers = 0;
  let deals = false;
  let one: Readonly<Record<string, number>> | undefined;
  let several = false;
  for (const src of chosen) {
    if (src.kind === "contact") handLeft--;
    const price = src.price;
    if (!price) continue;
    if (price.deals.spoils + price.deals.agreement + price.deals.deal > 0) deals = true;
    cards += price.cards;
    workers += price.workers;
    for (const _ in price.resources) {
      // Counted by source, not by object: two contacts may share one compiled price.
      if (one === undefined) one = price.resources;
      else several = true;
      break;
    }
  }
  if (handLeft < cards || p.pool.workers < workers) return -1;
  // Most plans pay one contact's resources: its own demand is checked as it is; several are added up first.
  const resources = several ? mergeDemands(chosen.flatMap((s) => (s.price ? [s.price] : []))).resources : one;
  let ok = resources === undefined || canPayResources(p, resources, game.cards.basicResources, totals);
  if (ok && deals) {
    const keep = chosen.flatMap((s) => (s.kind === "contact" ? [s.ref as CardId] : []));
    ok = canPay(p, mergeDemands(chosen.flatMap((s) => (s.price ? [s.price] : []))), game.cards.basicResources, keep, kept, totals);
  }
  return ok ? handLeft - cards : -1;
}

/**
 * A planner for one player at one moment (one action decision): whether a
 * colour reaches a distance. Each colour's sources are read once however many
 * cards the hand holds; the priced sources are tried only for a distance
 * between what the free sources reach and what all of them add up to, and
 * only as far as that distance needs; what a search finds is kept.
 * `handContacts`, the one-time Contacts in the hand when the caller has
 * looked the hand up already, spares looking it up again.
 */
export function rangePlanner(
  game: Game,
  seat: number,
  have: () => Readonly<Record<string, number>> = () => resourceTotals(game.state.players[seat]!),
  handContacts?: readonly ContactFacts[],
): (colour: RangeColour, distance: number) => boolean {
  let sources: ColourReach[] | undefined;
  return (colour, distance) => {
    // A range changed down to nothing is met with no Contact at all.
    if (distance <= 0) return true;
    sources ??= colourReaches(game, seat, handContacts);
    const r = sources[colourIndex(colour)]!;
    if (distance <= r.atLeast) return true;
    if (distance >= r.below) return false;
    const best = bestReach(game, seat, r, distance, have);
    if (best >= distance) r.atLeast = distance;
    else {
      // Searched to a cap it did not reach: the true best.
      r.atLeast = best;
      r.below = best + 1;
    }
    return best >= distance;
  };
}

/** The plans a player chooses from to put `target` (a card in the hand, which stays there while the prices are paid) into play. */
export function rangePlans(game: Game, seat: number, colour: RangeColour, distance: number, target: CardId): RangePlan[] {
  const inHand = game.state.players[seat]!.hand.includes(target) ? 1 : 0;
  return plansFor(game, seat, sourcesOf(game, seat, colourIndex(colour)), distance, inHand);
}

/** The range of every source of a colour added up, whether or not their prices can be paid (an upper bound, for tests). */
export function reachable(game: Game, seat: number, colour: RangeColour): number {
  return sourcesOf(game, seat, colourIndex(colour)).reduce((n, s) => n + s.range, 0);
}

/**
 * Tokens and cards moving: the engine's implementations of the Give and Pay
 * APIs that compiled abilities call, drawing from the deck, and paying costs
 * with the universal resource standing in for any basic one.
 */
import type { Cost, DealKind, Give, Pay } from "./definitions.js";
import { ask, type Game } from "./game.js";
import { shuffle } from "./rng.js";
import { addResource, type CardId, type Deal, type PlayerState, type Resources, type VpToken } from "./state.js";
import type { DealChoice, Holder } from "./choices.js";

export const universal = "universal";

/** Draws the top card, reshuffling the discard pile into a new deck when the deck runs out. */
export function drawCard(game: Game): CardId | undefined {
  const s = game.state;
  if (s.deck.length === 0 && s.discard.length > 0) {
    s.deck = shuffle(s.discard, game.rng);
    s.discard = [];
  }
  return s.deck.pop();
}

/** The hand limit holds during the Lookout only: a card drawn at 10 is discarded. */
export const handLimit = 10;

export function drawInto(game: Game, seat: number, count: number, limit = game.state.phase === "lookout" ? handLimit : Infinity): void {
  const p = game.state.players[seat]!;
  for (let i = 0; i < count; i++) {
    const c = drawCard(game);
    if (c === undefined) return;
    if (p.hand.length >= limit) game.state.discard.push(c);
    else p.hand.push(c);
  }
}

/** Where what a card gives goes. */
export interface GiveTo {
  readonly seat: number;
  /** VP tokens land here, up to `cap` tokens (the three-slot rule, the Leader's five). */
  readonly vp: { readonly tokens: VpToken[]; readonly cap: number };
  /** Resource tokens land here: the pool, or a keep card's or Leader's own tokens. */
  readonly resources: Resources;
}

export function giveTo(game: Game, to: GiveTo): Give {
  const p = game.state.players[to.seat]!;
  return {
    resource: (resource, amount) => addResource(to.resources, resource, amount),
    workers: (amount) => void (p.pool.workers += amount),
    cards: (amount) => drawInto(game, to.seat, amount),
    vp: (tokens, value) => {
      for (let i = 0; i < tokens && to.vp.tokens.length < to.vp.cap; i++) to.vp.tokens.push({ value });
    },
    contactToken: (colour, range, tokens) => {
      for (let i = 0; i < tokens; i++) p.pool.contactTokens.push({ colour, range });
    },
    redevelopmentTokens: (amount) => void (p.pool.redevelopment += amount),
  };
}

/** Gains into the player's pool, VP on the Base. */
export function giveToBase(game: Game, seat: number): Give {
  const p = game.state.players[seat]!;
  return giveTo(game, { seat, vp: { tokens: p.baseVp, cap: Infinity }, resources: p.pool.resources });
}

// ---- costs -------------------------------------------------------------------

export interface Demand {
  readonly resources: Resources;
  workers: number;
  cards: number;
  readonly deals: Record<DealKind, number>;
}

/**
 * What a compiled cost asks for, worked out once per cost function (costs
 * are pure): the engine asks many times per decision. Callers must not
 * change the result; `demandOf` gives a fresh copy.
 */
const demands = new WeakMap<Cost, Demand>();
export function demandOfCost(cost: Cost): Demand {
  let d = demands.get(cost);
  if (!d) demands.set(cost, (d = demandOf(cost)));
  return d;
}

function emptyDemand(): Demand {
  return { resources: {}, workers: 0, cards: 0, deals: { spoils: 0, agreement: 0, deal: 0 } };
}

/** Several demands paid together (a range plan's contact prices). */
export function mergeDemands(demands: readonly (Demand | undefined)[]): Demand {
  const d = emptyDemand();
  for (const one of demands) {
    if (!one) continue;
    for (const r in one.resources) addResource(d.resources, r, one.resources[r]!);
    d.workers += one.workers;
    d.cards += one.cards;
    for (const k of ["spoils", "agreement", "deal"] as const) d.deals[k] += one.deals[k];
  }
  return d;
}

/** What a compiled cost asks for, without paying it. */
export function demandOf(cost: Cost): Demand {
  const d = emptyDemand();
  const pay: Pay = {
    resource: (r, n) => addResource(d.resources, r, n),
    workers: (n) => void (d.workers += n),
    cards: (n) => void (d.cards += n),
    deals: (k, n) => void (d.deals[k] += n),
  };
  cost(pay);
  return d;
}

/** Where a player's resource tokens are, in the order they are spent: the pool first. */
export function resourceStores(p: PlayerState): Resources[] {
  const stores = [p.pool.resources];
  if (p.leader) stores.push(p.leader.resources);
  for (const l of p.locations) stores.push(l.resources, l.depot);
  return stores;
}

export function available(p: PlayerState, resource: string): number {
  let n = 0;
  for (const s of resourceStores(p)) n += s[resource] ?? 0;
  return n;
}

function universalNeeded(p: PlayerState, resources: Resources): number {
  let needed = resources[universal] ?? 0;
  for (const r in resources) {
    if (r === universal) continue;
    needed += Math.max(0, resources[r]! - available(p, r));
  }
  return needed;
}

export function canPayResources(p: PlayerState, resources: Resources): boolean {
  return universalNeeded(p, resources) <= available(p, universal);
}

/** Takes up to `amount` of a resource from the stores in order; returns how many were missing. */
function take(stores: readonly Resources[], resource: string, amount: number): number {
  let left = amount;
  for (const s of stores) {
    const n = Math.min(left, s[resource] ?? 0);
    if (n > 0) addResource(s, resource, -n);
    left -= n;
    if (left === 0) break;
  }
  return left;
}

/**
 * Takes what `need` asks from the stores: each basic resource itself first,
 * then the universal resource for what is asked as universal and for each
 * basic shortfall. Returns what is still missing.
 */
function takeFrom(stores: readonly Resources[], need: Resources): Resources {
  const missing: Resources = {};
  for (const r in need) {
    if (r === universal) continue;
    const left = take(stores, r, need[r]!);
    if (left > 0) missing[r] = left;
  }
  const universalLeft = take(stores, universal, need[universal] ?? 0);
  for (const r in missing) {
    const left = take(stores, universal, missing[r]!);
    if (left > 0) missing[r] = left;
    else delete missing[r];
  }
  if (universalLeft > 0) missing[universal] = universalLeft;
  return missing;
}

/**
 * Spends resources: the pool first (each basic token, then universal ones for
 * what is missing), and only then tokens on cards, which would survive
 * Clean-up (ruling 8).
 */
export function payResources(p: PlayerState, resources: Resources): void {
  const [pool, ...cards] = resourceStores(p);
  const rest = takeFrom([pool!], resources);
  takeFrom(cards, rest);
}

export function dealsOf(p: PlayerState): { holder: Holder; index: number; deal: Deal }[] {
  const out: { holder: Holder; index: number; deal: Deal }[] = p.baseDeals.map((deal, index) => ({ holder: { kind: "base" }, index, deal }));
  p.locations.forEach((l, li) => l.deals.forEach((deal, index) => out.push({ holder: { kind: "location", index: li }, index, deal })));
  return out;
}

function matches(kind: DealKind, deal: Deal): boolean {
  return kind === "deal" || deal.kind === kind;
}

export function canPay(p: PlayerState, d: Demand, keepInHand: readonly CardId[] = []): boolean {
  if (!canPayResources(p, d.resources)) return false;
  if (p.pool.workers < d.workers) return false;
  if (p.hand.length - keepInHand.filter((c) => p.hand.includes(c)).length < d.cards) return false;
  const deals = dealsOf(p).map((x) => x.deal);
  const spoils = deals.filter((x) => x.kind === "spoils").length;
  const agreements = deals.length - spoils;
  if (d.deals.spoils > spoils || d.deals.agreement > agreements) return false;
  return d.deals.spoils + d.deals.agreement + d.deals.deal <= deals.length;
}

export function dealsAt(p: PlayerState, holder: Holder): Deal[] {
  return holder.kind === "base" ? p.baseDeals : p.locations[holder.index]!.deals;
}

/** Discards one deal chosen by the player among those of the kind. */
function discardDeal(game: Game, seat: number, kind: DealKind): void {
  const p = game.state.players[seat]!;
  const choices: DealChoice[] = dealsOf(p)
    .filter((x) => matches(kind, x.deal))
    .map(({ holder, index }) => ({ holder, index }));
  const pick = choices[ask(game, { kind: "discard-deal", seat, choices })]!;
  const [removed] = dealsAt(p, pick.holder).splice(pick.index, 1);
  game.state.discard.push(removed!.card);
}

/** Discards cards from the hand, each chosen by the player. */
export function discardFromHand(game: Game, seat: number, count: number, keepInHand: readonly CardId[] = []): CardId[] {
  const p = game.state.players[seat]!;
  const out: CardId[] = [];
  for (let i = 0; i < count; i++) {
    const choices = p.hand.filter((c) => !keepInHand.includes(c));
    const c = choices[ask(game, { kind: "discard-card", seat, choices })]!;
    p.hand.splice(p.hand.indexOf(c), 1);
    game.state.discard.push(c);
    out.push(c);
  }
  return out;
}

/** Pays a demand the player can afford (check with canPay first). */
export function pay(game: Game, seat: number, d: Demand, keepInHand: readonly CardId[] = []): void {
  const p = game.state.players[seat]!;
  payResources(p, d.resources);
  p.pool.workers -= d.workers;
  discardFromHand(game, seat, d.cards, keepInHand);
  // Specific kinds first, so "any deal" does not take one a specific demand needs.
  for (const kind of ["spoils", "agreement", "deal"] as const) {
    for (let i = 0; i < d.deals[kind]; i++) discardDeal(game, seat, kind);
  }
}

/**
 * Tokens and cards moving. Every token comes from the supply and goes back
 * to it (the rulebook's "Token pool"; "if players run out of tokens … they
 * should use substitutes", so the supply never runs out), which keeps every
 * kind's total constant: the property tests check it after every step.
 */
import type { Holder, Store } from "./choices.js";
import { locationFacts, type Game } from "./game.js";
import { amountPieces } from "../constructs/amounts/index.js";
import { limitTargets } from "../constructs/traits/limit.js";
import { conditionPieces } from "../constructs/conditions/index.js";
import { shuffle } from "./rng.js";
import { packedMap } from "./packed.js";
import { addResource, copyResources, type CardId, type Deal, type GameState, type PlayerState, type Resources, type VpToken } from "./state.js";
import type { Demand, EffectStep, GainStep, GiveTarget, PlainGainStep } from "./tasks.js";

export const universal = "universal";

/** Each kind of token starts with this many in the supply: more than any game uses (substitutes, in the rulebook's words). */
export const supplyStart = 1000;

// Token kinds are made once each: the supply is counted by kind after every move.
const resourceKinds = new Map<string, string>();
const contactKinds = new Map<string, string[]>();

export const tokenKind = {
  resource: (r: string): string => {
    let k = resourceKinds.get(r);
    if (k === undefined) resourceKinds.set(r, (k = `resource:${r}`));
    return k;
  },
  worker: "worker",
  vp: (value: 1 | 2) => (value === 1 ? "vp:1" : "vp:2"),
  contact: (colour: string, range: number): string => {
    let byRange = contactKinds.get(colour);
    if (byRange === undefined) contactKinds.set(colour, (byRange = []));
    return (byRange[range] ??= `contact:${colour}:${range}`);
  },
  redevelopment: "redevelopment",
} as const;

/** Takes `n` tokens of a kind out of the supply (negative `n` returns them). */
export function fromSupply(s: GameState, kind: string, n: number): void {
  s.supply[kind] = (s.supply[kind] ?? supplyStart) - n;
}

export function toSupply(s: GameState, kind: string, n: number): void {
  // Added, not `fromSupply(…, -n)`: returning 0 tokens would subtract -0, a
  // double, and one double stored in a count makes V8 re-lay out every supply
  // and throw away the optimised code of every rule that reads one.
  s.supply[kind] = (s.supply[kind] ?? supplyStart) + n;
}

/** Returns every resource token of a store to the supply and empties it. */
export function emptyStore(s: GameState, r: Resources): void {
  for (const k in r) {
    toSupply(s, tokenKind.resource(k), r[k]!);
    delete r[k];
  }
}

/** Moves every resource token of one store into another (a card leaving play puts its tokens on the Base). */
export function moveStore(from: Resources, to: Resources): void {
  for (const k in from) {
    addResource(to, k, from[k]!);
    delete from[k];
  }
}

// ---- cards ----------------------------------------------------------------------

/** Draws the top card, reshuffling the discard pile into a new deck when the deck runs out. */
export function drawCard(s: GameState): CardId | undefined {
  if (s.deck.length === 0 && s.discard.length > 0) {
    // A new array: the old discard pile's array may be held elsewhere (a view handed out before).
    s.deck = shuffle(s.discard.slice(), s.rng);
    s.discard = [];
  }
  return s.deck.pop();
}

/**
 * A card into the hand, or onto the discard pile at the hand limit in the
 * Lookout: the hand limit holds during the Lookout only (10, or a `limit hand`
 * card's; see `ruleLimit`). The default is read at each call, not at load:
 * the card language's modules and the engine's load one another.
 */
export function takeIntoHand(s: GameState, seat: number, card: CardId, limit: number = limitTargets.hand.base): void {
  const p = s.players[seat]!;
  if (s.phase === "lookout" && p.hand.length >= limit) s.discard.push(card);
  else p.hand.push(card);
}

export function drawInto(s: GameState, seat: number, count: number, limit: number = limitTargets.hand.base): void {
  for (let i = 0; i < count; i++) {
    const c = drawCard(s);
    if (c === undefined) return;
    takeIntoHand(s, seat, c, limit);
  }
}

export function removeFromHand(p: PlayerState, id: CardId): void {
  const i = p.hand.indexOf(id);
  if (i < 0) throw new Error(`${id} is not in the hand`);
  p.hand.splice(i, 1);
}

/**
 * Spends workers from the pool back to the supply. Workers opponents sent are
 * spent first: they are the player's only "until the end of the current
 * phase", so a player would use them before their own.
 */
export function spendWorkers(s: GameState, p: PlayerState, n: number): void {
  takeWorkers(p, n);
  toSupply(s, tokenKind.worker, n);
}

/** Workers leave a player's pool (spent, sent, stolen or given), those opponents sent first (see `spendWorkers`). */
export function takeWorkers(p: PlayerState, n: number): void {
  if (p.pool.workers < n) throw new Error(`${n} workers to take, ${p.pool.workers} in the pool`);
  p.pool.workers -= n;
  p.workersReceived = Math.max(0, p.workersReceived - n);
}

// ---- giving ---------------------------------------------------------------------

/** The three-slot rule: a Location holds at most 3 VP tokens; a Leader at most 5. */
export const locationVpCap = 3;
export const leaderVpCap = 5;

/** Where a target's resource tokens go: the pool, the Leader, or a Location that keeps them (else the pool). */
function resourcesAt(game: Game, p: PlayerState, target: GiveTarget): Resources {
  switch (target.to) {
    case "base":
      return p.pool.resources;
    case "leader":
      return p.leader!.resources;
    case "location": {
      const l = p.locations[target.index]!;
      return locationFacts(game, l.card).keeps !== undefined ? l.resources : p.pool.resources;
    }
    case "power":
      // A Base's power gives to the pool, as the Base produces (ruling 37).
      return p.pool.resources;
  }
}

/**
 * A scaled gain as given now, `times` over (ruling 38): its amount or its
 * tokens multiplied, VP at most 3 tokens at once ("a single card cannot
 * generate more than 3 VP tokens"; where they land on a card, `give` also
 * keeps to the room the card has).
 */
export function scaledStep(step: PlainGainStep, times: number): PlainGainStep {
  switch (step.op) {
    case "resource":
      return { op: "resource", resource: step.resource, amount: step.amount * times };
    case "workers":
      return { op: "workers", amount: step.amount * times };
    case "cards":
      return { op: "cards", amount: step.amount * times };
    case "vp":
      return { op: "vp", tokens: Math.min(step.tokens * times, locationVpCap), value: step.value };
    case "contactToken":
      // The checker refuses a scaled contact token (S51-E333); data written by hand scales as tokens do.
      return { op: "contactToken", colour: step.colour, range: step.range, tokens: step.tokens * times };
    case "redevelopmentTokens":
      return { op: "redevelopmentTokens", amount: step.amount * times };
  }
}

/** Where a target's VP tokens go. */
function vpAt(p: PlayerState, target: GiveTarget): VpToken[] {
  switch (target.to) {
    case "base":
      return p.baseVp;
    case "leader":
      return p.leader!.vpTokens;
    case "location":
      return p.locations[target.index]!.vpTokens;
    case "power":
      return p.power!.vpTokens;
  }
}

/** How many VP tokens a target holds at most (the three-slot rule, a Base's power's too, ruling 37; a Leader's five; the Base's none). */
function vpCapOf(target: GiveTarget): number {
  return target.to === "base" ? Infinity : target.to === "leader" ? leaderVpCap : locationVpCap;
}

/** Gives one step of gains (not steal or redevelop, which need decisions) to a player; a scaled one counts for that player now. */
export function give(game: Game, seat: number, target: GiveTarget, step: GainStep): void {
  if (step.op !== "if" && step.scale !== undefined) {
    const times = amountPieces.times(step.scale, { players: game.state.players, seat, cards: game.cards });
    if (times > 0) give(game, seat, target, scaledStep(step, times));
    return;
  }
  const s = game.state;
  const p = s.players[seat]!;
  switch (step.op) {
    case "resource": {
      fromSupply(s, tokenKind.resource(step.resource), step.amount);
      addResource(resourcesAt(game, p, target), step.resource, step.amount);
      return;
    }
    case "workers":
      fromSupply(s, tokenKind.worker, step.amount);
      p.pool.workers += step.amount;
      return;
    case "cards":
      drawInto(s, seat, step.amount);
      return;
    case "vp": {
      const vp = vpAt(p, target);
      const cap = vpCapOf(target);
      // "VP-producing cards cease to produce Victory Points once they have produced three VP tokens of any value."
      for (let i = 0; i < step.tokens && vp.length < cap; i++) {
        fromSupply(s, tokenKind.vp(step.value), 1);
        vp.push({ value: step.value });
      }
      return;
    }
    case "contactToken":
      fromSupply(s, tokenKind.contact(step.colour, step.range), step.tokens);
      for (let i = 0; i < step.tokens; i++) p.pool.contactTokens.push({ colour: step.colour, range: step.range });
      return;
    case "redevelopmentTokens":
      fromSupply(s, tokenKind.redevelopment, step.amount);
      p.pool.redevelopment += step.amount;
      return;
    case "if":
      if (conditionPieces.holds(game, seat, step.condition)) giveAll(game, seat, target, step.steps);
      return;
  }
}

const gainOps: ReadonlySet<string> = new Set<GainStep["op"]>(["resource", "workers", "cards", "vp", "contactToken", "redevelopmentTokens", "if"]);

/** Whether a step is a gain, given at once (not an effect construct's, which may need a decision). */
export function isGain(step: EffectStep): step is GainStep {
  return gainOps.has(step.op);
}

export function giveAll(game: Game, seat: number, target: GiveTarget, steps: readonly GainStep[]): void {
  // By index: the steps are a frozen list, which V8 iterates slowly with for…of.
  for (let i = 0; i < steps.length; i++) give(game, seat, target, steps[i]!);
}

export function vpToken(s: GameState, value: 1 | 2): VpToken {
  fromSupply(s, tokenKind.vp(value), 1);
  return { value };
}

// ---- stores of resource tokens ----------------------------------------------------

// The stores that name no card are the same data everywhere (a store is never changed in place).
const poolStore: Store = Object.freeze({ kind: "pool" });
const leaderStore: Store = Object.freeze({ kind: "leader" });

/** The stores a player's resource tokens are in; combo tokens are not (they cannot be used for anything else). */
export function storesOf(p: PlayerState): Store[] {
  const out: Store[] = [poolStore];
  if (p.leader) out.push(leaderStore);
  if (p.power && hasAny(p.power.depot)) out.push({ kind: "base-depot" });
  p.locations.forEach((l, index) => {
    if (hasAny(l.resources)) out.push({ kind: "location", index });
    if (hasAny(l.depot)) out.push({ kind: "depot", index });
  });
  return out;
}

/** Whether a store holds any token. */
export function hasAny(r: Readonly<Resources>): boolean {
  for (const _ in r) return true;
  return false;
}

export function storeOf(p: PlayerState, store: Store): Resources {
  switch (store.kind) {
    case "pool":
      return p.pool.resources;
    case "leader":
      return p.leader!.resources;
    case "base-depot":
      return p.power!.depot;
    case "location":
      return p.locations[store.index]!.resources;
    case "depot":
      return p.locations[store.index]!.depot;
  }
}

/** Tokens of a kind in every store the player can spend from. */
export function available(p: Pick<PlayerState, "pool" | "leader" | "locations"> & { readonly power?: PlayerState["power"] | undefined }, resource: string): number {
  let n = p.pool.resources[resource] ?? 0;
  if (p.leader) n += p.leader.resources[resource] ?? 0;
  if (p.power) n += p.power.depot[resource] ?? 0;
  for (const l of p.locations) n += (l.resources[resource] ?? 0) + (l.depot[resource] ?? 0);
  return n;
}

/**
 * Every resource token a player can spend, by kind (for checking many costs
 * at one moment): read-only, and the pool's own record when no other store
 * holds a token (most of the time: keep cards, depots and Leaders seldom do).
 */
export function resourceTotals(p: PlayerState): Readonly<Resources> {
  let t: Resources | undefined;
  if (p.leader && hasAny(p.leader.resources)) addInto((t ??= copyResources(p.pool.resources)), p.leader.resources);
  if (p.power && hasAny(p.power.depot)) addInto((t ??= copyResources(p.pool.resources)), p.power.depot);
  for (const l of p.locations) {
    if (hasAny(l.resources)) addInto((t ??= copyResources(p.pool.resources)), l.resources);
    if (hasAny(l.depot)) addInto((t ??= copyResources(p.pool.resources)), l.depot);
  }
  return t ?? p.pool.resources;
}

function addInto(t: Resources, r: Readonly<Resources>): void {
  for (const k in r) t[k] = (t[k] ?? 0) + r[k]!;
}

/** Whether the pool alone holds every token of a cost, each of its own kind: then the cost can be paid, whatever the other stores hold. */
function poolCovers(pool: Readonly<Resources>, need: Readonly<Resources>): boolean {
  for (const r in need) if ((pool[r] ?? 0) < need[r]!) return false;
  return true;
}

/**
 * Whether the resources can be paid: each basic one by itself or by universal
 * tokens ("The universal resource can substitute any one of the four basic
 * resources"). `totals` (resourceTotals, counted once for many costs) is
 * asked for only when the pool alone does not cover the cost.
 */
export function canPayResources(p: PlayerState, resources: Readonly<Resources>, basic: readonly string[], totals?: () => Readonly<Resources>): boolean {
  if (poolCovers(p.pool.resources, resources)) return true;
  const t = totals?.();
  let universalNeeded = resources[universal] ?? 0;
  for (const r in resources) {
    if (r === universal) continue;
    const short = resources[r]! - (t ? (t[r] ?? 0) : available(p, r));
    if (short <= 0) continue;
    if (!basic.includes(r)) return false;
    universalNeeded += short;
  }
  return universalNeeded === 0 || universalNeeded <= (t ? (t[universal] ?? 0) : available(p, universal));
}

export function dealsOf(p: PlayerState): { holder: Holder; index: number; deal: Deal }[] {
  const out: { holder: Holder; index: number; deal: Deal }[] = packedMap(p.baseDeals, (deal, index) => ({ holder: { kind: "base" }, index, deal }));
  p.locations.forEach((l, li) => l.deals.forEach((deal, index) => out.push({ holder: { kind: "location", index: li }, index, deal })));
  return out;
}

export function dealsAt(p: PlayerState, holder: Holder): Deal[] {
  return holder.kind === "base" ? p.baseDeals : p.locations[holder.index]!.deals;
}

/** Whether a demand can be paid, keeping some cards in the hand (the card being played, the contacts spent). */
export function canPay(p: PlayerState, d: Demand, basic: readonly string[], keepInHand: readonly CardId[] = [], alsoKept = 0, totals?: () => Readonly<Resources>): boolean {
  if (p.pool.workers < d.workers) return false;
  if (d.cards > 0) {
    let kept = alsoKept;
    for (const c of keepInHand) if (p.hand.includes(c)) kept++;
    if (p.hand.length - kept < d.cards) return false;
  }
  if (d.deals.spoils + d.deals.agreement + d.deals.deal > 0) {
    let spoils = 0;
    let all = 0;
    for (const x of dealsOf(p)) {
      all++;
      if (x.deal.kind === "spoils") spoils++;
    }
    if (d.deals.spoils > spoils || d.deals.agreement > all - spoils) return false;
    if (d.deals.spoils + d.deals.agreement + d.deals.deal > all) return false;
  }
  return canPayResources(p, d.resources, basic, totals);
}

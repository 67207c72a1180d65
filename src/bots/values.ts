/**
 * What things are worth to the greedy bot (and to the search bot's rollouts
 * and evaluation): one table, so that a change that gives back what it costs
 * is never worth making, and two opposite converts cannot both look good.
 */
import type { CountAt } from "../constructs/amount.js";
import { amountPieces } from "../constructs/amounts/index.js";
import type { CardRegistry } from "../engine/definitions.js";
import { cardFacts, demandOf, stepsOf, type LeaderFacts, type LocationFacts } from "../engine/facts.js";
import type { Demand, EffectStep } from "../engine/tasks.js";
import { isGain, leaderVpCap, locationVpCap, scaledStep } from "../engine/tokens.js";

export const worth = {
  vp: 3,
  resource: 1,
  worker: 0.5,
  card: 1,
  contactRange: 0.4,
  redevelopment: 1,
  deal: 2.5,
} as const;

/**
 * What gains are worth. `vpRoom` is how many more VP tokens the card that
 * gets them can hold (the three-slot rule, a Leader's five): VP past it are
 * worth nothing. `canSteal` says whether any opponent has a token to take.
 * A gain that scales (`1 vp per agreement`) is counted at `at`, the bot's
 * view, as the engine would count it now; with no view (a card in hand,
 * valued before it is in play) it is valued as if counted once.
 */
export function stepsWorth(steps: readonly EffectStep[], vpRoom = Infinity, canSteal = true, at?: CountAt): number {
  let v = 0;
  let room = vpRoom;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const s: EffectStep = isGain(step) && step.op !== "if" && step.scale !== undefined ? scaledStep(step, at ? amountPieces.times(step.scale, at) : 1) : step;
    switch (s.op) {
      case "resource":
        v += worth.resource * s.amount;
        break;
      case "workers":
        v += worth.worker * s.amount;
        break;
      case "cards":
        v += worth.card * s.amount;
        break;
      case "vp": {
        const tokens = Math.min(s.tokens, room);
        room -= tokens;
        v += worth.vp * tokens * s.value;
        break;
      }
      case "contactToken":
        v += worth.contactRange * s.range * s.tokens;
        break;
      case "redevelopmentTokens":
        v += worth.redevelopment * s.amount;
        break;
      case "if":
        // Given only while its condition holds: worth half, as it may not.
        v += stepsWorth(s.steps, room, canSteal, at) / 2;
        break;
      case "steal":
        // Taken from an opponent: worth it twice over, when there is something to take.
        if (canSteal) v += 2 * ("token" in s ? (s.token === "worker" ? worth.worker : worth.card) : worth.resource) * s.amount;
        break;
      case "opponents": {
        const each = ("token" in s ? (s.token === "worker" ? worth.worker : worth.card) : worth.resource) * s.amount;
        v += s.verb === "give" ? 2 * each : each;
        break;
      }
      case "choice": {
        let most = -Infinity;
        for (const o of s.options) most = Math.max(most, stepsWorth(o, room, canSteal, at));
        v += most;
        break;
      }
      case "redevelop":
        v += 2 * worth.vp;
        break;
    }
  }
  return v;
}

export function demandWorth(d: Demand): number {
  let v = d.workers * worth.worker + d.cards * worth.card + (d.deals.spoils + d.deals.agreement + d.deals.deal) * worth.deal;
  for (const r in d.resources) v += d.resources[r]! * worth.resource;
  return v;
}

/** How much a card in the hand is worth: what it can become (a Location, a Leader: what its ability does in play). */
export function cardWorth(cards: CardRegistry, id: string): number {
  return worthsOf(cards).hand.get(id) ?? 0;
}

/** What a Location is worth as Spoils (once, cashed in) or as an Agreement (each Production phase). */
export function dealWorth(cards: CardRegistry, id: string, way: "spoils" | "agreement"): number {
  return worthsOf(cards)[way].get(id) ?? 0;
}

/**
 * What a Location's grey part is worth to its owner in a turn while it is in
 * play, in the table's units: what it produces, what its worker action or
 * combo nets, what its traits bring (those that change a rule at a rough
 * price). A card is played for what it does, so a designer's new card is
 * taken, built and rebuilt over by its ability, not by its distance alone.
 */
export function locationWorth(cards: CardRegistry, id: string): number {
  return worthsOf(cards).location.get(id) ?? 0;
}

/** What a Leader's ability is worth in a turn, beyond the VP any Leader in play is (see `chiefWorth`). */
export function leaderWorth(cards: CardRegistry, id: string): number {
  return worthsOf(cards).leader.get(id) ?? 0;
}

/** Every card's worths, by the way it is valued: the bots ask at every decision, and a card's worth never changes. */
interface Worths {
  readonly hand: ReadonlyMap<string, number>;
  readonly location: ReadonlyMap<string, number>;
  readonly leader: ReadonlyMap<string, number>;
  readonly spoils: ReadonlyMap<string, number>;
  readonly agreement: ReadonlyMap<string, number>;
}

const worthsCache = new WeakMap<CardRegistry, Worths>();
/** The last set asked for, as `cardFacts` keeps it: a game asks for its own set's at every decision. */
let lastCards: CardRegistry | undefined;
let lastWorths: Worths | undefined;

/** The table of a set's worths, made once in one pass over its cards' facts. */
function worthsOf(cards: CardRegistry): Worths {
  if (cards === lastCards) return lastWorths!;
  let w = worthsCache.get(cards);
  if (!w) {
    const facts = cardFacts(cards);
    const hand = new Map<string, number>();
    const location = new Map<string, number>();
    const leader = new Map<string, number>();
    const spoils = new Map<string, number>();
    const agreement = new Map<string, number>();
    for (const [id, f] of facts.locations) {
      location.set(id, groundWorth(f));
      spoils.set(id, stepsWorth(f.spoils));
      agreement.set(id, stepsWorth(f.agreement));
      hand.set(id, 2 + location.get(id)! + Math.max(spoils.get(id)!, agreement.get(id)!) / 3);
    }
    for (const [id, f] of facts.leaders) {
      leader.set(id, chiefWorth(f));
      hand.set(id, 2 + leader.get(id)!);
    }
    for (const c of cards.cards) if (c.kind === "contact") hand.set(c.id, 1 + c.range - demandWorth(demandOf(c.price)) / 2);
    w = { hand, location, leader, spoils, agreement };
    worthsCache.set(cards, w);
  }
  lastCards = cards;
  lastWorths = w;
  return w;
}

function groundWorth(f: LocationFacts): number {
  let v = 0;
  if (f.produces) v += stepsWorth(f.produces, locationVpCap);
  if (f.paid) v += Math.max(0, stepsWorth(f.paid.steps, locationVpCap) - demandWorth(f.paid.demand));
  // Given once, as it comes into play: spread over the turns it gives in the others' place.
  if (f.once) v += stepsWorth(f.once.steps, locationVpCap) / 3;
  if (f.keeps !== undefined) v += 0.5;
  if (f.work) {
    const placed = f.work.kind === "combo" ? f.work.needed.length * worth.resource : 0;
    v += Math.max(0, stepsWorth(f.work.steps, locationVpCap) - demandWorth(f.work.demands[0]) - placed);
  }
  if (f.slots) v += (Math.max(f.slots.spoils, f.slots.agreement) * worth.deal) / 5;
  for (const c of f.converts) v += Math.max(0, stepsWorth(c.steps, locationVpCap) - demandWorth(c.demand));
  for (const d of f.depots) v += d.amount / 4;
  // Counted once for each card of its type: a card or two of the type, at first.
  for (const p of f.perCardType) v += 1.5 * stepsWorth(p.steps, locationVpCap);
  for (const t of f.triggers) v += stepsWorth(t.steps, locationVpCap) / 2;
  v += f.lookout.size + f.rangeChanges.length + Object.keys(f.limits).length;
  return v;
}

/**
 * What a Leader brings beyond the VP any Leader in play is: its one-time-only
 * icon, what its `after` trait gives (met about one turn in two), what its
 * action nets. The resources it carries in are not counted: the base set was
 * balanced for this bot without them (docs/card-set.md, "Second pass"), and
 * counting them moved New York's 2-player pairings to the band's edge.
 */
function chiefWorth(f: LeaderFacts): number {
  let v = 0;
  if (f.once) v += stepsWorth(f.once.steps, leaderVpCap);
  for (const t of f.triggers) v += stepsWorth(t.steps, leaderVpCap) / 2;
  const a = f.def.ability;
  if (f.action && a.kind === "action") v += Math.max(0, stepsWorth(stepsOf(a.effects), leaderVpCap) - demandWorth(f.action.demand));
  return v;
}

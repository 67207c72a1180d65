/**
 * What a compiled card gives, costs or does, as the rules use it: a cost as
 * a Demand, gains and effects as a list of steps. Each is read from the
 * calls the compiler wrote as data beside the card's functions (`calls`),
 * once (cached by the data): the engine never runs a card's code, and a
 * step that needs a player's decision becomes a task.
 */
import type { Action, DeployKind } from "./choices.js";
import type { ActCalls, CardRegistry, Cost, Effects, Gains, GiveCalls, LeaderDef, LocationAbilityDef, LocationDef, LookoutAbility, Scaled } from "./definitions.js";
import type { TraitFacts } from "../constructs/construct.js";
import type { ConditionDef } from "../constructs/conditions/index.js";
import type { PaidProductionFacts } from "../constructs/production-cost.js";
import { effectPieces, isEffectKind, type EffectKind } from "../constructs/effects/index.js";
import type { LimitTarget } from "../constructs/traits/limit.js";
import type { RangeChange } from "../constructs/traits/range.js";
import type { TriggerFact } from "../constructs/traits/after.js";
import { traitPieces } from "../constructs/traits/index.js";
import { statementPieces, type StatementFacts } from "../constructs/statements/index.js";
import { addResource, type Resources } from "./state.js";
import type { Demand, EffectStep, GainStep } from "./tasks.js";

const demands = new WeakMap<Cost, Demand>();
const steps = new WeakMap<GiveCalls | ActCalls, readonly EffectStep[]>();

export const noDemand: Demand = Object.freeze({ resources: Object.freeze({}), workers: 0, cards: 0, deals: Object.freeze({ spoils: 0, agreement: 0, deal: 0 }) });

/** The demand of a compiled cost (frozen; shared). */
export function demandOf(cost: Cost): Demand {
  let d = demands.get(cost);
  if (d) return d;
  const resources: Resources = {};
  let workers = 0;
  let cards = 0;
  const deals = { spoils: 0, agreement: 0, deal: 0 };
  for (const c of cost.calls) {
    switch (c.call) {
      case "resource":
        addResource(resources, c.resource, c.amount);
        break;
      case "workers":
        workers += c.amount;
        break;
      case "cards":
        cards += c.amount;
        break;
      case "deals":
        deals[c.kind] += c.amount;
        break;
    }
  }
  const empty = workers === 0 && cards === 0 && deals.spoils + deals.agreement + deals.deal === 0 && Object.keys(resources).length === 0;
  // Every free cost is the one `noDemand`, so "is it free?" is a comparison.
  d = empty ? noDemand : Object.freeze({ resources: Object.freeze(resources), workers, cards, deals: Object.freeze(deals) });
  demands.set(cost, d);
  return d;
}

/** Several demands paid together (a range plan's contact prices, a worker action's workers and cost). */
export function mergeDemands(list: readonly Demand[], extraWorkers = 0): Demand {
  const resources: Resources = {};
  let workers = extraWorkers;
  let cards = 0;
  const deals = { spoils: 0, agreement: 0, deal: 0 };
  for (const d of list) {
    for (const r in d.resources) addResource(resources, r, d.resources[r]!);
    workers += d.workers;
    cards += d.cards;
    deals.spoils += d.deals.spoils;
    deals.agreement += d.deals.agreement;
    deals.deal += d.deals.deal;
  }
  return { resources, workers, cards, deals };
}

/** The steps of compiled gains or effects (frozen; shared): gains make only gain steps. */
export function stepsOf(fn: Gains): readonly GainStep[];
export function stepsOf(fn: Effects): readonly EffectStep[];
export function stepsOf(fn: Gains | Effects): readonly EffectStep[] {
  return stepsOfCalls(fn.calls);
}

function stepsOfCalls(calls: GiveCalls): readonly GainStep[];
function stepsOfCalls(calls: ActCalls): readonly EffectStep[];
function stepsOfCalls(calls: GiveCalls | ActCalls): readonly EffectStep[] {
  let out = steps.get(calls);
  if (out) return out;
  out = Object.freeze(calls.map(stepOf));
  steps.set(calls, out);
  return out;
}

/** One call as a step: a gain as it is given, a condition's gains as steps, an effect by its construct's `record` (src/constructs/effects). */
function stepOf(c: ActCalls[number]): EffectStep {
  if (isEffectCall(c)) {
    const { call, ...args } = c;
    return effectPieces.record(call, args, stepsOfCalls);
  }
  switch (c.call) {
    case "resource":
      return { op: "resource", resource: c.resource, amount: c.amount, ...scaleOf(c) };
    case "workers":
      return { op: "workers", amount: c.amount, ...scaleOf(c) };
    case "cards":
      return { op: "cards", amount: c.amount, ...scaleOf(c) };
    case "vp":
      return { op: "vp", tokens: c.tokens, value: c.value, ...scaleOf(c) };
    case "contactToken":
      return { op: "contactToken", colour: c.colour, range: c.range, tokens: c.tokens, ...scaleOf(c) };
    case "redevelopmentTokens":
      return { op: "redevelopmentTokens", amount: c.amount, ...scaleOf(c) };
    case "onlyIf":
      return { op: "if", condition: c.condition, steps: stepsOfCalls(c.gains) };
  }
}

type EffectCall = Extract<ActCalls[number], { readonly call: EffectKind }>;

function isEffectCall(c: ActCalls[number]): c is EffectCall {
  return isEffectKind(c.call);
}

/** A gain's scale, kept as the data it is (the count is taken when the gain is given); none for a plain gain, whose step stays as it was. */
function scaleOf(a: Scaled): Scaled {
  return a.scale === undefined ? {} : { scale: a.scale };
}

const withExtraWorkers = new WeakMap<Demand, Demand[]>();

/** A demand plus `workers` more (a worker action's workers, which grow with the second use): cached, as costs are. */
export function plusWorkers(d: Demand, workers: number): Demand {
  let list = withExtraWorkers.get(d);
  if (!list) withExtraWorkers.set(d, (list = []));
  return (list[workers] ??= Object.freeze({ ...d, workers: d.workers + workers }));
}

/** An action card's worker action as data: an action's or a combo's (src/constructs/statements). */
export type WorkFacts = StatementFacts["action"] | StatementFacts["combo"];

/**
 * What a grey part asks of the rules again and again, read once from its
 * definition: a Location's, and a Base's faction power, which has a
 * Location's shape (an action or traits) and means the same.
 */
export interface AbilityFacts {
  /** How many Spoils and Agreements it holds (its slots trait), if any. */
  readonly slots: { readonly spoils: number; readonly agreement: number } | undefined;
  /** Its traits' Lookout abilities. */
  readonly lookout: ReadonlySet<LookoutAbility>;
  /** Its worker action or combo (an action card), if any. */
  readonly work: WorkFacts | undefined;
  /** An action whose only effect is a redevelopment: offered only when there is something to build. */
  readonly redevelopsOnly: { readonly anyType: boolean } | undefined;
  /** Its convert traits (by trait index) with their costs and steps, and its depots with their sizes. */
  readonly converts: TraitFacts["converts"];
  readonly depots: TraitFacts["depots"];
  /** Its `each` traits: steps given in the Production phase once per Location of a card type. */
  readonly perCardType: TraitFacts["perCardType"];
  readonly limits: Readonly<TraitFacts["limits"]>;
  /** Its `range` traits: the range its owner needs for cards of a distance or type, changed (empty for most cards). */
  readonly rangeChanges: readonly RangeChange[];
  /** Its `after` traits: gains for its owner when they play a Location, end their Production or pass. */
  readonly triggers: readonly TriggerFact[];
}

/** What the rules ask of a Location again and again: its grey part's facts, and its card's. */
export interface LocationFacts extends AbilityFacts {
  readonly def: LocationDef;
  /** One bit per card type of the set (see `sharesType`). */
  readonly typeMask: number;
  readonly openProduction: boolean;
  /** Its production with a cost, if any (src/constructs/production-cost.ts). */
  readonly paid: PaidProductionFacts | undefined;
  /** What it gives as an Agreement (each Production phase) and as Spoils (once, cashed in). */
  readonly agreement: readonly GainStep[];
  readonly spoils: readonly GainStep[];
  /** What a production card produces in each Production phase (open or closed production), if it is one. */
  readonly produces: readonly GainStep[] | undefined;
  /** Its one-time-only icon's steps, carried out as it comes into play, or undefined when it has none. */
  readonly once: StatementFacts["once"] | undefined;
  /** How many resources it keeps through Clean-up (its keep icon; `Infinity`: all), or undefined when it has no keep icon. */
  readonly keeps: StatementFacts["keep"] | undefined;
  /** The actions that play it from the hand (made once: actions are data, never changed in place). */
  readonly deploy: { readonly [K in DeployKind]: Action };
}

/** What the rules ask of a Leader at every event and decision: its trigger, if its ability is one, or what its action costs. */
export interface LeaderFacts {
  readonly def: LeaderDef;
  /** Its one-time-only icon's steps, carried out as it comes into play, or undefined when it has none. */
  readonly once: StatementFacts["once"] | undefined;
  readonly triggers: readonly TriggerFact[];
  /** Its action's cost with its workers, whether it may be used more than once a turn, and when it is offered (its condition; none in the base set). */
  readonly action: { readonly demand: Demand; readonly repeatable: boolean; readonly condition: ConditionDef | undefined } | undefined;
}

/**
 * The facts of every card of a set, by id, made once per set: the engine's
 * hot paths (the legal actions, asked at every action decision) look a card
 * up once and find everything there.
 */
export interface CardFacts {
  readonly locations: ReadonlyMap<string, LocationFacts>;
  readonly leaders: ReadonlyMap<string, LeaderFacts>;
  /** The faction powers of the Bases that have one, by Base id (none in the base set). */
  readonly powers: ReadonlyMap<string, AbilityFacts>;
  readonly contacts: ReadonlyMap<string, ContactFacts>;
  /** Each contact colour's actions as bits (conquer 1, cooperate 2, incorporate 4): what its range counts toward. */
  readonly colourMasks: ReadonlyMap<string, number>;
  /** What each card that can be in a hand is to the legal actions (a Location, a one-time Contact, a Leader): one lookup for a card in the hand. */
  readonly inHand: ReadonlyMap<string, HandCardFacts>;
  /** "Two workers for a resource", one action for each basic resource in order (made once). */
  readonly trades: readonly Action[];
  /**
   * Which rule modifiers some Location or Base power of the set has at all
   * (`locationTriggers`: an `after` trait on either). The base set
   * has none (no `range` or `limit` trait, no `after` trait on a Location:
   * its triggers are the Leaders'), so the rules asked at every decision
   * (the range a card needs, the Workers a player may send, the hand limit
   * at each Lookout pick, who hears a Location played) skip the walk over
   * the player's Locations for a set that cannot change the answer.
   */
  readonly setHas: {
    readonly rangeChanges: boolean;
    readonly limits: ReadonlySet<LimitTarget>;
    readonly locationTriggers: boolean;
  };
}

const actionBits = { conquer: 1, cooperate: 2, incorporate: 4 } as const;

/** A card in the hand as the legal actions see it. */
export type HandCardFacts = { readonly kind: "location"; readonly location: LocationFacts } | { readonly kind: "contact"; readonly contact: ContactFacts } | { readonly kind: "leader" };

/** A Contact card as a source of range: its colour, range and price never change. */
export interface ContactFacts {
  readonly kind: "permanent" | "contact";
  readonly colour: string;
  readonly range: number;
  readonly ref: string;
  readonly price: Demand;
  /** Its colour's actions as bits (see `colourMasks`). */
  readonly colourMask: number;
}

const cardFactsCache = new WeakMap<CardRegistry, CardFacts>();
const leaderInHand: HandCardFacts = Object.freeze({ kind: "leader" });

/** The last set asked for: a game asks for its own set's facts at every step, so this spares the WeakMap's lookup. */
let lastCards: CardRegistry | undefined;
let lastFacts: CardFacts | undefined;

export function cardFacts(cards: CardRegistry): CardFacts {
  if (cards === lastCards) return lastFacts!;
  let f = cardFactsCache.get(cards);
  if (f) {
    lastCards = cards;
    lastFacts = f;
    return f;
  }
  const typeBits = new Map<string, number>();
  const locations = new Map<string, LocationFacts>();
  const leaders = new Map<string, LeaderFacts>();
  const contacts = new Map<string, ContactFacts>();
  const powers = new Map<string, AbilityFacts>();
  const colourMasks = new Map<string, number>();
  for (const [colour, actions] of Object.entries(cards.contactColours)) colourMasks.set(colour, actions.reduce((m, a) => m | actionBits[a], 0));
  for (const def of cards.cards) {
    if (def.kind === "location") locations.set(def.id, readLocation(def, typeBits));
    else if (def.kind === "leader") leaders.set(def.id, readLeader(def));
    else if (def.kind === "base" && def.power) powers.set(def.id, Object.freeze(readAbility(def.power)));
    else if (def.kind === "contact") {
      const colourMask = colourMasks.get(def.colour) ?? 0;
      contacts.set(def.id, Object.freeze({ kind: def.use === "permanent" ? "permanent" : "contact", colour: def.colour, range: def.range, ref: def.id, price: demandOf(def.price), colourMask }));
    }
  }
  // What the cards in play of this set may change at all (Locations and Base powers): the rules skip what none does.
  const all: AbilityFacts[] = [...locations.values(), ...powers.values()];
  const setHas = Object.freeze({
    rangeChanges: all.some((l) => l.rangeChanges.length > 0),
    limits: new Set(all.flatMap((l) => Object.keys(l.limits) as LimitTarget[])),
    locationTriggers: all.some((l) => l.triggers.length > 0),
  });
  const trades = cards.basicResources.map((resource): Action => Object.freeze({ kind: "workers-for-resource", resource }));
  const inHand = new Map<string, HandCardFacts>();
  for (const [id, location] of locations) inHand.set(id, Object.freeze({ kind: "location", location }));
  for (const [id, contact] of contacts) if (contact.kind === "contact") inHand.set(id, Object.freeze({ kind: "contact", contact }));
  for (const id of leaders.keys()) inHand.set(id, leaderInHand);
  f = { locations, leaders, powers, contacts, colourMasks, inHand, trades, setHas };
  cardFactsCache.set(cards, f);
  lastCards = cards;
  lastFacts = f;
  return f;
}

/** The last bit stands for every type past the 31st: a mask meeting only there needs the types compared. */
const overflowBit = 1 << 30;

function typeMaskOf(types: readonly string[], bits: Map<string, number>): number {
  let mask = 0;
  for (const t of types) {
    let bit = bits.get(t);
    if (bit === undefined) bits.set(t, (bit = bits.size < 30 ? 1 << bits.size : overflowBit));
    mask |= bit;
  }
  return mask;
}

/** Whether two Locations share a card type (Redevelopment builds over one of the same type). */
export function sharesType(a: LocationFacts, b: LocationFacts): boolean {
  const both = a.typeMask & b.typeMask;
  if (both === 0) return false;
  return both !== overflowBit || a.def.types.some((t) => b.def.types.includes(t));
}

function noTraitFacts(): TraitFacts {
  return { slots: undefined, lookout: new Set(), converts: [], depots: [], perCardType: [], limits: {}, rangeChanges: [], triggers: [] };
}

/** A Leader's triggered ability is the `after` construct, and means to the engine what it means as a Location's trait. */
function readLeader(def: LeaderDef): LeaderFacts {
  const traits = noTraitFacts();
  const a = def.ability;
  if (a.kind === "after") traitPieces.engine(a, 0, traits);
  const action = a.kind === "action" ? leaderAction(statementPieces.engine("action", a), a.repeatable) : undefined;
  const once = def.once === undefined ? undefined : statementPieces.engine("once", def.once);
  return Object.freeze({ def, once, triggers: traits.triggers, action });
}

/** A Leader's action: its first use's cost (it takes no Worker, so uses do not grow dearer), whether it repeats, when it is offered. */
function leaderAction(f: StatementFacts["action"], repeatable: boolean): LeaderFacts["action"] {
  return { demand: f.demands[0], repeatable, condition: f.condition };
}

/** A grey part's facts: each trait by its construct's engine hook (src/constructs/traits), a worker action by its statement's (src/constructs/statements). */
function readAbility(a: LocationAbilityDef): AbilityFacts {
  const traits = noTraitFacts();
  let work: WorkFacts | undefined;
  let redevelopsOnly: { anyType: boolean } | undefined;
  if (a.pattern === "trait") {
    a.traits.forEach((t, index) => traitPieces.engine(t, index, traits));
  } else if (a.pattern === "action") {
    const w = a.work;
    if (w.kind === "combo") work = statementPieces.engine("combo", w);
    else {
      work = statementPieces.engine("action", w);
      const steps = work.steps;
      if (steps.length === 1 && steps[0]!.op === "redevelop") redevelopsOnly = { anyType: steps[0]!.anyType };
    }
  }
  return { ...traits, work, redevelopsOnly };
}

function readLocation(def: LocationDef, typeBits: Map<string, number>): LocationFacts {
  const a = def.ability;
  const production = a.pattern === "open-production" || a.pattern === "closed-production" ? statementPieces.engine("produce", a) : undefined;
  const deploy = Object.freeze({
    conquer: Object.freeze({ kind: "conquer", card: def.id }),
    cooperate: Object.freeze({ kind: "cooperate", card: def.id }),
    incorporate: Object.freeze({ kind: "incorporate", card: def.id }),
  } as const);
  return Object.freeze({
    def,
    typeMask: typeMaskOf(def.types, typeBits),
    ...readAbility(a),
    openProduction: a.pattern === "open-production",
    paid: production?.paid,
    agreement: statementPieces.engine("gain", def.agreement),
    spoils: statementPieces.engine("gain", def.spoils),
    produces: production?.produces,
    once: def.once === undefined ? undefined : statementPieces.engine("once", def.once),
    keeps: def.keep === undefined ? undefined : statementPieces.engine("keep", def.keep),
    deploy,
  });
}

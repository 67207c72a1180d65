/**
 * What each card must do, worked out from the checked card model
 * (`validatePaths([])`, src/check/model.ts) and never from the compiled code,
 * and what the engine did, read off a player's state: both as a `Delta`, so a
 * test compares the two with one `toEqual`.
 */
import type { Decision, DecisionKind } from "../src/engine/choices.js";
import type { PlayerState, VpToken } from "../src/engine/state.js";
import type { Asset, BaseCard, Card, ContactCard, Cost, Effect, Gift, LeaderCard, LocationCard } from "../src/check/model.js";
import { validatePaths } from "../src/pipeline/validate.js";
import type { Answer } from "./engine-harness.js";

// ---- the checked model --------------------------------------------------------

function loadModel(): readonly Card[] {
  const result = validatePaths([]);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`the card set does not validate: ${errors.map((d) => d.message).join("; ")}`);
  return result.cards;
}

/** Every checked card, in card-file order. */
export const modelCards: readonly Card[] = loadModel();
const byId = new Map(modelCards.map((c) => [c.id, c]));

export const modelLocations = modelCards.filter((c): c is LocationCard => c.kind === "location");
export const modelLeaders = modelCards.filter((c): c is LeaderCard => c.kind === "leader");
export const modelContacts = modelCards.filter((c): c is ContactCard => c.kind === "contact");
export const modelBases = modelCards.filter((c): c is BaseCard => c.kind === "base");

export function modelCard(id: string): Card {
  const c = byId.get(id);
  if (!c) throw new Error(`no checked card "${id}"`);
  return c;
}

export function modelLocation(id: string): LocationCard {
  const c = modelCard(id);
  if (c.kind !== "location") throw new Error(`"${id}" is not a Location`);
  return c;
}

export function modelBase(faction: string): BaseCard {
  const b = modelBases.find((x) => x.faction === faction);
  if (!b) throw new Error(`no Base for ${faction}`);
  return b;
}

export const isProduction = (l: LocationCard): boolean => l.ability.pattern === "open-production" || l.ability.pattern === "closed-production";

/** The production assets of a production Location, else none. */
export function producedBy(l: LocationCard): readonly Gift[] {
  return l.ability.pattern === "open-production" || l.ability.pattern === "closed-production" ? l.ability.produce : [];
}

/**
 * What a production Location comes into play with: the resource tokens of its
 * production, nothing else of it (engine ruling 9: "brought into play with its
 * corresponding Resource token(s)").
 */
export function enteredWith(l: LocationCard): readonly Asset[] {
  return producedBy(l).filter((a) => a.kind === "resource");
}

// ---- deltas ---------------------------------------------------------------------

/** A change to what a player holds outside their cards: pool, hand size, VP tokens on the Base. */
export interface Delta {
  readonly resources: Record<string, number>;
  workers: number;
  /** Cards in hand. */
  cards: number;
  /** VP tokens on the Base, counted by value ("1", "2"). */
  readonly baseVp: Record<string, number>;
  /** Contact tokens in the pool, counted by "colour range". */
  readonly contactTokens: Record<string, number>;
  redevelopment: number;
}

export function emptyDelta(): Delta {
  return { resources: {}, workers: 0, cards: 0, baseVp: {}, contactTokens: {}, redevelopment: 0 };
}

function bump(r: Record<string, number>, key: string, n: number): void {
  const v = (r[key] ?? 0) + n;
  if (v === 0) delete r[key];
  else r[key] = v;
}

export const tokenKey = (colour: string, range: number): string => `${colour} ${range}`;

/** Where the gains of a Location's own ability go that do not go to the pool. */
export interface OnCard {
  /** Resources kept on the card (a keep card's), instead of the pool. */
  readonly keepsResources: boolean;
  /** VP tokens land on the card, not the Base. */
  readonly vp: VpToken["value"][];
  readonly resources: Record<string, number>;
}

export function onCard(keepsResources: boolean): OnCard {
  return { keepsResources, vp: [], resources: {} };
}

/** Adds `times` × `assets` to `d`; VP go on the Base, unless a card receives them. */
export function addAssets(d: Delta, assets: readonly (Gift | Effect)[], times = 1, card?: OnCard): Delta {
  for (let i = 0; i < times; i++) {
    for (const a of assets) {
      switch (a.kind) {
        case "resource":
          if (card?.keepsResources) bump(card.resources, a.resource, a.amount);
          else bump(d.resources, a.resource, a.amount);
          break;
        case "worker":
          d.workers += a.amount;
          break;
        case "card":
          d.cards += a.amount;
          break;
        case "vp":
          for (let t = 0; t < a.tokens; t++) {
            if (card) card.vp.push(a.value);
            else bump(d.baseVp, String(a.value), 1);
          }
          break;
        case "contactToken":
          bump(d.contactTokens, tokenKey(a.colour, a.range), a.tokens);
          break;
        case "redevelopmentToken":
          d.redevelopment += a.amount;
          break;
        case "steal":
        case "redevelop":
        case "if":
          break; // not assets: the tests of these effects set them up and check them apart
      }
    }
  }
  return d;
}

export function assetsDelta(assets: readonly (Gift | Effect)[], times = 1, card?: OnCard): Delta {
  return addAssets(emptyDelta(), assets, times, card);
}

/** Takes `times` × the cost's resources, workers and cards from `d`; deals are checked apart. */
export function subtractCosts(d: Delta, costs: readonly Cost[], times = 1): Delta {
  for (let i = 0; i < times; i++) {
    for (const c of costs) {
      if (c.kind === "resource") bump(d.resources, c.resource, -c.amount);
      else if (c.kind === "worker") d.workers -= c.amount;
      else if (c.kind === "card") d.cards -= c.amount;
    }
  }
  return d;
}

/** The deals a cost discards from play, by kind. */
export function dealsIn(costs: readonly Cost[]): { spoils: number; agreement: number; deal: number } {
  const out = { spoils: 0, agreement: 0, deal: 0 };
  for (const c of costs) if (c.kind === "deal") out[c.deal] += c.amount;
  return out;
}

export function plus(a: Delta, b: Delta): Delta {
  const out = emptyDelta();
  for (const d of [a, b]) {
    for (const k in d.resources) bump(out.resources, k, d.resources[k]!);
    for (const k in d.baseVp) bump(out.baseVp, k, d.baseVp[k]!);
    for (const k in d.contactTokens) bump(out.contactTokens, k, d.contactTokens[k]!);
    out.workers += d.workers;
    out.cards += d.cards;
    out.redevelopment += d.redevelopment;
  }
  return out;
}

export function negate(a: Delta): Delta {
  const out = emptyDelta();
  for (const k in a.resources) bump(out.resources, k, -a.resources[k]!);
  for (const k in a.baseVp) bump(out.baseVp, k, -a.baseVp[k]!);
  for (const k in a.contactTokens) bump(out.contactTokens, k, -a.contactTokens[k]!);
  out.workers = -a.workers;
  out.cards = -a.cards;
  out.redevelopment = -a.redevelopment;
  return out;
}

export const minus = (a: Delta, b: Delta): Delta => plus(a, negate(b));

// ---- observing a player ------------------------------------------------------------

export interface Snapshot {
  readonly resources: Record<string, number>;
  readonly workers: number;
  readonly hand: number;
  readonly baseVp: Record<string, number>;
  readonly contactTokens: Record<string, number>;
  readonly redevelopment: number;
}

export function snapshot(p: PlayerState): Snapshot {
  const baseVp: Record<string, number> = {};
  for (const t of p.baseVp) bump(baseVp, String(t.value), 1);
  const contactTokens: Record<string, number> = {};
  for (const t of p.pool.contactTokens) bump(contactTokens, tokenKey(t.colour, t.range), 1);
  return {
    resources: { ...p.pool.resources },
    workers: p.pool.workers,
    hand: p.hand.length,
    baseVp,
    contactTokens,
    redevelopment: p.pool.redevelopment,
  };
}

export function deltaBetween(before: Snapshot, after: Snapshot): Delta {
  const d = emptyDelta();
  for (const [from, to, into] of [
    [before.resources, after.resources, d.resources],
    [before.baseVp, after.baseVp, d.baseVp],
    [before.contactTokens, after.contactTokens, d.contactTokens],
  ] as const) {
    for (const k of new Set([...Object.keys(from), ...Object.keys(to)])) bump(into, k, (to[k] ?? 0) - (from[k] ?? 0));
  }
  d.workers = after.workers - before.workers;
  d.cards = after.hand - before.hand;
  d.redevelopment = after.redevelopment - before.redevelopment;
  return d;
}

/** What happened to a player's pool, hand and Base while `act` ran. */
export function observe(p: PlayerState, act: () => void): Delta {
  const before = snapshot(p);
  act();
  return deltaBetween(before, snapshot(p));
}

export const vpValues = (tokens: readonly VpToken[]): number[] => tokens.map((t) => t.value);

/** The three-slot rule: a Location keeps at most 3 VP tokens, the first ones it got. */
export const locationVpLimit = 3;
export const leaderVpLimit = 5;

export function capped(values: readonly number[], cap: number): number[] {
  return values.slice(0, cap);
}

// ---- scripted answers ----------------------------------------------------------------

type DecisionOf<K extends DecisionKind> = Extract<Decision, { kind: K }>;
export type Handlers = { readonly [K in DecisionKind]?: (d: DecisionOf<K>) => number };

/**
 * Answers each decision kind with its handler and fails on any other kind (or
 * a handler finding no acceptable choice), logging every decision asked (a
 * decision with a single choice is never asked, so never logged).
 */
export function scripted(handlers: Handlers, log: Decision[] = []): Answer {
  return (d) => {
    log.push(d);
    const h = handlers[d.kind] as ((d: Decision) => number) | undefined;
    if (!h) throw new Error(`unexpected decision ${d.kind} for seat ${d.seat}: ${JSON.stringify(d.choices).slice(0, 300)}`);
    const i = h(d);
    if (i < 0) throw new Error(`no acceptable choice for ${d.kind}: ${JSON.stringify(d.choices).slice(0, 300)}`);
    return i;
  };
}

/** Answers with one function per seat (a seat without one must never be asked). */
export function bySeat(...answers: readonly Answer[]): Answer {
  return (d) => {
    const a = answers[d.seat];
    if (!a) throw new Error(`unexpected decision ${d.kind} for seat ${d.seat}`);
    return a(d);
  };
}

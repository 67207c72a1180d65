/**
 * The state of a game: everything a game is, as plain data (no classes, no
 * functions), so it can be cloned, compared, digested and resumed: the
 * players' areas, the piles, the token supply, the PRNG's state, the rules'
 * agenda (what is left to do) and the pending decision. Cards are referred
 * to by id and looked up in the card registry.
 */
import type { Decision } from "./choices.js";
import type { RngState } from "./rng.js";
import type { Task } from "./tasks.js";

export type CardId = string;

/** Resource tokens by resource id; a missing key is 0. */
export type Resources = Record<string, number>;

export interface VpToken {
  readonly value: 1 | 2;
}

export interface ContactToken {
  readonly colour: string;
  readonly range: number;
}

/** A Location played as Spoils or as an Agreement, tucked under a Base or a slots card. */
export interface Deal {
  readonly card: CardId;
  readonly kind: "spoils" | "agreement";
}

/** What a player has to spend this turn (on the Base card). */
export interface Pool {
  resources: Resources;
  workers: number;
  contactTokens: ContactToken[];
  redevelopment: number;
}

export interface LocationInPlay {
  readonly card: CardId;
  /** Resource tokens on the card: a keep card's. */
  resources: Resources;
  vpTokens: VpToken[];
  /** Deals tucked under it (slots trait). */
  deals: Deal[];
  /** Resources stored in its depot (kept, cannot be stolen). */
  depot: Resources;
  /** Resource tokens placed on its combo, by token kind (kept until the combo is cashed). */
  combo: Resources;
  /** Times its worker action was used this turn (at most 2). */
  uses: number;
  /** Players (by seat) whose faction marker is on it this turn. */
  markers: number[];
}

/**
 * A Base's faction power in play (a Base that has one), kept as a Location in
 * play keeps its grey part's: the Base is in play all game, so its depot and
 * the VP tokens its power gave stay; its action's uses come back each turn.
 */
export interface PowerInPlay {
  /** Times its worker action was used this turn (at most 2). */
  uses: number;
  /** Resources stored in its depot (kept, cannot be stolen). */
  depot: Resources;
  /** VP tokens its power gave: on the Base, and under the three-slot rule (at most 3). */
  vpTokens: VpToken[];
}

export interface LeaderInPlay {
  readonly card: CardId;
  resources: Resources;
  vpTokens: VpToken[];
  /** Times its action was used this turn (a non-repeatable one, once). */
  uses: number;
}

export interface PermanentContact {
  readonly card: CardId;
  usedThisTurn: boolean;
}

export interface PlayerState {
  readonly seat: number;
  readonly faction: string;
  readonly base: CardId;
  baseVp: VpToken[];
  baseDeals: Deal[];
  hand: CardId[];
  leader: LeaderInPlay | undefined;
  locations: LocationInPlay[];
  /** Its Base's faction power, if the Base has one (no base-set Base does: the field is then absent). */
  power?: PowerInPlay;
  contacts: PermanentContact[];
  pool: Pool;
  passed: boolean;
  /** Workers sent to opponents' Locations this turn (at most 3). */
  workersSent: number;
  /** Workers opponents sent to this player's Locations this phase: usable "until the end of the current phase" only. */
  workersReceived: number;
  /** Redevelopment actions this turn: the first may be paid with building material. */
  redevelopments: number;
  /** Lookout: whether this player has drawn instead of picking this Lookout (Scouts' Camp, once). */
  drewInstead: boolean;
  /** Actions taken in this Actions phase (the safety limit), and free moves in the current action turn. */
  actionsTaken: number;
  freeMoves: number;
  /** The VP total marked in the last VP count. */
  score: number;
}

export type Phase = "lookout" | "production" | "actions" | "vp-count" | "clean-up" | "over";

export interface GameState {
  readonly players: PlayerState[];
  /** Cards not in this game: the Bases and permanent Contacts of unused factions. */
  readonly box: CardId[];
  deck: CardId[];
  discard: CardId[];
  revealed: CardId[];
  /**
   * The token supply (the pool of the rulebook's components), by token kind
   * (see `tokenKind` in tokens.ts): every token taken comes from here and every token
   * spent or discarded returns here, so the totals never change.
   */
  supply: Record<string, number>;
  round: number;
  firstPlayer: number;
  phase: Phase;
  /** Set when someone reaches 30 VP: the game ends after this turn. */
  lastRound: boolean;
  /** Seats of the winners once the game is over (several on a draw). */
  winners: number[];
  /** Tie-break counts (cards in hand, unused resources and workers), taken before the last Clean-up. */
  tieBreak: { readonly hand: number; readonly unused: number }[];
  /** The PRNG (reshuffles): part of the state, so a clone goes on exactly as the original. */
  rng: RngState;
  /** What the rules still have to do, the next task last (a stack). */
  agenda: Task[];
  /** The decision the game waits for, or undefined when it is over. */
  pending: Decision | undefined;
}

export function countResources(r: Resources): number {
  let n = 0;
  for (const k in r) n += r[k]!;
  return n;
}

/**
 * A copy of a resource record, key by key (the same keys in the same order
 * as a spread). A record a token kind was deleted from (`addResource` at 0)
 * is a slow dictionary to the JavaScript engine, and a spread of one costs
 * several times a plain copy; the copy is a fast object again.
 */
export function copyResources(r: Readonly<Resources>): Resources {
  const out: Resources = {};
  for (const k in r) out[k] = r[k]!;
  return out;
}

export function addResource(r: Resources, resource: string, amount: number): void {
  const next = (r[resource] ?? 0) + amount;
  if (next === 0) delete r[resource];
  else r[resource] = next;
}

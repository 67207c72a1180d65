/**
 * Every decision a player makes, and the choices the engine offers for it.
 * One interface for every agent (random bot, greedy bot, scripted test
 * agent, a replayed log): the engine lists the legal choices, the agent
 * returns the index of one.
 */
import type { CardId, GameState } from "./state.js";

/** Where a Spoils or Agreement goes: under the Base or under a Location with slots. */
export type Holder = { readonly kind: "base" } | { readonly kind: "location"; readonly index: number };

/** Which contact cards and tokens pay for a Conquest, Cooperation or Incorporation. */
export interface RangePlan {
  /** One-time Contact cards from the hand. */
  readonly contacts: readonly CardId[];
  /** Permanent Contacts (each once a turn, price paid). */
  readonly permanents: readonly CardId[];
  /** Indices into the pool's contact tokens. */
  readonly tokens: readonly number[];
}

export type Action =
  | { readonly kind: "pass" }
  | {
      readonly kind: "conquer" | "cooperate";
      readonly card: CardId;
      readonly plan: RangePlan;
      readonly holder: Holder;
      /** A deal to discard from the holder first, to make room. */
      readonly replace: number | undefined;
    }
  | { readonly kind: "incorporate"; readonly card: CardId; readonly plan: RangePlan }
  | { readonly kind: "redevelop"; readonly card: CardId; readonly replaces: number; readonly pay: "building-material" | "token" }
  | { readonly kind: "play-leader"; readonly card: CardId }
  /** The two cards are then chosen one by one ("discard-card" decisions). */
  | { readonly kind: "discard-draw" }
  | { readonly kind: "work"; readonly location: number }
  | { readonly kind: "send-worker"; readonly owner: number; readonly location: number }
  | { readonly kind: "workers-for-resource"; readonly resource: string }
  | { readonly kind: "leader-action" }
  | { readonly kind: "convert"; readonly location: number; readonly trait: number };

export type ActionKind = Action["kind"];

/** A decision and its choices; the agent answers with an index into `choices`. */
export type Decision =
  | { readonly kind: "lookout-pick"; readonly seat: number; readonly choices: readonly LookoutPick[] }
  | { readonly kind: "lookout-discard"; readonly seat: number; readonly choices: readonly CardId[] }
  | { readonly kind: "lookout-keep"; readonly seat: number; readonly choices: readonly CardId[] }
  | { readonly kind: "cash-spoils"; readonly seat: number; readonly choices: readonly SpoilsChoice[] }
  | { readonly kind: "action"; readonly seat: number; readonly choices: readonly Action[] }
  | { readonly kind: "discard-card"; readonly seat: number; readonly choices: readonly CardId[] }
  | { readonly kind: "discard-deal"; readonly seat: number; readonly choices: readonly DealChoice[] }
  | { readonly kind: "steal"; readonly seat: number; readonly choices: readonly StealChoice[] }
  | { readonly kind: "redevelop-with"; readonly seat: number; readonly choices: readonly RedevelopChoice[] };

export type DecisionKind = Decision["kind"];

export type LookoutPick = { readonly kind: "take"; readonly card: CardId } | { readonly kind: "draw-instead" };
export type SpoilsChoice = { readonly kind: "cash"; readonly holder: Holder; readonly index: number } | { readonly kind: "done" };
export interface DealChoice {
  readonly holder: Holder;
  readonly index: number;
}
export interface StealChoice {
  readonly from: number;
  readonly resource: string;
}
/** A Location from the hand to build over a Location in play (or none, to forgo the effect). */
export type RedevelopChoice = { readonly card: CardId; readonly replaces: number } | { readonly card: undefined };

export interface Agent {
  readonly name: string;
  /** Returns the index of the chosen choice. The state is read-only to agents. */
  choose(state: Readonly<GameState>, decision: Decision): number;
}

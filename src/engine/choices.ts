/**
 * Every decision a player makes, and the choices the engine offers for it.
 * A decision is plain data: whose it is, what kind, the legal choices, and
 * whatever the rules need to go on once it is answered. The engine never
 * chooses where the rulebook lets a player choose; agents (src/bots/) answer
 * with the index of a choice.
 */
import type { CardId } from "./state.js";
import type { Demand, GainStep, Task } from "./tasks.js";
import { effectAskKinds, type EffectAskUnion } from "../constructs/effects/index.js";

/** Where a Spoils or Agreement goes: under the Base or under a Location with slots. */
export type Holder = { readonly kind: "base" } | { readonly kind: "location"; readonly index: number };

/** Where a player's resource tokens are: the pool (on the Base), the Leader, a Location's own tokens (keep icon), a depot (a Location's, or the Base's power's). */
export type Store =
  | { readonly kind: "pool" }
  | { readonly kind: "leader" }
  | { readonly kind: "base-depot" }
  | { readonly kind: "location"; readonly index: number }
  | { readonly kind: "depot"; readonly index: number };

/** One part of a payment: `amount` tokens of kind `token` taken from `from`. */
export interface Take {
  readonly from: Store;
  readonly token: string;
  readonly amount: number;
}

/** Which tokens pay a resource cost, all of it. */
export type Payment = readonly Take[];

/** Which contact cards and tokens pay for a Conquest, Cooperation or Incorporation. */
export interface RangePlan {
  /** One-time Contact cards from the hand. */
  readonly contacts: readonly CardId[];
  /** Permanent Contacts (each once a turn, price paid). */
  readonly permanents: readonly CardId[];
  /** Indices into the pool's contact tokens. */
  readonly tokens: readonly number[];
}

export type DeployKind = "conquer" | "cooperate" | "incorporate";

/**
 * What a player may do in an action turn. Actions end the action turn; free
 * moves (converts, depots, combos, discarding a deal) do not: the rulebook
 * lets them happen at any time of the player's action turn.
 */
export type Action =
  | { readonly kind: "pass" }
  /** Conquer, cooperate or incorporate; the range plan and the place are asked next. */
  | { readonly kind: DeployKind; readonly card: CardId }
  | { readonly kind: "redevelop"; readonly card: CardId; readonly replaces: number; readonly pay: "building-material" | "token" }
  | { readonly kind: "play-leader"; readonly card: CardId }
  /** The two cards are then chosen one by one ("discard-card" decisions). */
  | { readonly kind: "discard-draw" }
  | { readonly kind: "work"; readonly location: number }
  | { readonly kind: "send-worker"; readonly owner: number; readonly location: number }
  | { readonly kind: "workers-for-resource"; readonly resource: string }
  | { readonly kind: "leader-action" }
  /** The worker action of the player's Base (its faction power), used as a Location's. */
  | { readonly kind: "base-action" }
  // Free moves (a Base's power's traits as a Location's: `base-` and no index):
  | { readonly kind: "convert"; readonly location: number; readonly trait: number }
  | { readonly kind: "base-convert"; readonly trait: number }
  | { readonly kind: "discard-deal"; readonly holder: Holder; readonly index: number }
  | { readonly kind: "depot-put"; readonly location: number; readonly resource: string }
  | { readonly kind: "depot-take"; readonly location: number; readonly resource: string }
  | { readonly kind: "base-depot-put"; readonly resource: string }
  | { readonly kind: "base-depot-take"; readonly resource: string }
  /** One token from one of the player's stores onto a combo card (a token of a resource the combo still lacks, or a universal one). */
  | { readonly kind: "combo-place"; readonly location: number; readonly from: Store; readonly token: string };

export type ActionKind = Action["kind"];

/** The moves that do not use up the player's action turn. */
export const freeMoveKinds: ReadonlySet<ActionKind> = new Set<ActionKind>(["convert", "base-convert", "discard-deal", "depot-put", "depot-take", "base-depot-put", "base-depot-take", "combo-place"]);

export type LookoutPick = { readonly kind: "take"; readonly card: CardId } | { readonly kind: "draw-instead" };
export type SpoilsChoice = { readonly kind: "cash"; readonly holder: Holder; readonly index: number } | { readonly kind: "done" };
export interface DealChoice {
  readonly holder: Holder;
  readonly index: number;
}
/** A resource token to take from an opponent, and from which of the opponent's stores (never a depot). */
export interface StealChoice {
  readonly from: number;
  readonly store: Store;
  readonly resource: string;
}
/** Where a new deal goes, and which deal there is discarded first to make room (a free move folded in). */
export interface Placement {
  readonly holder: Holder;
  readonly replace: number | undefined;
}
/** A Location from the hand to build over a Location in play (or none, to forgo the effect). */
export type RedevelopChoice = { readonly card: CardId; readonly replaces: number } | { readonly card: undefined };

interface Asks<K extends string, C> {
  readonly kind: K;
  readonly seat: number;
  readonly choices: readonly C[];
}

/** A decision and its choices; the agent answers with an index into `choices`. */
export type Decision =
  | Asks<"lookout-pick", LookoutPick>
  | Asks<"lookout-discard", CardId>
  | Asks<"lookout-keep", CardId>
  | Asks<"cash-spoils", SpoilsChoice>
  /** Whether to pay for a production with a cost (src/constructs/production-cost.ts): what it costs, what it gives, whose card. */
  | (Asks<"paid-production", "pay" | "decline"> & { readonly owner: number; readonly location: number; readonly demand: Demand; readonly steps: readonly GainStep[] })
  | Asks<"action", Action>
  | (Asks<"discard-card", CardId> & { readonly left: number; readonly keep: readonly CardId[]; readonly then: "none" | "draw" })
  | (Asks<"discard-deal", DealChoice> & { readonly left: number; readonly deal: "spoils" | "agreement" | "deal" })
  /** `resources`: what is being paid (for agents and accounts); `rest`: what is left to pay once the resources are. */
  | (Asks<"payment", Payment> & { readonly resources: Readonly<Record<string, number>>; readonly rest: Extract<Task, { kind: "pay" }> })
  | (Asks<"range-plan", RangePlan> & { readonly deploy: DeployKind; readonly card: CardId })
  | (Asks<"placement", Placement> & { readonly deploy: "conquer" | "cooperate"; readonly card: CardId })
  | (Asks<"keep-trim", string> & { readonly location: number })
  /** Which resource on the Base goes back to the supply, one at a time, down to the owner's keep limit (`limit keep N`). */
  | Asks<"pool-trim", string>
  /** The decisions effects ask (a steal's, a choice's…), each its construct's (src/constructs/effects). */
  | EffectAskUnion;

/** Whether a decision is one an effect construct asks (and answers). */
export function isEffectAsk(d: Decision): d is EffectAskUnion {
  return effectAskKinds.has(d.kind);
}

export type DecisionKind = Decision["kind"];

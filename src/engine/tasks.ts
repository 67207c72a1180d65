/**
 * The rules' agenda: what is left to do, as plain data on a stack in the
 * game state. A task either does its work at once or turns into a decision
 * (machine.ts); none calls an agent. Each kind has one handler in the typed
 * table of machine.ts, so a new kind without a handler does not compile.
 */
import type { Action, DeployKind, Holder, RangePlan } from "./choices.js";
import type { CardId } from "./state.js";
import type { EffectAt } from "../constructs/effect.js";
import type { EffectConstructStep } from "../constructs/effects/index.js";
import type { Scaled } from "./definitions.js";
import type { ConditionDef } from "../constructs/conditions/index.js";

/** Where what a card gives lands: the Base (pool), a Location (its VP on it, its resources on a keep card), the Leader, the Base's power (its VP, capped). */
export type GiveTarget = { readonly to: "base" } | { readonly to: "location"; readonly index: number } | { readonly to: "leader" } | { readonly to: "power" };

/**
 * A gain as data (a recorded call of the Give API): given at once, times its scale's
 * count if it has one; or gains under a condition, tested for the player each time
 * they would be given (src/constructs/conditions).
 */
export type GainStep = PlainGainStep | { readonly op: "if"; readonly condition: ConditionDef; readonly steps: readonly GainStep[] };

/** A gain given as it is (no condition): one token kind, or cards, perhaps scaled (src/constructs/amounts). */
export type PlainGainStep = (
  | { readonly op: "resource"; readonly resource: string; readonly amount: number }
  | { readonly op: "workers"; readonly amount: number }
  | { readonly op: "cards"; readonly amount: number }
  | { readonly op: "vp"; readonly tokens: number; readonly value: 1 | 2 }
  | { readonly op: "contactToken"; readonly colour: string; readonly range: number; readonly tokens: number }
  | { readonly op: "redevelopmentTokens"; readonly amount: number }
) &
  Scaled;

/** A compiled effect as data (a recorded call of the Act API): a gain, or an effect construct's step (src/constructs/effects). */
export type EffectStep = GainStep | EffectConstructStep;

/** A cost as data (a recorded call of the Pay API, merged). */
export interface Demand {
  readonly resources: Readonly<Record<string, number>>;
  readonly workers: number;
  readonly cards: number;
  readonly deals: Readonly<Record<"spoils" | "agreement" | "deal", number>>;
}

export type Task =
  // Lookout.
  | { readonly kind: "reveal"; readonly count: number }
  | { readonly kind: "lookout-pick"; readonly seat: number; readonly first: boolean }
  | { readonly kind: "lookout-discard"; readonly seat: number }
  | { readonly kind: "lookout-leftover" }
  | { readonly kind: "lookout-draw"; readonly seat: number }
  // Production.
  | { readonly kind: "produce"; readonly seat: number }
  | { readonly kind: "cash-spoils"; readonly seat: number }
  | { readonly kind: "produce-locations"; readonly seat: number }
  /** A production with a cost is due for `seat` (its owner's, or an opponent who sent a Worker), on `owner`'s Location (src/constructs/production-cost.ts). */
  | { readonly kind: "paid-production"; readonly seat: number; readonly owner: number; readonly location: number }
  /** The player has taken everything they produce: their `after production` triggers. */
  | { readonly kind: "production-done"; readonly seat: number }
  // Actions.
  | { readonly kind: "action-turn"; readonly seat: number }
  /** Carries out a chosen action (the action decision's resolver schedules it after the turn's bookkeeping). */
  | { readonly kind: "apply"; readonly seat: number; readonly action: Action }
  | { readonly kind: "deploy"; readonly seat: number; readonly deploy: DeployKind; readonly card: CardId; readonly plan: RangePlan }
  | { readonly kind: "deploy-place"; readonly seat: number; readonly deploy: DeployKind; readonly card: CardId }
  | { readonly kind: "place-deal"; readonly seat: number; readonly deploy: "conquer" | "cooperate"; readonly card: CardId; readonly holder: Holder; readonly replace: number | undefined }
  | { readonly kind: "effects"; readonly seat: number; readonly target: GiveTarget; readonly steps: readonly EffectStep[]; readonly except: number }
  /** One step of an effect construct, carried out by its module (perhaps asking a decision). */
  | { readonly kind: "effect-step"; readonly step: EffectConstructStep; readonly at: EffectAt }
  /** Builds `card` from the hand over the Location at `replaces` (after the Redevelopment is paid). */
  | { readonly kind: "build"; readonly seat: number; readonly card: CardId; readonly replaces: number }
  /** A new Leader comes into play (after the Weapons for a change is paid). */
  | { readonly kind: "leader-in"; readonly seat: number; readonly card: CardId }
  // Paying.
  | { readonly kind: "pay"; readonly seat: number; readonly demand: Demand; readonly keep: readonly CardId[] }
  | { readonly kind: "discard-cards"; readonly seat: number; readonly count: number; readonly keep: readonly CardId[]; readonly then: "none" | "draw" }
  | { readonly kind: "discard-deals"; readonly seat: number; readonly deal: "spoils" | "agreement" | "deal"; readonly count: number }
  // Clean-up.
  | { readonly kind: "keep-trim"; readonly seat: number; readonly location: number }
  | { readonly kind: "pool-trim"; readonly seat: number };

export type TaskKind = Task["kind"];

/** Puts tasks on the agenda so that they run in the order given, before anything already there. */
export function schedule(agenda: Task[], ...tasks: Task[]): void {
  for (let i = tasks.length - 1; i >= 0; i--) agenda.push(tasks[i]!);
}

/**
 * The checked card set: what the compiler, the text renderers and the engine
 * consume. Every word is resolved to a vocabulary id, every number is within
 * the rules, and each Location's shape follows its pattern, so a consumer
 * never has to re-check what the checker already proved.
 */
import type { AmountModel } from "../constructs/amounts/index.js";
import type { ConditionModel } from "../constructs/conditions/index.js";
import type { EffectModel } from "../constructs/effects/index.js";
import type { AfterModel } from "../constructs/traits/after.js";
import type { TraitModel } from "../constructs/traits/index.js";
import type { StatementModels } from "../constructs/statements/index.js";
import type { LocalName, Pattern } from "../schema/card-file.js";

/** Something a card gives: tokens taken from the pool, cards drawn, VP; `scale` when it scales with a count (`1 vp per agreement`). */
export type Asset = (
  | { readonly kind: "resource"; readonly resource: string; readonly amount: number }
  | { readonly kind: "worker"; readonly amount: number }
  /** Cards from the top of the draw deck. */
  | { readonly kind: "card"; readonly amount: number }
  /** Count and value apart: the three-slot rule counts tokens, the score adds values. */
  | { readonly kind: "vp"; readonly tokens: number; readonly value: 1 | 2 }
  | { readonly kind: "contactToken"; readonly colour: string; readonly range: number; readonly tokens: number }
  | { readonly kind: "redevelopmentToken"; readonly amount: number }
) & { readonly scale?: AmountModel };

/** Gains given only while a condition holds (`gain 1 vp if you have a leader`; src/constructs/conditions). */
export interface Conditional {
  readonly kind: "if";
  readonly condition: ConditionModel;
  readonly gains: readonly Asset[];
}

/** What a card's red, blue or production part gives: gains, some perhaps under a condition. */
export type Gift = Asset | Conditional;

/** Something a player gives up: resources, workers, cards from hand, deals in play. */
export type Cost =
  | { readonly kind: "resource"; readonly resource: string; readonly amount: number }
  | { readonly kind: "worker"; readonly amount: number }
  /** Cards discarded from the player's hand. */
  | { readonly kind: "card"; readonly amount: number }
  /** Spoils and/or Agreements discarded from play. */
  | { readonly kind: "deal"; readonly deal: DealKind; readonly amount: number };

export type DealKind = "spoils" | "agreement" | "deal";

/** Something a card does: a plain gain, or one of the effect constructs (src/constructs/effects). */
export type Effect = Asset | EffectModel;

const assetKinds: ReadonlySet<string> = new Set<Asset["kind"]>(["resource", "worker", "card", "vp", "contactToken", "redevelopmentToken"]);

/** Whether an effect is a plain gain (said with "gain", given at once). */
export function isAsset(e: Effect): e is Asset {
  return assetKinds.has(e.kind);
}

/** A worker action (src/constructs/statements/action.ts). */
export type WorkerAction = StatementModels["action"];

/** A card's production (src/constructs/statements/produce.ts): what it gives free, and for a price. */
export type Production = StatementModels["produce"];

/** A Resource combo (src/constructs/statements/combo.ts). */
export type Combo = StatementModels["combo"];

/** A trait's checked form: one per construct of src/constructs/traits. */
export type Trait = TraitModel;

/** The keep icon (src/constructs/statements/keep.ts). */
export type Keep = StatementModels["keep"];

/** Where a card was written, for reports that point back at it. */
export interface Origin {
  readonly file: string;
  readonly line: number;
}

interface CardCommon {
  readonly id: string;
  readonly name: LocalName;
  readonly set: string;
  readonly origin: Origin;
}

export interface BaseCard extends CardCommon {
  readonly kind: "base";
  readonly faction: string;
  /** Its `produce` statement's gains (src/constructs/statements/produce.ts). */
  readonly produce: Production["produce"];
  /** Deals (Spoils/Agreements) the Base holds. */
  readonly slots: number;
  /** Its faction power, if it has one (expansion Bases; none in the base set). */
  readonly power?: BasePower;
}

/**
 * A Base's faction power: one worker action or traits, written and meant as
 * on an action or trait Location (the same shape, so the compiler, the text
 * and the engine read it as they read a Location's grey part).
 */
export type BasePower = { readonly pattern: "action"; readonly work: WorkerAction } | { readonly pattern: "trait"; readonly traits: readonly Trait[] };

export interface ContactCard extends CardCommon {
  readonly kind: "contact";
  readonly use: "permanent" | "one-time";
  readonly faction?: string;
  readonly colour: string;
  readonly range: number;
  readonly price: readonly Cost[];
}

export interface LeaderCard extends CardCommon {
  readonly kind: "leader";
  /** Placed on the Leader when played; kept until spent or the Leader leaves. */
  readonly resources: readonly Asset[];
  /** The one-time-only icon (src/constructs/statements/once.ts); empty for none. */
  readonly once: StatementModels["once"];
  /** Its triggered ability (the `after` construct) or its action. */
  readonly ability: AfterModel | WorkerAction;
}

/** The grey part, shaped by the card's pattern. */
export type LocationAbility =
  | { readonly pattern: "action"; readonly work: WorkerAction | Combo }
  | ({ readonly pattern: "open-production" | "closed-production" } & Production)
  | { readonly pattern: "trait"; readonly traits: readonly Trait[] };

export interface LocationCard extends CardCommon {
  readonly kind: "location";
  readonly distance: 1 | 2 | 3;
  readonly types: readonly string[];
  /** What it gives as Spoils and as an Agreement: its `gain` statements (src/constructs/statements/gain.ts). */
  readonly spoils: StatementModels["gain"];
  readonly agreement: StatementModels["gain"];
  readonly ability: LocationAbility;
  /** The one-time-only icon (src/constructs/statements/once.ts): received once, when the card comes into play; empty for none. */
  readonly once: StatementModels["once"];
  readonly keep?: Keep;
}

export type Card = BaseCard | ContactCard | LeaderCard | LocationCard;

export type { Pattern };

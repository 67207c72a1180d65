/**
 * What a card is to the engine: the interfaces the compiler's generated code
 * (generated/*.ts) implements, and the public ability API that code calls.
 *
 * Rules data the engine reasons about (distance, card types, pattern, worker
 * counts, slot sizes) are plain fields; what a card *does* (gives, costs,
 * effects) is compiled twice from one lowering: as the calls it makes, as
 * data (`calls`, what the engine reads), and as a function over the small
 * APIs below (`run`, the typed code a reader or a test runs). The engine
 * never sees the card language's AST, and never runs a card's code.
 */
import type { AmountData } from "../constructs/amounts/index.js";
import type { ConditionDef } from "../constructs/conditions/index.js";
import type { EffectCalls } from "../constructs/effects/index.js";
import type { AfterDef } from "../constructs/traits/after.js";
import type { TraitDef as TraitConstructDef } from "../constructs/traits/index.js";
import type { StatementDefs } from "../constructs/statements/index.js";

export interface LocalName {
  readonly en: string;
  readonly fr: string;
}

export type DealKind = "spoils" | "agreement" | "deal";
export type Pattern = "action" | "open-production" | "closed-production" | "trait";

/** A gain that scales with a count (`1 vp per agreement`): the count, as data, taken when the gain is given (src/constructs/amounts). */
export interface Scaled {
  readonly scale?: AmountData;
}

/**
 * The public API for giving things: where they go is the engine's business.
 * Every call names its arguments (`give.vp({ tokens: 1, value: 2 })`), so
 * generated code reads without the API at hand and two numbers cannot swap.
 */
export interface Give {
  resource(a: { readonly resource: string; readonly amount: number } & Scaled): void;
  workers(a: { readonly amount: number } & Scaled): void;
  /** Cards from the top of the draw deck. */
  cards(a: { readonly amount: number } & Scaled): void;
  /** `tokens` VP tokens, each worth `value` (1 or 2). */
  vp(a: { readonly tokens: number; readonly value: 1 | 2 } & Scaled): void;
  contactToken(a: { readonly colour: string; readonly range: number; readonly tokens: number } & Scaled): void;
  redevelopmentTokens(a: { readonly amount: number } & Scaled): void;
  /** The gains, given only if the condition holds for the player when they are given (src/constructs/conditions). */
  onlyIf(a: { readonly condition: ConditionDef; readonly gains: GainsCode }): void;
}

/**
 * The public API for costs: what a cost's calls may be (the engine reads
 * them as a Demand, src/engine/facts.ts).
 */
export interface Pay {
  resource(a: { readonly resource: string; readonly amount: number }): void;
  workers(a: { readonly amount: number }): void;
  /** Cards discarded from the hand. */
  cards(a: { readonly amount: number }): void;
  /** Spoils and/or Agreements discarded from play. */
  deals(a: { readonly kind: DealKind; readonly amount: number }): void;
}

/** What an action or a convert may do: give, or call an effect construct (`act.steal({ … })`; src/constructs/effects). */
export type Act = Give & EffectCalls;

export type GainsCode = (give: Give) => void;
export type CostCode = (pay: Pay) => void;
export type EffectsCode = (act: Act) => void;

/**
 * One call of an API as data: the method's name and its named arguments,
 * a function among them (`onlyIf`'s gains, a choice's options) as its own
 * calls: `{ call: "resource", resource: "scrap", amount: 2 }`.
 */
export type CallOf<Api> = { [M in keyof Api & string]: Api[M] extends (a: infer A) => void ? { readonly call: M } & CallArgs<A> : never }[keyof Api & string];
export type CallArgs<A> = { readonly [P in keyof A]: ArgData<A[P]> };
type ArgData<T> = T extends GainsCode ? GiveCalls : T extends EffectsCode ? ActCalls : T extends readonly (infer E)[] ? readonly ArgData<E>[] : T;
// Interfaces, not aliases: a call's arguments may hold calls.
export interface GiveCalls extends ReadonlyArray<CallOf<Give>> {}
export interface PayCalls extends ReadonlyArray<CallOf<Pay>> {}
export interface ActCalls extends ReadonlyArray<CallOf<Act>> {}

/**
 * What a card gives, costs or does, as the compiler writes it: the calls as
 * data, which the engine reads (src/engine/facts.ts), and the same calls as
 * a function, which it never runs (a test checks that the two agree).
 */
export interface Compiled<Api, Calls> {
  readonly calls: Calls;
  readonly run: (api: Api) => void;
}

export type Gains = Compiled<Give, GiveCalls>;
export type Cost = Compiled<Pay, PayCalls>;
export type Effects = Compiled<Act, ActCalls>;

/** A worker action as compiled (src/constructs/statements/action.ts). */
export type WorkerActionDef = StatementDefs["action"];

/** A Resource combo as compiled (src/constructs/statements/combo.ts). */
export type ComboDef = StatementDefs["combo"];

/** A trait as compiled: one shape per construct of src/constructs/traits (each module's `Def`). */
export type TraitDef = TraitConstructDef;

export type LookoutAbility = "take-leftover" | "draw-instead" | "draw-two-keep-one" | "discard-after-first";

interface CardDefCommon {
  readonly id: string;
  readonly name: LocalName;
  readonly set: string;
}

export interface BaseDef extends CardDefCommon {
  readonly kind: "base";
  readonly faction: string;
  readonly produce: Gains;
  readonly slots: number;
  /** Its faction power, if it has one (expansion Bases): absent from a Base without one. */
  readonly power?: BasePowerDef;
}

/** A Base's faction power: one worker action or traits, in the shape of an action or trait Location's grey part. */
export type BasePowerDef = { readonly pattern: "action"; readonly work: WorkerActionDef } | { readonly pattern: "trait"; readonly traits: readonly TraitDef[] };

export interface ContactDef extends CardDefCommon {
  readonly kind: "contact";
  readonly use: "permanent" | "one-time";
  readonly faction: string | undefined;
  readonly colour: string;
  readonly range: number;
  readonly price: Cost;
}

export interface LeaderDef extends CardDefCommon {
  readonly kind: "leader";
  /** Placed on the Leader when played. */
  readonly resources: Gains;
  /** The one-time-only icon (src/constructs/statements/once.ts), if it has one. */
  readonly once: StatementDefs["once"] | undefined;
  /** Its triggered ability (the `after` construct) or its action. */
  readonly ability: AfterDef | WorkerActionDef;
}

/** The grey part, by pattern: an action card has its one worker action, and so on. */
export type LocationAbilityDef =
  | { readonly pattern: "action"; readonly work: WorkerActionDef | ComboDef }
  /** Its `produce` statements (src/constructs/statements/produce.ts): `paid`, a production with a cost, the player's choice each Production phase (absent: none). */
  | ({ readonly pattern: "open-production" | "closed-production" } & StatementDefs["produce"])
  | { readonly pattern: "trait"; readonly traits: readonly TraitDef[] };

export interface LocationDef extends CardDefCommon {
  readonly kind: "location";
  readonly distance: 1 | 2 | 3;
  readonly types: readonly string[];
  /** Its `gain` statements (src/constructs/statements/gain.ts). */
  readonly spoils: StatementDefs["gain"];
  readonly agreement: StatementDefs["gain"];
  readonly ability: LocationAbilityDef;
  /** The one-time-only icon (src/constructs/statements/once.ts), if it has one. */
  readonly once: StatementDefs["once"] | undefined;
  /** The keep icon (src/constructs/statements/keep.ts), if it has one. */
  readonly keep: StatementDefs["keep"] | undefined;
}

export type CardDef = BaseDef | ContactDef | LeaderDef | LocationDef;

/** A card set as the compiler writes it: every card, and a lookup by id. */
export interface CardRegistry {
  readonly cards: readonly CardDef[];
  readonly byId: ReadonlyMap<string, CardDef>;
  /** The basic resources (for "two workers for a resource"), from the vocabulary. */
  readonly basicResources: readonly string[];
  /** Each contact colour's actions: a contact's range counts toward these only (from the vocabulary). */
  readonly contactColours: Readonly<Record<string, readonly ("conquer" | "cooperate" | "incorporate")[]>>;
  /**
   * Each resource's English name for a count, one and other ("Building Material"; with a unit word,
   * "barrels of Water"), from the vocabulary: the account of a game names resources as the cards do.
   * Not part of the card set's digest: a name changes no rule.
   */
  readonly resourceNames: Readonly<Record<string, { readonly one: string; readonly other: string }>>;
}

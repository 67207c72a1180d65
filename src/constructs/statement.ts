/**
 * What a statement of the card language is, when it is not a trait: one
 * module that holds all of it, from its grammar rule to its meaning in the
 * engine, and where on a card it may stand. A statement is one value of
 * `StatementConstruct`, so a module that lacks a piece does not compile, and
 * the table (statements/index.ts) derives the AST and model types from its
 * members.
 *
 * A trait (construct.ts, `TraitConstruct`) is always one more trait of a
 * trait card; a statement fills a part of its card of its own (a
 * Location's Spoils and Agreement, its production, the keep icon, the
 * one-time-only icon, the worker action), so it says which part and on
 * which cards: the checker's placement rules are read from it.
 */
import type { CstNode, TokenType } from "chevrotain";
import type { Span } from "../../grammar/ast.js";
import type { Resolver } from "../check/resolve.js";
import type * as M from "../check/model.js";
import type { Expr } from "../compiler/code.js";
import type { Pattern } from "../schema/card-file.js";
import type { Sayings } from "../text/phrasebook.js";
import type { BuildKit, GrammarKit } from "./construct.js";
import type { Lang } from "../text/words.js";

/** The parts of a Location's card a statement may fill, and what each holds once checked. */
export interface LocationParts {
  /** The one-time-only icon: received once, when the card comes into play. */
  readonly once: readonly M.Effect[];
  /** The keep icon. */
  readonly keep: M.Keep;
  /** An action card's one worker action. */
  readonly work: M.WorkerAction | M.Combo;
  /** A production card's production: what it gives free, what it gives for a price (a field's statements add up). */
  readonly produce: M.Production;
}

/** What a Location's spoils and agreement fields hold: what it gives as Spoils or as an Agreement. */
export interface DealParts {
  readonly gifts: readonly M.Gift[];
}

/** The parts of a Leader's card a statement may fill. */
export interface LeaderParts {
  readonly once: readonly M.Effect[];
  /** Its one ability, when it is an action (a trigger is the `after` trait). */
  readonly ability: M.WorkerAction;
}

/** The parts of a Base's card a statement may fill. */
export interface BaseParts {
  /** What it produces each Production phase. */
  readonly produce: M.Production;
  /** Its faction power, when it is a worker action. */
  readonly work: M.WorkerAction;
}

/** Where a statement stands: a Location's ability, a Location's spoils and agreement fields, a Leader's ability, a Base's ability. */
export type Standing = "location" | "deals" | "leader" | "base";

/** The parts of `Parts` that hold a `Model`: a statement can only be put where its checked form fits. */
type PartFor<Parts, Model> = { [P in keyof Parts]: Model extends Parts[P] ? P : never }[keyof Parts];

/** Refused in a card's ability, with the hint that says what to write instead (none: the message alone). */
export interface Refused {
  readonly refused: true;
  readonly hint?: string;
}

/** Where a statement may stand, and what it is there. */
export interface Placement<Node, Model> {
  /**
   * On a Location's ability: the part it fills. With `patterns`, only cards
   * of those patterns have that part, and another card takes no `what`
   * (`a trait card takes no worker action ("combo")`: S51-E303); with
   * `checked`, its own mistakes are reported there too.
   */
  readonly location:
    | { readonly part: PartFor<LocationParts, Model>; readonly only?: { readonly patterns: readonly Pattern[]; readonly what: string; readonly checked?: true } }
    | Refused;
  /** In a Location's spoils and agreement fields, its part there (a field's statements are given in order, as one list); absent: those fields refuse it. */
  readonly deals?: { readonly part: PartFor<DealParts, Model> };
  readonly leader: { readonly part: PartFor<LeaderParts, Model> } | Refused;
  /** A Base produces, holds deals and may carry a faction power: the part it fills, or why it refuses it. */
  readonly base: { readonly part: PartFor<BaseParts, Model> } | Refused;
  /**
   * A field holds at most one statement of this group; statements sharing a
   * group exclude each other (`action` and `combo`: one worker action). A
   * statement's group may depend on how it is written (`produce` with a
   * cost is a statement of its own). Absent: any number.
   */
  readonly single?: string | ((node: Node) => string);
}

/**
 * A statement of the language, whole: `Node` is its AST node, `Model` its
 * checked form (what the card's part holds), `Def` what the card definition
 * holds for it, `Facts` what the engine reads from that definition.
 */
export interface StatementConstruct<K extends string, Node extends { readonly kind: K; readonly span: Span }, Model, Def, Facts> {
  readonly kind: K;
  /** A statement written with it, as docs/language.md shows it; the tests take it through every stage. */
  readonly example: string;
  /** The keyword that starts the statement (a lexer token). */
  readonly keyword: TokenType;
  /** The rule's body after the keyword, as chevrotain records it. */
  readonly grammar: (g: GrammarKit) => void;
  readonly build: (cst: CstNode, span: Span, kit: BuildKit) => Node;
  readonly place: Placement<Node, Model>;
  /** Gives the node meaning where it stands (`at`, one its `place` takes); each problem reported at its place. */
  readonly check: (node: Node, r: Resolver, at: Standing) => Model | undefined;
  /** The `Def` the generated code holds in the card's part. */
  readonly emit: (model: Model) => Expr;
  /** Its sentence of card text in each language. */
  readonly text: { readonly [L in Lang]: (model: Model, say: Sayings) => string };
  /** Its meaning in the engine: the facts read once from its definition (kept with the card's facts). */
  readonly engine: (def: Def) => Facts;
}

/** Any statement construct (for tables and walkers that do not care which). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStatementConstruct = StatementConstruct<string, any, any, any, any>;

export type StatementNodeOf<C> = C extends StatementConstruct<string, infer N, infer _M, infer _D, infer _F> ? N : never;
export type StatementModelOf<C> = C extends StatementConstruct<string, infer _N, infer M, infer _D, infer _F> ? M : never;
export type StatementDefOf<C> = C extends StatementConstruct<string, infer _N, infer _M, infer D, infer _F> ? D : never;
export type StatementFactsOf<C> = C extends StatementConstruct<string, infer _N, infer _M, infer _D, infer F> ? F : never;

/**
 * What a construct of the card language is: one module that holds all of it,
 * from the grammar rule to its meaning in the engine. A construct is one
 * value of `TraitConstruct`, so a module that lacks a piece does not compile,
 * and the table (traits/index.ts) derives the AST, model and engine unions
 * from its members: nothing else lists the kinds.
 *
 * The pieces, in pipeline order:
 *   example           a statement written with it
 *   keyword, grammar  the statement's first word and its chevrotain rule body
 *   build             the concrete syntax tree to its AST node (with spans)
 *   check             the AST node to its checked model, or diagnostics
 *   emit              the model to the code the compiler writes (its `Def`)
 *   text              the model in English and in French
 *   engine            what the `Def` means to the rules: its facts
 */
import type { CstNode, IToken, TokenType } from "chevrotain";
import type { Asset, ConditionClause, Effect, Span } from "../../grammar/ast.js";
import type { Resolver } from "../check/resolve.js";
import type { Expr } from "../compiler/code.js";
import type { Demand, EffectStep, GainStep } from "../engine/tasks.js";
import type { LookoutAbility } from "../engine/definitions.js";
import type { Sayings } from "../text/phrasebook.js";
import type { TriggerFact } from "./traits/after.js";
import type { LimitTarget } from "./traits/limit.js";
import type { RangeChange } from "./traits/range.js";
import type { Lang } from "../text/words.js";

/**
 * The rules statements share, by name, and the subrules a statement's module
 * names (`productionCost`, `produce`'s cost; `actionOption`, an action's
 * options: their grammar is their module's): a construct's grammar refers to
 * them through `GrammarKit.subrule`.
 */
export type SharedRule = "assetList" | "effectList" | "counted" | "condition" | "productionCost" | "actionOption";

/**
 * The parser's recording methods, handed to a construct's grammar. Chevrotain
 * tells two uses of one token (or rule) in a rule apart by their number: the
 * second `Word` of a rule is `consume(Word, 2)`.
 */
export interface GrammarKit {
  consume(token: TokenType, occurrence?: 1 | 2 | 3): IToken;
  subrule(rule: SharedRule, occurrence?: 1 | 2): CstNode;
  /** One of several tokens, kept in the node under `label` whichever it is (`-1` or `1`; `hand` or `keep`). */
  oneOf(tokens: readonly TokenType[], label: string, occurrence?: 1 | 2): IToken;
  /** What may be left out (a second `option` in one rule is occurrence 2). */
  option(body: () => void, occurrence?: 1 | 2 | 3): void;
  /** One of the alternatives, the first whose tokens come next (chevrotain's OR). */
  or(alternatives: readonly (() => unknown)[], occurrence?: 1 | 2): void;
  /** The body zero or more times, while its first token comes next (chevrotain's MANY). */
  many(body: () => void): void;
  /** The body once or more (chevrotain's AT_LEAST_ONE). */
  atLeastOne(body: () => void): void;
  /** The body once or more, `separator` between (chevrotain's AT_LEAST_ONE_SEP). */
  atLeastOneSep(separator: TokenType, body: () => void): void;
}

/** The builders a construct's `build` is handed for rules that hold other constructs (kept out of grammar/cst.ts, which the constructs import). */
export interface BuildKit {
  /** The statement's effect list (after `->`). */
  effectList(node: CstNode): Effect[];
  /** The statement's asset list, each asset with its amount construct if it has one (`1 vp per agreement`). */
  assetList(node: CstNode): Asset[];
  /** An asset list's own node (one of several in a rule), as `assetList` builds it. */
  assets(list: CstNode): Asset[];
  /** The statement's condition (`if you …`), left out when it has none. */
  condition(node: CstNode): { condition?: ConditionClause };
}

/** A Location's facts that its traits make: the engine reads these, never the traits themselves. */
export interface TraitFacts {
  /** How many Spoils and Agreements it holds (its slots trait), if any. */
  slots: { readonly spoils: number; readonly agreement: number } | undefined;
  readonly lookout: Set<LookoutAbility>;
  /** Free moves at any time of the action turn: pay the demand to get the steps (by trait index). */
  readonly converts: { readonly trait: number; readonly demand: Demand; readonly steps: readonly EffectStep[] }[];
  readonly depots: { readonly trait: number; readonly amount: number }[];
  /** In the Production phase: the steps, once for each Location of the card type in the owner's area. */
  readonly perCardType: { readonly cardType: string; readonly steps: readonly GainStep[] }[];
  /** Base-game limits the card changes for its owner while it is in play (the most generous holds). */
  readonly limits: { -readonly [T in LimitTarget]?: number };
  /** Changes of the range its owner needs to play a card of a distance or card type (they add up). */
  readonly rangeChanges: RangeChange[];
  /** Gains when its owner plays a Location, ends their Production or passes (its `after` traits). */
  readonly triggers: TriggerFact[];
}

/**
 * The pieces every construct of a smaller table (an amount, a condition) has,
 * from its rule to its sentence; each table's interface adds its engine piece.
 */
export interface ConstructPieces<K extends string, Node extends { readonly kind: K; readonly span: Span }, Model extends { readonly kind: K }> {
  readonly kind: K;
  /** How it is written, as docs/language.md shows it. */
  readonly example: string;
  /** The keywords it adds to the language (the lexer scans them before words). */
  readonly words: readonly TokenType[];
  /** Its rule's body, as chevrotain records it. */
  readonly grammar: (g: GrammarKit) => void;
  /** The concrete syntax tree to its AST node (with spans). */
  readonly build: (cst: CstNode, span: Span) => Node;
  /** Gives the node meaning: words resolved, numbers within the rules; each problem reported at its place. */
  readonly check: (node: Node, r: Resolver) => Model | undefined;
  /** The data the generated code holds for it: an object literal. */
  readonly emit: (model: Model) => Expr;
  /** Its phrase, lower-case, in English and in French. */
  readonly text: { readonly [L in Lang]: (model: Model, say: Sayings) => string };
}

/** A trait statement of the language, whole: `Node` is its AST node, `Model` its checked form, `Def` the compiled code's shape. */
export interface TraitConstruct<K extends string, Node extends { readonly kind: K; readonly span: Span }, Model extends { readonly kind: K }, Def extends { readonly kind: K }> {
  readonly kind: K;
  /** A statement written with it, as docs/language.md shows it; the tests take it through every stage. */
  readonly example: string;
  /** The keyword that starts the statement (a lexer token). */
  readonly keyword: TokenType;
  /** The rule's body after the keyword, as chevrotain records it. */
  readonly grammar: (g: GrammarKit) => void;
  readonly build: (cst: CstNode, span: Span, kit: BuildKit) => Node;
  /** Gives the node meaning: vocabulary words resolved, numbers within the rules; each problem reported at its place. */
  readonly check: (node: Node, r: Resolver) => Model | undefined;
  /** The `Def` the generated code holds. */
  readonly emit: (model: Model) => Expr;
  /** One sentence of card text in each language. */
  readonly text: { readonly [L in Lang]: (model: Model, say: Sayings) => string };
  /** Its meaning in the engine: what it adds to the Location's facts (`trait` is its index among the card's traits). */
  readonly engine: (def: Def, trait: number, facts: TraitFacts) => void;
}

/** Any trait construct (for tables and walkers that do not care which). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTraitConstruct = TraitConstruct<string, any, any, any>;

export type NodeOf<C> = C extends TraitConstruct<string, infer N, infer _M, infer _D> ? N : never;
export type ModelOf<C> = C extends TraitConstruct<string, infer _N, infer M, infer _D> ? M : never;
export type DefOf<C> = C extends TraitConstruct<string, infer _N, infer _M, infer D> ? D : never;

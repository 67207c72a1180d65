/**
 * What an effect construct of the card language is: one module holding all
 * of an effect beyond plain gains (`steal 1 worker`, `redevelop`, `2 scrap or
 * 1 vp`, `each opponent discards 1 card`), from its grammar rule to the
 * decisions it asks in the engine. Effects appear wherever an effect list
 * does: after a worker action's `->`, a convert's `->`, `once:`.
 *
 * The pieces, in pipeline order:
 *   example          an effect written with it (the tests put it after `action: `)
 *   syntax           its keyword and rule body, or the infix word that joins effects
 *   words            the keywords it adds to the language
 *   build            the concrete syntax tree to its AST node (with spans)
 *   check            the AST node to its checked model, or diagnostics
 *   emit             the argument of its call on the Act API (`act.steal({ … })`)
 *   record           that call's argument as a step of data (what the engine runs)
 *   text             a verb phrase in English and in French ("steal 1 Worker from an opponent")
 *   engine           carrying a step out: at once, or a decision whose answers it also owns
 *
 * Effects may hold effects (a choice's options): each stage hands a
 * construct the stage's own function for its inner effects (`inner`), so a
 * construct never imports a stage. Its text says inner effects through
 * `Sayings.effects`.
 */
import type { CstNode, TokenType } from "chevrotain";
import type * as A from "../../grammar/ast.js";
import type * as M from "../check/model.js";
import type { Resolver } from "../check/resolve.js";
import type { Expr } from "../compiler/code.js";
import type { ActCalls, CallArgs } from "../engine/definitions.js";
import type { Game } from "../engine/game.js";
import type { EffectStep, GiveTarget } from "../engine/tasks.js";
import type { Sayings } from "../text/phrasebook.js";
import type { GrammarKit } from "./construct.js";
import type { Lang } from "../text/words.js";

/** Where an effect happens: whose it is, where its gains land, and which Location (by index) a redevelopment may not replace (-1: none). */
export interface EffectAt {
  readonly seat: number;
  readonly target: GiveTarget;
  readonly except: number;
}

/** A decision an effect asks (the shape every decision has; see src/engine/choices.ts). */
export interface EffectAsk<K extends string = string, C = unknown> {
  readonly kind: K;
  readonly seat: number;
  readonly choices: readonly C[];
}

/** A keyword-led effect (`steal …`), or an infix word joining effects (`… or …`). */
export type EffectSyntax = { readonly keyword: TokenType; readonly grammar: (g: GrammarKit) => void } | { readonly infix: TokenType };

/** What an effect's engine piece may do: run a step, and answer each decision kind it asks. */
export interface EffectEngine<Step, Ask extends EffectAsk> {
  /** Carries out the step: at once (undefined, perhaps after scheduling more), or the decision it needs. */
  readonly run: (game: Game, step: Step, at: EffectAt) => Ask | undefined;
  /** For each decision kind it asks, what an answer does. */
  readonly answers: { readonly [K in Ask["kind"]]: (game: Game, ask: Extract<Ask, { kind: K }>, choice: Extract<Ask, { kind: K }>["choices"][number]) => void };
}

/**
 * An effect of the language, whole: `Node` its AST node, `Model` its checked
 * form, `Args` the argument of its call in generated code, `Step` that call
 * as data, `Ask` the decisions it makes players take.
 */
export interface EffectConstruct<K extends string, Node extends { readonly kind: K; readonly span: A.Span }, Model extends { readonly kind: K }, Args, Step extends { readonly op: K }, Ask extends EffectAsk> {
  readonly kind: K;
  readonly example: string;
  readonly syntax: EffectSyntax;
  /** The keywords it adds to the language (the lexer scans them before words). */
  readonly words: readonly TokenType[];
  readonly build: (cst: CstNode, span: A.Span, inner: (cst: CstNode) => A.Effect) => Node;
  readonly check: (node: Node, r: Resolver, inner: (effect: A.Effect) => M.Effect | undefined) => Model | undefined;
  /** The argument of `act.<kind>(…)`; `inner` writes a list of effects as an `Effects` function. */
  readonly emit: (model: Model, inner: (effects: readonly M.Effect[]) => Expr) => Expr;
  /** The call's argument as the compiler writes it as data (src/engine/definitions.ts `CallArgs`), as a step; `inner` makes inner calls (a choice's options) steps. */
  readonly record: (args: CallArgs<Args>, inner: (calls: ActCalls) => readonly EffectStep[]) => Step;
  /** A verb phrase, lower-case ("steal 1 Worker from an opponent"). */
  readonly text: { readonly [L in Lang]: (model: Model, say: Sayings) => string };
  readonly engine: EffectEngine<Step, Ask>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEffectConstruct = EffectConstruct<string, any, any, any, any, any>;

/** The argument of a construct's call on the Act API (for the API's type). */
export type EffectArgsOf<C> = C extends EffectConstruct<string, infer _N, infer _M, infer A, infer _S, infer _Q> ? A : never;


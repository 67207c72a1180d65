/**
 * What a condition construct of the card language is: one module holding
 * all of a condition (`you have a leader`, `you have 3 fuel cards`, `you hold
 * 2 scrap`, `you have fewer vp than an opponent`), from its grammar rule to
 * the test the engine makes. A condition ends a `gain`, `produce` or `action`
 * statement after `if you`: the gains are given, the production produced or
 * the action offered only while it holds.
 *
 * The pieces, in pipeline order:
 *   example          the condition written after `if ` (the tests put it on a production)
 *   words            the keywords it adds to the language
 *   grammar          its rule's body after `if you`, as chevrotain records it
 *   build            the concrete syntax tree to its AST node (with spans)
 *   check            the AST node to its checked model, or diagnostics
 *   emit             the compiled condition: plain data (its `Def`), never code
 *   text             the clause after "if" / « si » in English and in French ("you have a Leader")
 *   engine           whether it holds for a player now (`holds`)
 *
 * A condition is data the engine reads when it gives the gains or offers the
 * action: the recorded steps and facts hold it as it was written, never
 * whether it held (they are made once per card set, not per game).
 */
import type { Span } from "../../grammar/ast.js";
import type { Game } from "../engine/game.js";
import type { ConstructPieces } from "./construct.js";

/** A condition of the language, whole: `Node` its AST node, `Model` its checked form, `Def` its compiled data. */
export interface ConditionConstruct<K extends string, Node extends { readonly kind: K; readonly span: Span }, Model extends { readonly kind: K }, Def extends { readonly kind: K }>
  extends ConstructPieces<K, Node, Model> {
  readonly engine: {
    /** Whether the condition holds for the player at `seat` now. */
    readonly holds: (game: Game, seat: number, def: Def) => boolean;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyConditionConstruct = ConditionConstruct<string, any, any, any>;

export type ConditionNodeOf<C> = C extends ConditionConstruct<string, infer N, infer _M, infer _D> ? N : never;
export type ConditionModelOf<C> = C extends ConditionConstruct<string, infer _N, infer M, infer _D> ? M : never;
export type ConditionDefOf<C> = C extends ConditionConstruct<string, infer _N, infer _M, infer D> ? D : never;

/**
 * What an amount construct of the card language is: one module holding all
 * of a way an amount is written beyond a plain number (`1 vp per agreement`:
 * an amount that scales with a count), from its grammar rule to the count the
 * engine takes when the gain is given. An amount follows the gain it scales,
 * wherever a gain is written: `gain`, `produce`, `once:`, the effects of an
 * action or a convert, the gains of a trigger, an `each` trait or a combo. A
 * cost, a contact token and a Leader's printed resources refuse it
 * (S51-E333): they are what the card prints, paid or placed as written.
 *
 * The pieces, in pipeline order:
 *   example           a gain written with it (the tests put it after `gain `)
 *   keyword, grammar  its first word, and its chevrotain rule body after it
 *   words             the keywords it adds to the language
 *   build             the concrete syntax tree to its AST node (with spans)
 *   check             the AST node to its checked model, or diagnostics
 *   emit              the data the generated call carries (`scale: { … }`)
 *   text              the phrase after the amount, in English and in French
 *   engine            how many times the gain is given, counted on the players
 *                     when it is given (never when the card is compiled:
 *                     a compiled card's calls are data)
 */
import type { TokenType } from "chevrotain";
import type { Span } from "../../grammar/ast.js";
import type { CardRegistry } from "../engine/definitions.js";
import type { PlayerState } from "../engine/state.js";
import type { ConstructPieces } from "./construct.js";

/** What a count reads of a player: the same in the game state and in a player's view of it (a bot valuing a gain). */
export type CountedPlayer = Readonly<Pick<PlayerState, "baseDeals" | "leader" | "locations" | "pool">> & { readonly power?: PlayerState["power"] | undefined };

/** Where a count is taken: every player, whose gain it is, and the card set (a Location's card types). */
export interface CountAt {
  readonly players: readonly CountedPlayer[];
  readonly seat: number;
  readonly cards: CardRegistry;
}

/** An amount of the language, whole: `Node` its AST node, `Model` its checked form, `Data` what the compiled gain carries. */
export interface AmountConstruct<K extends string, Node extends { readonly kind: K; readonly span: Span }, Model extends { readonly kind: K }, Data extends { readonly kind: K }>
  extends ConstructPieces<K, Node, Model> {
  /** The keyword that starts it (a lexer token). */
  readonly keyword: TokenType;
  /** How many times the gain is given, counted now (0 gives nothing). */
  readonly engine: { readonly times: (data: Data, at: CountAt) => number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAmountConstruct = AmountConstruct<string, any, any, any>;

export type AmountNodeOf<C> = C extends AmountConstruct<string, infer N, infer _M, infer _D> ? N : never;
export type AmountModelOf<C> = C extends AmountConstruct<string, infer _N, infer M, infer _D> ? M : never;
export type AmountDataOf<C> = C extends AmountConstruct<string, infer _N, infer _M, infer D> ? D : never;

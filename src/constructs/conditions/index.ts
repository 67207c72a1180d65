/**
 * The condition constructs of the language, one module each, in one typed
 * table: the AST's, the model's and the compiled conditions' unions, the
 * parser's alternatives after `if you` and the lexer's keywords all come
 * from it. Adding a condition is writing its module and one line here
 * (README, "Adding a construct").
 *
 * A condition ends a statement: `produce 2 fuel if you have a leader`,
 * `gain 1 vp if you have fewer vp than an opponent`, `action: pay 1 fuel ->
 * 2 vp if you hold 2 scrap`. Gains under a condition are given only while
 * it holds (a recorded step holds the condition: src/engine/tokens.ts,
 * `give`); an action under one is offered only while it holds.
 */
import type { CstNode } from "chevrotain";
import type { ConditionClause, Span } from "../../../grammar/ast.js";
import { keyword } from "../../../grammar/tokens.js";
import type { Resolver } from "../../check/resolve.js";
import type { Expr } from "../../compiler/code.js";
import type { Game } from "../../engine/game.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { Lang } from "../../text/words.js";
import type { AnyConditionConstruct, ConditionDefOf, ConditionModelOf, ConditionNodeOf } from "../condition.js";
import { cards } from "./cards.js";
import { fewer } from "./fewer.js";
import { hold } from "./hold.js";
import { leader } from "./leader.js";
import { spelled } from "./words.js";

export const conditionConstructs = { leader, cards, hold, fewer } as const;

type Table = typeof conditionConstructs;
export type ConditionKind = keyof Table;
/** Each key names its own construct: `{ leader: hold }` does not compile. */
const keysMatchKinds: { readonly [K in ConditionKind]: { readonly kind: K } } = conditionConstructs;
void keysMatchKinds;

export type ConditionNode = { [K in ConditionKind]: ConditionNodeOf<Table[K]> }[ConditionKind];
export type ConditionModel = { [K in ConditionKind]: ConditionModelOf<Table[K]> }[ConditionKind];
export type ConditionDef = { [K in ConditionKind]: ConditionDefOf<Table[K]> }[ConditionKind];

export const conditionKinds: readonly ConditionKind[] = Object.keys(conditionConstructs) as ConditionKind[];

/** `if`: the word that starts a condition at the end of a statement. */
export const If = keyword("If", "if");

/** The parser's rule for each condition, named after its kind (`leaderCondition`). */
export const conditionRuleName = (kind: ConditionKind): string => `${kind}Condition`;

/** The kind whose rule has this name, if any. */
export function conditionKindOfRule(rule: string): ConditionKind | undefined {
  return conditionKinds.find((k) => conditionRuleName(k) === rule);
}

/** Where a condition may go, for the message when one is written elsewhere. */
export const conditionPlaces = 'a condition ("if …") ends a gain, produce or action statement';

const of = (kind: ConditionKind): AnyConditionConstruct => conditionConstructs[kind];

/*
 * Each stage's call of a condition's piece, by the kind of what it holds. The
 * table is indexed by that kind, so the construct found is the one whose
 * types these are; the cast says so once, here, instead of a switch per stage.
 */
const ifWord: { readonly [L in Lang]: string } = { en: "if", fr: "si" };

export const conditionPieces = {
  build: (kind: ConditionKind, cst: CstNode, span: Span): ConditionNode => of(kind).build(cst, span),
  /** The clause: `you`, then the condition. */
  check: (clause: ConditionClause, r: Resolver): ConditionModel | undefined => {
    const you = spelled(r, clause.subject, ["you"], "if you have a leader");
    const model = of(clause.condition.kind).check(clause.condition, r) as ConditionModel | undefined;
    return you ? model : undefined;
  },
  emit: (model: ConditionModel): Expr => of(model.kind).emit(model),
  /** "if you have a Leader", « si vous avez un Leader ». */
  text: (model: ConditionModel, say: Sayings): string => `${ifWord[say.lang]} ${of(model.kind).text[say.lang](model, say)}`,
  holds: (game: Game, seat: number, def: ConditionDef): boolean => of(def.kind).engine.holds(game, seat, def),
};

/**
 * The amount constructs of the language (an amount beyond a plain number:
 * `1 vp per agreement`), one module each, in one typed table: the AST's, the
 * model's and the compiled gains' unions, the parser's alternatives and the
 * lexer's keywords all come from it. Adding an amount is writing its module
 * and one line here (README, "Adding a construct").
 */
import type { CstNode } from "chevrotain";
import { spanOf } from "../../../grammar/cst.js";
import type { Resolver } from "../../check/resolve.js";
import type { Expr } from "../../compiler/code.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { AmountDataOf, AmountModelOf, AmountNodeOf, AnyAmountConstruct, CountAt } from "../amount.js";
import { per } from "./per.js";

export const amountConstructs = { per } as const;

type Table = typeof amountConstructs;
export type AmountKind = keyof Table;
/** Each key names its own construct. */
const keysMatchKinds: { readonly [K in AmountKind]: { readonly kind: K } } = amountConstructs;
void keysMatchKinds;

export type AmountNode = { [K in AmountKind]: AmountNodeOf<Table[K]> }[AmountKind];
export type AmountModel = { [K in AmountKind]: AmountModelOf<Table[K]> }[AmountKind];
export type AmountData = { [K in AmountKind]: AmountDataOf<Table[K]> }[AmountKind];

export const amountKinds: readonly AmountKind[] = Object.keys(amountConstructs) as AmountKind[];

function isAmountKind(kind: string): kind is AmountKind {
  return Object.hasOwn(amountConstructs, kind);
}

/*
 * Each stage's call of an amount's piece, by the kind of what it holds. The
 * table is indexed by that kind, so the construct found is the one whose
 * types these are; the cast says so once, here, instead of a switch per stage.
 */
const of = (kind: AmountKind): AnyAmountConstruct => amountConstructs[kind];

export const amountPieces = {
  /** The `scale` node of an asset holds one rule, named by its construct's kind. */
  build: (scale: CstNode): AmountNode => {
    const [kind, [inner]] = Object.entries(scale.children)[0]! as [string, CstNode[]];
    if (!isAmountKind(kind)) throw new Error(`the parser made an amount "${kind}" with no construct`);
    return of(kind).build(inner!, spanOf(inner!));
  },
  check: (node: AmountNode, r: Resolver): AmountModel | undefined => of(node.kind).check(node, r),
  emit: (model: AmountModel): Expr => of(model.kind).emit(model),
  text: (model: AmountModel, say: Sayings): string => of(model.kind).text[say.lang](model, say),
  times: (data: AmountData, at: CountAt): number => of(data.kind).engine.times(data, at),
};

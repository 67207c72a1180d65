/**
 * The trait statements of the language, one module each, in one typed table.
 * The table is the only list: the AST's, the model's and the engine's trait
 * unions are derived from it, the parser takes its alternatives from it, and
 * a kind whose module lacks a piece does not compile. Adding a trait is
 * writing its module and one line here (README, "Adding a construct").
 */
import type { CstNode } from "chevrotain";
import type { Span } from "../../../grammar/ast.js";
import type { Resolver } from "../../check/resolve.js";
import type { Expr } from "../../compiler/code.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { AnyTraitConstruct, BuildKit, DefOf, ModelOf, NodeOf, TraitFacts } from "../construct.js";
import { after } from "./after.js";
import { convert } from "./convert.js";
import { depot } from "./depot.js";
import { each } from "./each.js";
import { limit } from "./limit.js";
import { lookout } from "./lookout.js";
import { range } from "./range.js";
import { slots } from "./slots.js";

export const traitConstructs = { slots, depot, convert, each, lookout, limit, range, after } as const;

type Table = typeof traitConstructs;
export type TraitKind = keyof Table;
/** Each key names its own construct: `{ slots: depot }` does not compile. */
const keysMatchKinds: { readonly [K in TraitKind]: { readonly kind: K } } = traitConstructs;
void keysMatchKinds;

export type TraitNode = { [K in TraitKind]: NodeOf<Table[K]> }[TraitKind];
export type TraitModel = { [K in TraitKind]: ModelOf<Table[K]> }[TraitKind];
export type TraitDef = { [K in TraitKind]: DefOf<Table[K]> }[TraitKind];

export const traitKinds: readonly TraitKind[] = Object.keys(traitConstructs) as TraitKind[];

/** Whether a statement kind is a trait's (has a module in the table). */
export function isTraitKind(kind: string): kind is TraitKind {
  return Object.hasOwn(traitConstructs, kind);
}

/*
 * Each stage's call of a trait's piece, by the kind of what it holds. The
 * table is indexed by that kind, so the construct found is the one whose
 * types these are; the cast says so once, here, instead of a switch per stage.
 */
const of = (kind: TraitKind): AnyTraitConstruct => traitConstructs[kind];

export const traitPieces = {
  build: (kind: TraitKind, cst: CstNode, span: Span, kit: BuildKit): TraitNode => of(kind).build(cst, span, kit),
  check: (node: TraitNode, r: Resolver): TraitModel | undefined => of(node.kind).check(node, r),
  emit: (model: TraitModel): Expr => of(model.kind).emit(model),
  text: (model: TraitModel, say: Sayings): string => of(model.kind).text[say.lang](model, say),
  engine: (def: TraitDef, trait: number, facts: TraitFacts): void => of(def.kind).engine(def, trait, facts),
};

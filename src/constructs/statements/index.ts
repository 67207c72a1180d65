/**
 * The statements of the language that fill a part of their card (the keep
 * icon…), one module each, in one typed table. The table is the only list:
 * the AST's and the model's types for them are derived from it, the parser
 * takes its alternatives from it, the checker reads where each may stand
 * from it, and a kind whose module lacks a piece does not compile. The
 * traits have a table of their own (traits/index.ts).
 */
import type { CstNode } from "chevrotain";
import type { Span } from "../../../grammar/ast.js";
import type { Resolver } from "../../check/resolve.js";
import type { Expr } from "../../compiler/code.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { BuildKit } from "../construct.js";
import type { AnyStatementConstruct, Standing, StatementDefOf, StatementFactsOf, StatementModelOf, StatementNodeOf } from "../statement.js";
import { action } from "./action.js";
import { combo } from "./combo.js";
import { gain } from "./gain.js";
import { keep } from "./keep.js";
import { once } from "./once.js";
import { produce } from "./produce.js";

export const statementConstructs = { produce, action, gain, once, keep, combo } as const;

type Table = typeof statementConstructs;
export type StatementConstructKind = keyof Table;
/** Each key names its own construct: `{ keep: once }` does not compile. */
const keysMatchKinds: { readonly [K in StatementConstructKind]: { readonly kind: K } } = statementConstructs;
void keysMatchKinds;

export type StatementNode = { [K in StatementConstructKind]: StatementNodeOf<Table[K]> }[StatementConstructKind];
export type StatementModels = { readonly [K in StatementConstructKind]: StatementModelOf<Table[K]> };
export type StatementDefs = { readonly [K in StatementConstructKind]: StatementDefOf<Table[K]> };
export type StatementFacts = { readonly [K in StatementConstructKind]: StatementFactsOf<Table[K]> };

export const statementKinds: readonly StatementConstructKind[] = Object.keys(statementConstructs) as StatementConstructKind[];

/** Whether a statement kind has a module in this table. */
export function isStatementConstructKind(kind: string): kind is StatementConstructKind {
  return Object.hasOwn(statementConstructs, kind);
}

/*
 * Each stage's call of a statement's piece, by its kind. The table is
 * indexed by that kind, so the construct found is the one whose types these
 * are; the cast says so once, here, instead of a switch per stage.
 */
const of = (kind: StatementConstructKind): AnyStatementConstruct => statementConstructs[kind];

export const statementPieces = {
  build: (kind: StatementConstructKind, cst: CstNode, span: Span, kit: BuildKit): StatementNode => of(kind).build(cst, span, kit),
  check: <K extends StatementConstructKind>(node: Extract<StatementNode, { kind: K }>, r: Resolver, at: Standing): StatementModels[K] | undefined => of(node.kind).check(node, r, at),
  /** The group of which a field holds one statement (`place.single`), if any. */
  single: (node: StatementNode): string | undefined => {
    const single: unknown = of(node.kind).place.single;
    return typeof single === "function" ? (single as (n: StatementNode) => string)(node) : (single as string | undefined);
  },
  emit: <K extends StatementConstructKind>(kind: K, model: StatementModels[K]): Expr => of(kind).emit(model),
  text: <K extends StatementConstructKind>(kind: K, model: StatementModels[K], say: Sayings): string => of(kind).text[say.lang](model, say),
  engine: <K extends StatementConstructKind>(kind: K, def: StatementDefs[K]): StatementFacts[K] => of(kind).engine(def),
};

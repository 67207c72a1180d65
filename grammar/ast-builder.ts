/**
 * Turns the parser's concrete syntax tree into the typed AST of ast.ts.
 *
 * Kept apart from the grammar so the parser stays a pure description of the
 * syntax (it is also drawn as a diagram) and this file is the one place that
 * decides what the tree looks like.
 */
import type { CstNode } from "chevrotain";
import { isTraitKind, traitPieces, type TraitKind } from "../src/constructs/traits/index.js";
import type * as A from "./ast.js";
import { assetList, effectList, node, nodes, num, spanOf, tokens, word } from "./cst.js";

function actionOption(cst: CstNode): A.ActionOption {
  const c = cst.children;
  const span = spanOf(cst);
  if (c["Repeatable"]) return { kind: "repeatable", span };
  return { kind: "workers", amount: num(tokens(c, "Integer")[0]!), word: word(tokens(c, "Word")[0]!), span };
}

/** One builder per statement rule; the rule name is the statement's kind. */
const statementBuilders: { [K in Exclude<A.StatementKind, TraitKind>]: (cst: CstNode, span: A.Span) => A.Statement } = {
  gain: (cst, span) => ({ kind: "gain", assets: assetList(node(cst.children, "assetList")), span }),
  produce: (cst, span) => ({ kind: "produce", assets: assetList(node(cst.children, "assetList")), span }),
  once: (cst, span) => ({ kind: "once", assets: assetList(node(cst.children, "assetList")), span }),
  keep: (cst, span) => {
    const amount = tokens(cst.children, "Integer")[0];
    return amount ? { kind: "keep", amount: num(amount), span } : { kind: "keep", span };
  },
  action: (cst, span) => {
    const c = cst.children;
    const cost = c["assetList"] ? assetList(node(c, "assetList")) : [];
    return {
      kind: "action",
      options: nodes(c, "actionOption").map(actionOption),
      cost,
      effects: effectList(node(c, "effectList")),
      span,
    };
  },
  combo: (cst, span) => ({
    kind: "combo",
    resources: tokens(cst.children, "Word").map(word),
    gains: assetList(node(cst.children, "assetList")),
    span,
  }),
};

function statement(cst: CstNode): A.Statement {
  const [kind, [inner]] = Object.entries(cst.children)[0]! as [A.StatementKind, CstNode[]];
  const span = spanOf(inner!);
  return isTraitKind(kind) ? traitPieces.build(kind, inner!, span) : statementBuilders[kind](inner!, span);
}

export function buildStatements(cst: CstNode): A.Statement[] {
  return nodes(cst.children, "statement").map(statement);
}

export function buildAssetList(cst: CstNode): A.Asset[] {
  return assetList(node(cst.children, "assetList"));
}

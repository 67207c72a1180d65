/**
 * Turns the parser's concrete syntax tree into the typed AST of ast.ts.
 *
 * Kept apart from the grammar so the parser stays a pure description of the
 * syntax (it is also drawn as a diagram) and this file is the one place that
 * decides what the tree looks like.
 */
import type { CstNode } from "chevrotain";
import { isTraitKind, traitPieces, type TraitKind } from "../src/constructs/traits/index.js";
import type { BuildKit } from "../src/constructs/construct.js";
import type * as A from "./ast.js";
import { amountPieces } from "../src/constructs/amounts/index.js";
import { effectPieces, isEffectKind } from "../src/constructs/effects/index.js";
import { conditionKindOfRule, conditionPieces } from "../src/constructs/conditions/index.js";
import { productionCost } from "../src/constructs/production-cost.js";
import { isStatementConstructKind, statementPieces, type StatementConstructKind } from "../src/constructs/statements/index.js";
import { asset as printedAsset, node, nodes, num, spanOf, tokens, word } from "./cst.js";

/** An asset, with the amount construct it holds if any (`1 vp per agreement`; src/constructs/amounts). */
function asset(cst: CstNode): A.Asset {
  const scale = nodes(cst.children, "scale")[0];
  return scale ? { ...printedAsset(cst), scale: amountPieces.build(scale) } : printedAsset(cst);
}

function assetList(cst: CstNode): A.Asset[] {
  return nodes(cst.children, "asset").map(asset);
}

/** One effect: a plain gain, or a construct of src/constructs/effects (its rule is named by its kind). */
function effect(cst: CstNode): A.Effect {
  const c = cst.children;
  if (c["asset"]) return asset(node(c, "asset"));
  const [kind, [inner]] = Object.entries(c)[0]! as [string, CstNode[]];
  if (!isEffectKind(kind)) throw new Error(`the parser made an effect "${kind}" with no construct`);
  return effectPieces.build(kind, inner!, spanOf(inner!), effect);
}

/** One item of an effect list: an effect, or a choice between effects (`2 scrap or 1 vp`). */
function choiceOrEffect(cst: CstNode): A.Effect {
  const options = nodes(cst.children, "effect");
  return options.length === 1 ? effect(options[0]!) : effectPieces.build("choice", cst, spanOf(cst), effect);
}

export function effectList(cst: CstNode): A.Effect[] {
  return nodes(cst.children, "choice").map(choiceOrEffect);
}

/** What a construct's `build` is handed: the builders of rules that hold constructs. */
const kit: BuildKit = {
  effectList: (n: CstNode): A.Effect[] => effectList(node(n.children, "effectList")),
  assetList: (n: CstNode): A.Asset[] => assetList(node(n.children, "assetList")),
  condition: conditionOf,
};

/** `if you …`: the subject as written, and the condition built by its construct (its rule is named after its kind). */
function condition(cst: CstNode): A.ConditionClause {
  const [rule, [inner]] = Object.entries(cst.children).find(([key]) => conditionKindOfRule(key) !== undefined)! as [string, CstNode[]];
  return { subject: word(tokens(cst.children, "subject")[0]!), condition: conditionPieces.build(conditionKindOfRule(rule)!, inner!, spanOf(inner!)), span: spanOf(cst) };
}

/** A statement's condition, if it has one (left out of the node otherwise). */
function conditionOf(cst: CstNode): { condition?: A.ConditionClause } {
  const c = cst.children["condition"];
  return c ? { condition: condition(c[0] as CstNode) } : {};
}

function actionOption(cst: CstNode): A.ActionOption {
  const c = cst.children;
  const span = spanOf(cst);
  if (c["Repeatable"]) return { kind: "repeatable", span };
  return { kind: "workers", amount: num(tokens(c, "Integer")[0]!), word: word(tokens(c, "Word")[0]!), span };
}

/** One builder per statement rule; the rule name is the statement's kind. */
const statementBuilders: { [K in Exclude<A.StatementKind, TraitKind | StatementConstructKind>]: (cst: CstNode, span: A.Span) => A.Statement } = {
  produce: (cst, span) => {
    const paid = cst.children[productionCost.rule];
    const parts = paid ? productionCost.build(paid[0] as CstNode, assetList) : { assets: assetList(node(cst.children, "assetList")) };
    return { kind: "produce", ...parts, ...conditionOf(cst), span };
  },
  action: (cst, span) => {
    const c = cst.children;
    const cost = c["assetList"] ? assetList(node(c, "assetList")) : [];
    return {
      kind: "action",
      options: nodes(c, "actionOption").map(actionOption),
      cost,
      effects: kit.effectList(cst),
      ...conditionOf(cst),
      span,
    };
  },
};

function statement(cst: CstNode): A.Statement {
  const [kind, [inner]] = Object.entries(cst.children)[0]! as [A.StatementKind, CstNode[]];
  const span = spanOf(inner!);
  if (isTraitKind(kind)) return traitPieces.build(kind, inner!, span, kit);
  return isStatementConstructKind(kind) ? statementPieces.build(kind, inner!, span, kit) : statementBuilders[kind](inner!, span);
}

export function buildStatements(cst: CstNode): A.Statement[] {
  return nodes(cst.children, "statement").map(statement);
}

export function buildAssetList(cst: CstNode): A.Asset[] {
  return assetList(node(cst.children, "assetList"));
}

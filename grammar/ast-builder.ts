/**
 * Turns the parser's concrete syntax tree into the typed AST of ast.ts.
 *
 * Kept apart from the grammar so the parser stays a pure description of the
 * syntax (it is also drawn as a diagram) and this file is the one place that
 * decides what the tree looks like.
 */
import type { CstNode } from "chevrotain";
import { isTraitKind, traitPieces } from "../src/constructs/traits/index.js";
import type { BuildKit } from "../src/constructs/construct.js";
import type * as A from "./ast.js";
import { amountPieces } from "../src/constructs/amounts/index.js";
import { effectPieces, isEffectKind } from "../src/constructs/effects/index.js";
import { conditionKindOfRule, conditionPieces } from "../src/constructs/conditions/index.js";
import { isStatementConstructKind, statementPieces } from "../src/constructs/statements/index.js";
import { asset as printedAsset, node, nodes, spanOf, tokens, word } from "./cst.js";

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
  assets: assetList,
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

/** A statement: a trait or a statement construct, built by its module (its rule is named by its kind). */
function statement(cst: CstNode): A.Statement {
  const [kind, [inner]] = Object.entries(cst.children)[0]! as [string, CstNode[]];
  const span = spanOf(inner!);
  if (isTraitKind(kind)) return traitPieces.build(kind, inner!, span, kit);
  if (isStatementConstructKind(kind)) return statementPieces.build(kind, inner!, span, kit);
  throw new Error(`the parser made a statement "${kind}" with no construct`);
}

export function buildStatements(cst: CstNode): A.Statement[] {
  return nodes(cst.children, "statement").map(statement);
}

export function buildAssetList(cst: CstNode): A.Asset[] {
  return assetList(node(cst.children, "assetList"));
}

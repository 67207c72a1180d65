/**
 * Turns the parser's concrete syntax tree into the typed AST of ast.ts.
 *
 * Kept apart from the grammar so the parser stays a pure description of the
 * syntax (it is also drawn as a diagram) and this file is the one place that
 * decides what the tree looks like.
 */
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.js";

type Children = CstNode["children"];

function nodes(children: Children, key: string): CstNode[] {
  return (children[key] ?? []) as CstNode[];
}

function tokens(children: Children, key: string): IToken[] {
  return (children[key] ?? []) as IToken[];
}

function node(children: Children, key: string): CstNode {
  return nodes(children, key)[0]!;
}

function tokenSpan(tok: IToken): A.Span {
  return { start: tok.startOffset, end: tok.startOffset + tok.image.length };
}

function word(tok: IToken): A.Word {
  return { text: tok.image, span: tokenSpan(tok) };
}

function num(tok: IToken): A.Num {
  return { value: Number(tok.image), span: tokenSpan(tok) };
}

/** The span of a CST node: from its first to its last token. */
function spanOf(cst: CstNode): A.Span {
  let start = Infinity;
  let end = -Infinity;
  const visit = (n: CstNode): void => {
    for (const list of Object.values(n.children)) {
      for (const child of list) {
        if ("image" in child) {
          const s = tokenSpan(child);
          start = Math.min(start, s.start);
          end = Math.max(end, s.end);
        } else {
          visit(child);
        }
      }
    }
  };
  visit(cst);
  return { start, end };
}

function counted(cst: CstNode): A.Word {
  const tok = tokens(cst.children, "Word")[0] ?? tokens(cst.children, "Card")[0]!;
  return word(tok);
}

function asset(cst: CstNode): A.Asset {
  const c = cst.children;
  const tokensTok = tokens(c, "tokens")[0];
  const multiplier = tokensTok ? { tokens: num(tokensTok) } : {};
  if (tokens(c, "Contact").length > 0) {
    return {
      kind: "contact",
      ...multiplier,
      colour: word(tokens(c, "colour")[0]!),
      range: num(tokens(c, "range")[0]!),
      span: spanOf(cst),
    };
  }
  return {
    kind: "quantity",
    ...multiplier,
    amount: num(tokens(c, "amount")[0]!),
    word: counted(node(c, "counted")),
    span: spanOf(cst),
  };
}

function assetList(cst: CstNode): A.Asset[] {
  return nodes(cst.children, "asset").map(asset);
}

function effect(cst: CstNode): A.Effect {
  const c = cst.children;
  if (c["steal"]) {
    const s = node(c, "steal");
    return {
      kind: "steal",
      amount: num(tokens(s.children, "Integer")[0]!),
      word: counted(node(s.children, "counted")),
      span: spanOf(s),
    };
  }
  if (c["redevelop"]) {
    const r = node(c, "redevelop");
    return { kind: "redevelop", anyType: tokens(r.children, "Any").length > 0, span: spanOf(r) };
  }
  return asset(node(c, "asset"));
}

function effectList(cst: CstNode): A.Effect[] {
  return nodes(cst.children, "effect").map(effect);
}

function actionOption(cst: CstNode): A.ActionOption {
  const c = cst.children;
  const span = spanOf(cst);
  if (c["Repeatable"]) return { kind: "repeatable", span };
  return { kind: "workers", amount: num(tokens(c, "Integer")[0]!), word: word(tokens(c, "Word")[0]!), span };
}

/** One builder per statement rule; the rule name is the statement's kind. */
const statementBuilders: { [K in A.StatementKind]: (cst: CstNode, span: A.Span) => A.Statement } = {
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
  slots: (cst, span) => ({
    kind: "slots",
    amount: num(tokens(cst.children, "Integer")[0]!),
    holds: counted(node(cst.children, "counted")),
    span,
  }),
  convert: (cst, span) => ({
    kind: "convert",
    cost: assetList(node(cst.children, "assetList")),
    gains: effectList(node(cst.children, "effectList")),
    span,
  }),
  each: (cst, span) => ({
    kind: "each",
    cardType: word(tokens(cst.children, "Word")[0]!),
    gains: assetList(node(cst.children, "assetList")),
    span,
  }),
  depot: (cst, span) => ({ kind: "depot", amount: num(tokens(cst.children, "Integer")[0]!), span }),
  combo: (cst, span) => ({
    kind: "combo",
    resources: tokens(cst.children, "Word").map(word),
    gains: assetList(node(cst.children, "assetList")),
    span,
  }),
  lookout: (cst, span) => ({ kind: "lookout", ability: word(tokens(cst.children, "Word")[0]!), span }),
  after: (cst, span) => {
    const c = cst.children;
    const trigger = tokens(c, "Redevelop")[0] ?? tokens(c, "Word")[0]!;
    const words = tokens(c, "Word");
    // With a Redevelop trigger every Word is the card type; with a Word trigger the second one is.
    const typeTok = c["Redevelop"] ? words[0] : words[1];
    return {
      kind: "after",
      trigger: word(trigger),
      ...(typeTok ? { cardType: word(typeTok) } : {}),
      gains: assetList(node(c, "assetList")),
      span,
    };
  },
};

function statement(cst: CstNode): A.Statement {
  const [kind, [inner]] = Object.entries(cst.children)[0]! as [A.StatementKind, CstNode[]];
  return statementBuilders[kind](inner!, spanOf(inner!));
}

export function buildStatements(cst: CstNode): A.Statement[] {
  return nodes(cst.children, "statement").map(statement);
}

export function buildAssetList(cst: CstNode): A.Asset[] {
  return assetList(node(cst.children, "assetList"));
}

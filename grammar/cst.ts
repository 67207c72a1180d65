/**
 * Reading chevrotain's concrete syntax tree: the helpers every construct's
 * `build` uses to turn its rule's tokens into AST nodes with spans, and the
 * builders of the shared rules that hold no construct (an asset as printed,
 * the counted word). Effect lists hold constructs, and an asset may hold an
 * amount construct (`1 vp per agreement`): ast-builder.ts builds them.
 */
import type { CstNode, IToken } from "chevrotain";
import type * as A from "./ast.js";

type Children = CstNode["children"];

export function nodes(children: Children, key: string): CstNode[] {
  return (children[key] ?? []) as CstNode[];
}

export function tokens(children: Children, key: string): IToken[] {
  return (children[key] ?? []) as IToken[];
}

export function node(children: Children, key: string): CstNode {
  return nodes(children, key)[0]!;
}

function tokenSpan(tok: IToken): A.Span {
  return { start: tok.startOffset, end: tok.startOffset + tok.image.length };
}

export function word(tok: IToken): A.Word {
  return { text: tok.image, span: tokenSpan(tok) };
}

export function num(tok: IToken): A.Num {
  return { value: Number(tok.image), span: tokenSpan(tok) };
}

/**
 * Each node's span, once: the builders ask for a statement's span, then for the spans of
 * the parts inside it, and walking every subtree afresh made that quadratic in the depth.
 */
const spans = new WeakMap<CstNode, { readonly start: number; readonly end: number }>();

/** The span of a CST node: from its first to its last token. */
export function spanOf(cst: CstNode): A.Span {
  let known = spans.get(cst);
  if (known === undefined) {
    let start = Infinity;
    let end = -Infinity;
    // for…in, not Object.values: no array made for each of the thousands of nodes a run visits.
    for (const key in cst.children) {
      for (const child of cst.children[key]!) {
        const s = "image" in child ? tokenSpan(child) : spanOf(child);
        if (s.start < start) start = s.start;
        if (s.end > end) end = s.end;
      }
    }
    known = { start, end };
    spans.set(cst, known);
  }
  // A fresh object: a span handed out is the caller's to keep.
  return { start: known.start, end: known.end };
}

export function counted(cst: CstNode): A.Word {
  const tok = tokens(cst.children, "Word")[0] ?? tokens(cst.children, "Card")[0]!;
  return word(tok);
}

/** An asset but for the amount construct it may hold (ast-builder.ts adds it). */
export function asset(cst: CstNode): A.Asset {
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

/** What a construct's `build` reads from its rule's node: the first token or subrule of a name. */
export const cst = {
  word: (n: CstNode, key: string): A.Word => word(tokens(n.children, key)[0]!),
  num: (n: CstNode, key: string): A.Num => num(tokens(n.children, key)[0]!),
  counted: (n: CstNode): A.Word => counted(node(n.children, "counted")),
};

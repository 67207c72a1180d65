/**
 * The card language's front door: text in, AST or syntax errors out.
 * Offsets in errors and AST spans are relative to the given text; the caller
 * (src/parse) maps them back into the YAML file.
 */
import type { CstNode, IRecognitionException, IToken } from "chevrotain";
import type { Asset, Span, Statement } from "./ast.js";
import { buildAssetList, buildStatements } from "./ast-builder.js";
import { abilityLexer } from "./lexer.js";
import { abilityParser } from "./parser.js";

export * from "./ast.js";

export type SyntaxErrorKind = "unexpected-character" | "unexpected-token" | "unexpected-end";

export interface SyntaxError {
  readonly kind: SyntaxErrorKind;
  readonly message: string;
  readonly span: Span;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: SyntaxError[] };

type EntryRule = "statements" | "assetListOnly";

function lex(text: string): ParseResult<IToken[]> {
  const lexed = abilityLexer.tokenize(text);
  if (lexed.errors.length === 0) return { ok: true, value: lexed.tokens };
  const errors = lexed.errors.map((e): SyntaxError => {
    const ch = text.slice(e.offset, e.offset + e.length);
    return {
      kind: "unexpected-character",
      message: `unexpected character ${JSON.stringify(ch)}`,
      span: { start: e.offset, end: e.offset + Math.max(1, e.length) },
    };
  });
  return { ok: false, errors };
}

function syntaxError(e: IRecognitionException, text: string): SyntaxError {
  const tok = e.token;
  // At end of input chevrotain reports an EOF token with NaN offsets: point just past the text.
  if (Number.isNaN(tok.startOffset) || tok.tokenType?.name === "EOF") {
    const at = text.trimEnd().length;
    return { kind: "unexpected-end", message: e.message, span: { start: at, end: at } };
  }
  return {
    kind: "unexpected-token",
    message: e.message,
    span: { start: tok.startOffset, end: tok.startOffset + tok.image.length },
  };
}

function run<T>(text: string, rule: EntryRule, build: (cst: CstNode) => T): ParseResult<T> {
  if (text.trim() === "") {
    return { ok: false, errors: [{ kind: "unexpected-end", message: "the text is empty", span: { start: 0, end: 0 } }] };
  }
  const lexed = lex(text);
  if (!lexed.ok) return lexed;
  abilityParser.input = lexed.value;
  const cst = abilityParser[rule]();
  if (abilityParser.errors.length > 0) {
    return { ok: false, errors: abilityParser.errors.map((e) => syntaxError(e, text)) };
  }
  return { ok: true, value: build(cst) };
}

/** Parses an ability, spoils, agreement or production field. */
export function parseStatements(text: string): ParseResult<Statement[]> {
  return run(text, "statements", buildStatements);
}

/** Parses a plain list of assets (a contact's price, a leader's resources). */
export function parseAssets(text: string): ParseResult<Asset[]> {
  return run(text, "assetListOnly", buildAssetList);
}

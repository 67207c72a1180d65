/**
 * The tokens of the card language. Only the language's own keywords are
 * tokens: every word a designer can extend (resources, card types, contact
 * colours, token names, lookout abilities, trigger events) is scanned as a
 * plain `Word` and resolved by the checker against the vocabulary. A
 * construct with a module of its own (src/constructs) makes its keyword here
 * with `keyword`; lexer.ts puts every token in scanning order.
 */
import { createToken, Lexer, type TokenType } from "chevrotain";

export const Word = createToken({ name: "Word", pattern: /[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/, label: "a word" });

/** Every word each keyword is written as (`opponent` and `opponents`): all are reserved. */
export const keywordForms = new Map<TokenType, readonly string[]>();

/**
 * A keyword of the language, written as any of `forms` (messages name the
 * first): `longer_alt` lets `gains` stay a word although it starts with `gain`.
 */
export function keyword(name: string, ...forms: [string, ...string[]]): TokenType {
  const longestFirst = [...forms].sort((a, b) => b.length - a.length);
  const token = createToken({ name, pattern: new RegExp(longestFirst.join("|")), longer_alt: Word, label: `"${forms[0]}"` });
  keywordForms.set(token, forms);
  return token;
}

export const Gain = keyword("Gain", "gain");
export const Produce = keyword("Produce", "produce");
export const Once = keyword("Once", "once");
export const Keep = keyword("Keep", "keep");
export const Action = keyword("Action", "action");
export const Repeatable = keyword("Repeatable", "repeatable");
export const Pay = keyword("Pay", "pay");
export const Combo = keyword("Combo", "combo");
export const Redevelop = keyword("Redevelop", "redevelop");
/** `each`: a trait (`each scrap card -> …`) and an effect on opponents (`each opponent gives …`) start with it. */
export const Each = keyword("Each", "each");
/** `opponent`: an effect on opponents (`each opponent gives …`) and an amount (`1 scrap per opponent`) name them. */
export const Opponent = keyword("Opponent", "opponent", "opponents");
export const Any = keyword("Any", "any");
export const Type = keyword("Type", "type");
export const Contact = keyword("Contact", "contact");
/** `card` and `cards`: a keyword because `each scrap card` needs it, yet also a counted word (`2 cards`). */
export const Card = createToken({ name: "Card", pattern: /cards?/, longer_alt: Word, label: '"card"' });
/**
 * The token multiplier in `2 x 1 vp` (two VP tokens of value 1). Its pattern (and the arrow's)
 * is written from a string: esbuild writes strings in ASCII, not regular expressions, and the
 * bundle must be ASCII (src/cli/bundle.mjs).
 */
export const Times = createToken({ name: "Times", pattern: new RegExp("x|×"), longer_alt: Word, label: '"x"' });

export const Integer = createToken({ name: "Integer", pattern: /\d+/, label: "a number" });
/** A change written with its sign, `-1` or `+2` (`range -1 distance 3`): the sign says which way. */
export const Signed = createToken({ name: "Signed", pattern: /[+-]\d+/, label: "a signed number (-1, +1)" });
export const Arrow = createToken({ name: "Arrow", pattern: new RegExp("->|→"), label: '"->"' });
export const Colon = createToken({ name: "Colon", pattern: /:/, label: '":"' });
export const Semicolon = createToken({ name: "Semicolon", pattern: /;/, label: '";"' });
export const Comma = createToken({ name: "Comma", pattern: /,/, label: '","' });
export const LParen = createToken({ name: "LParen", pattern: /\(/, label: '"("' });
export const RParen = createToken({ name: "RParen", pattern: /\)/, label: '")"' });
export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /\s+/, group: Lexer.SKIPPED });


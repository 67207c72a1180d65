/**
 * The scanner of the card language: turns an ability string into tokens
 * (grammar/tokens.ts), keywords before `Word` so that chevrotain, which tries
 * patterns in order, scans `slots` as a keyword and `slot` as a word.
 */
import { Lexer, type TokenType } from "chevrotain";
import { amountConstructs } from "../src/constructs/amounts/index.js";
import { effectConstructs } from "../src/constructs/effects/index.js";
import { traitConstructs } from "../src/constructs/traits/index.js";
import { If, conditionConstructs } from "../src/constructs/conditions/index.js";
import { Any, Action, Arrow, Card, Colon, Combo, Comma, Contact, Gain, Integer, Keep, LParen, Once, Pay, Produce, RParen, Redevelop, Repeatable, Semicolon, Signed, Times, Type, WhiteSpace, Word, keywordForms } from "./tokens.js";

export * from "./tokens.js";

/**
 * The trait, effect, amount and condition constructs' keywords, in their tables' order, each
 * once (`opponent` is an effect's, an amount's and a condition's; several conditions start with `have`).
 */
const constructKeywords: TokenType[] = [
  ...new Set([
    ...Object.values(traitConstructs).map((c) => c.keyword),
    ...Object.values(effectConstructs).flatMap((c) => c.words),
    ...Object.values(amountConstructs).flatMap((c) => c.words),
    If,
    ...Object.values(conditionConstructs).flatMap((c) => c.words),
  ]),
];

/** Keywords come before `Word`: chevrotain tries patterns in order, `longer_alt` lets `gains` stay a word. */
export const allTokens: TokenType[] = [
  WhiteSpace,
  Arrow,
  Colon,
  Semicolon,
  Comma,
  LParen,
  RParen,
  Integer,
  Signed,
  Gain,
  Produce,
  Once,
  Keep,
  Action,
  Repeatable,
  Pay,
  Combo,
  Redevelop,
  ...constructKeywords,
  Any,
  Type,
  Contact,
  Card,
  Times,
  Word,
];

/** The keywords a designer may write, for "did you mean" hints on misspelled statements. */
export const keywordTexts: readonly string[] = allTokens.filter((t) => t.LONGER_ALT === Word).flatMap((t) => keywordForms.get(t) ?? [String(t.LABEL).replace(/"/g, "")]);

export const abilityLexer = new Lexer(allTokens, {
  positionTracking: "onlyOffset",
  ensureOptimizations: true,
  skipValidations: process.env.STATE51_BUNDLED === "1",
});

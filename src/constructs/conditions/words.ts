/**
 * What the condition constructs share: the verb `have` (three of them start
 * with it), the check of a word the language spells one way (`you`, `a`,
 * `than`), and the check of a count. Codes: S51-E301 for a word it does not
 * know, S51-E336 for a count a condition cannot use.
 */
import type { Num, Word } from "../../../grammar/ast.js";
import { keyword } from "../../../grammar/tokens.js";
import { positive, type Resolver } from "../../check/resolve.js";
import { didYouMean } from "../../diagnostics/suggest.js";

/** `you have a leader`, `you have 3 fuel cards`, `you have fewer vp than an opponent`. */
export const Have = keyword("Have", "have");

/** A word the condition spells one way (or one of a few): any other is reported where it is written. */
export function spelled(r: Resolver, word: Word, forms: readonly [string, ...string[]], example: string): boolean {
  if (forms.includes(word.text)) return true;
  r.report("S51-E301", word.span, { what: "condition word", word: word.text }, didYouMean(word.text, forms) ?? `write "${example}"`);
  return false;
}

/** How many a condition asks for: 1 or more (0 always holds), and no more than any amount on a card. */
export function atLeastOne(r: Resolver, n: Num): boolean {
  if (n.value === 0) {
    r.report("S51-E336", n.span, { written: "0" }, "a condition counts 1 or more: with 0 it always holds, leave the condition out");
    return false;
  }
  return positive(r, n, "a condition's count");
}

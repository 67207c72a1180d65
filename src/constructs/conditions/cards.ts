/**
 * `you have 3 fuel cards`: the player has at least that many Locations of a
 * card type in their play area (as `each` counts them: Spoils and Agreements
 * are not in the play area as cards of a type; ruling 39).
 */
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { cst, tokens, word } from "../../../grammar/cst.js";
import { Card, Integer } from "../../../grammar/tokens.js";
import { lookup, resolveTerm, type Resolver } from "../../check/resolve.js";
import { int, object, str } from "../../compiler/code.js";
import { location } from "../../engine/game.js";
import { aTypeEn, typeEn, typeFr } from "../card-type-text.js";
import type { ConditionConstruct } from "../condition.js";
import { Have, atLeastOne } from "./words.js";

export interface CardsNode {
  readonly kind: "cards";
  readonly count: Num;
  /** The card type, or what was written in its place (`you have 3 fuel`, `you have 3 cards`). */
  readonly word: Word;
  /** `cards` after the type, when written. */
  readonly card?: Word;
  readonly span: Span;
}

export interface CardsModel {
  readonly kind: "cards";
  readonly cardType: string;
  readonly count: number;
}

export type CardsDef = CardsModel;

/** The card type counted: `<type> cards` and nothing else. */
function cardType(r: Resolver, c: CardsNode): string | undefined {
  if (c.card !== undefined) return resolveTerm(r, c.word, "cardTypes");
  const n = c.count.value;
  if (lookup(r, c.word, ["tokens"])?.id === "card") {
    r.report("S51-E336", c.word.span, { written: `you have ${n} ${c.word.text}` }, `a condition counts the cards of one type in play: name the type, "you have ${n} fuel cards"`);
    return undefined;
  }
  const resource = lookup(r, c.word, ["resources"]);
  const type = lookup(r, c.word, ["cardTypes"]);
  const cards = type ? `"you have ${n} ${c.word.text} cards" counts ${c.word.text} cards in play` : undefined;
  const held = resource ? `"you hold ${n} ${c.word.text}" counts tokens` : undefined;
  const hint = [cards, held].filter((h) => h !== undefined).join("; ") || 'a condition counts "<card type> cards" you have or resources you hold';
  r.report("S51-E336", c.word.span, { written: `you have ${n} ${c.word.text}` }, hint);
  return undefined;
}

export const cards: ConditionConstruct<"cards", CardsNode, CardsModel, CardsDef> = {
  kind: "cards",
  example: "you have 3 fuel cards",
  words: [Have],
  grammar: (g) => {
    g.consume(Have);
    g.consume(Integer);
    g.subrule("counted");
    g.option(() => g.consume(Card));
  },
  build: (node, span) => {
    const card = tokens(node.children, "Card")[0];
    return { kind: "cards", count: cst.num(node, "Integer"), word: cst.counted(node), ...(card ? { card: word(card) } : {}), span };
  },
  check: (c, r) => {
    const count = atLeastOne(r, c.count);
    const type = cardType(r, c);
    return count && type ? { kind: "cards", cardType: type, count: c.count.value } : undefined;
  },
  emit: (m) => object([["kind", str("cards")], ["cardType", str(m.cardType)], ["count", int(m.count)]]),
  text: {
    // Locations in play, as the engine counts them: not Spoils or Agreements.
    en: (m, say) => `you have ${m.count === 1 ? `${aTypeEn(say, m.cardType)} Location` : `at least ${m.count} ${typeEn(say, m.cardType)} Locations`} in your play area`,
    fr: (m, say) => `vous avez ${m.count === 1 ? "un Territoire" : `au moins ${m.count} Territoires`} de type ${typeFr(say, m.cardType)} dans votre zone de jeu`,
  },
  engine: {
    holds: (game, seat, def) => {
      let n = 0;
      for (const l of game.state.players[seat]!.locations) if (location(game, l.card).types.includes(def.cardType)) n++;
      return n >= def.count;
    },
  },
};

/**
 * `you have a leader`: the player has a Leader in play ("A player may have
 * only one leader in play at any given time").
 */
import type { Span, Word } from "../../../grammar/ast.js";
import { tokens, word } from "../../../grammar/cst.js";
import { Word as WordToken } from "../../../grammar/tokens.js";
import { object, str } from "../../compiler/code.js";
import type { ConditionConstruct } from "../condition.js";
import { Have, spelled } from "./words.js";

export interface LeaderNode {
  readonly kind: "leader";
  readonly article: Word;
  readonly noun: Word;
  readonly span: Span;
}

export interface LeaderModel {
  readonly kind: "leader";
}

export type LeaderDef = LeaderModel;

export const leader: ConditionConstruct<"leader", LeaderNode, LeaderModel, LeaderDef> = {
  kind: "leader",
  example: "you have a leader",
  words: [Have],
  grammar: (g) => {
    g.consume(Have);
    g.consume(WordToken);
    g.consume(WordToken, 2);
  },
  build: (node, span) => {
    const [article, noun] = tokens(node.children, "Word");
    return { kind: "leader", article: word(article!), noun: word(noun!), span };
  },
  check: (c, r) => {
    const article = spelled(r, c.article, ["a", "an"], "you have a leader");
    const noun = spelled(r, c.noun, ["leader"], "you have a leader");
    return article && noun ? { kind: "leader" } : undefined;
  },
  emit: () => object([["kind", str("leader")]]),
  text: {
    en: () => "you have a Leader",
    fr: () => "vous avez un Leader",
  },
  engine: {
    holds: (game, seat) => game.state.players[seat]!.leader !== undefined,
  },
};

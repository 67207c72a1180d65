/**
 * `you have fewer vp than an opponent`: some opponent has more VP than the
 * player, counted now as the VP count counts them ("the total sum of
 * Location and Leader cards in play (1 VP for each) and any VP tokens
 * present on a player's cards"), not as last marked on the track (ruling 39).
 */
import type { Span, Word } from "../../../grammar/ast.js";
import { cst, tokens, word } from "../../../grammar/cst.js";
import { Word as WordToken, keyword } from "../../../grammar/tokens.js";
import { lookup, type Resolver } from "../../check/resolve.js";
import { object, str } from "../../compiler/code.js";
import { scoreOf } from "../../engine/scoring.js";
import { Opponent } from "../../../grammar/tokens.js";
import type { ConditionConstruct } from "../condition.js";
import { Have, spelled } from "./words.js";

export const Fewer = keyword("Fewer", "fewer");

export interface FewerNode {
  readonly kind: "fewer";
  /** What is compared (VP only). */
  readonly word: Word;
  readonly than: Word;
  readonly article: Word;
  readonly span: Span;
}

export interface FewerModel {
  readonly kind: "fewer";
}

export type FewerDef = FewerModel;

const example = "you have fewer vp than an opponent";

function comparesVp(r: Resolver, w: Word): boolean {
  if (lookup(r, w, ["tokens"])?.id === "vp") return true;
  r.report("S51-E336", w.span, { written: `fewer ${w.text}` }, `a condition compares VP: write "${example}"`);
  return false;
}

export const fewer: ConditionConstruct<"fewer", FewerNode, FewerModel, FewerDef> = {
  kind: "fewer",
  example,
  // `opponent` is a keyword already, the effects' (each opponent gives …).
  words: [Have, Fewer],
  grammar: (g) => {
    g.consume(Have);
    g.consume(Fewer);
    g.subrule("counted");
    g.consume(WordToken);
    g.consume(WordToken, 2);
    g.consume(Opponent);
  },
  build: (node, span) => {
    const [than, article] = tokens(node.children, "Word");
    return { kind: "fewer", word: cst.counted(node), than: word(than!), article: word(article!), span };
  },
  check: (c, r) => {
    const vp = comparesVp(r, c.word);
    const than = spelled(r, c.than, ["than"], example);
    const article = spelled(r, c.article, ["an"], example);
    return vp && than && article ? { kind: "fewer" } : undefined;
  },
  emit: () => object([["kind", str("fewer")]]),
  text: {
    // Any one opponent ahead will do: « qu'au moins un adversaire », not « qu'un adversaire » (which reads as "than one given opponent").
    en: () => "you have fewer VP than at least one opponent",
    fr: () => "vous avez moins de PV qu'au moins un adversaire",
  },
  engine: {
    holds: (game, seat) => {
      const players = game.state.players;
      const mine = scoreOf(players[seat]!);
      for (const o of players) if (o.seat !== seat && scoreOf(o) > mine) return true;
      return false;
    },
  },
};

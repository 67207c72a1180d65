/**
 * `redevelop`, `redevelop any type`: "Execute the Redevelopment Action" and
 * "Execute one Redevelopment action disregarding the Card Type icons of the
 * cards taking part in it" (rulebook, card icons). The player chooses what
 * to build over what, or to forgo it; it counts as the turn's Redevelopment,
 * paid by the card's own action (ruling 10). The Location whose action it is
 * cannot be built over (`except`).
 */
import type { Span } from "../../../grammar/ast.js";
import { tokens } from "../../../grammar/cst.js";
import { Any, Redevelop, Type } from "../../../grammar/tokens.js";
import { bool, object } from "../../compiler/code.js";
import { redevelopTargets } from "../../engine/actions.js";
import type { RedevelopChoice } from "../../engine/choices.js";
import { schedule } from "../../engine/tasks.js";
import type { EffectAsk, EffectConstruct } from "../effect.js";

export interface RedevelopNode {
  readonly kind: "redevelop";
  readonly anyType: boolean;
  readonly span: Span;
}

export interface RedevelopModel {
  readonly kind: "redevelop";
  readonly anyType: boolean;
}

export type RedevelopArgs = { readonly anyType: boolean };
export type RedevelopStep = { readonly op: "redevelop"; readonly anyType: boolean };
export type RedevelopAsk = EffectAsk<"redevelop-with", RedevelopChoice> & { readonly except: number };

export const redevelop: EffectConstruct<"redevelop", RedevelopNode, RedevelopModel, RedevelopArgs, RedevelopStep, RedevelopAsk> = {
  kind: "redevelop",
  example: "redevelop any type",
  syntax: {
    keyword: Redevelop,
    grammar: (g) => {
      g.consume(Redevelop);
      g.option(() => {
        g.consume(Any);
        g.consume(Type);
      });
    },
  },
  // `redevelop` is also a trigger (`after redevelop`): its keyword is the language's (grammar/tokens.ts).
  words: [],
  build: (node, span) => ({ kind: "redevelop", anyType: tokens(node.children, "Any").length > 0, span }),
  check: (e) => ({ kind: "redevelop", anyType: e.anyType }),
  emit: (m) => object([["anyType", bool(m.anyType)]]),
  record: (a) => ({ op: "redevelop", anyType: a.anyType }),
  text: {
    // The card's own cost pays for it (ruling 10); the player picks both cards, or forgoes it; never over this card.
    en: (m) => `redevelop another of your Locations at no extra cost${m.anyType ? ", ignoring card types" : ""}`,
    fr: (m) => `effectuez sans autre coût une Reconstruction d'un autre de vos Territoires${m.anyType ? ", sans tenir compte des types de carte" : ""}`,
  },
  engine: {
    run: (game, step, at) => ({ kind: "redevelop-with", seat: at.seat, choices: [{ card: undefined }, ...redevelopTargets(game, at.seat, step.anyType, at.except)], except: at.except }),
    answers: {
      "redevelop-with": (game, ask, c) => {
        if (c.card === undefined) return;
        game.state.players[ask.seat]!.redevelopments++;
        schedule(game.state.agenda, { kind: "build", seat: ask.seat, card: c.card, replaces: c.replaces });
      },
    },
  },
};

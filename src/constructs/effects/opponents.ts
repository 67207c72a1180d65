/**
 * `each opponent gives 1 worker`, `each opponent discards 1 card`,
 * `each opponent gives 1 resource`: every opponent, in turn order from the
 * player's left, gives the player (or discards) as many as asked, or as many
 * as they have. Which card or which token is the giver's choice, as what
 * they give up is theirs; depot and combo tokens are out of reach, as the
 * rulebook keeps them from being stolen (ruling 35).
 */
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { cst, tokens } from "../../../grammar/cst.js";
import { Each, Integer, Opponent, keyword } from "../../../grammar/tokens.js";
import { positive } from "../../check/resolve.js";
import { int, object, str } from "../../compiler/code.js";
import type { Store } from "../../engine/choices.js";
import { resourceCount, say, seatName, type Game } from "../../engine/game.js";
import { addResource, type CardId, type PlayerState } from "../../engine/state.js";
import { schedule } from "../../engine/tasks.js";
import { storeOf, takeWorkers, toSupply, tokenKind } from "../../engine/tokens.js";
import type { EffectAsk, EffectAt, EffectConstruct } from "../effect.js";
import { resolveLoot, sayLoot, takeableTokens, type Loot } from "./steal.js";

export const Gives = keyword("Gives", "gives", "give");
export const Discards = keyword("Discards", "discards", "discard");

export type Verb = "give" | "discard";

export interface OpponentsNode {
  readonly kind: "opponents";
  readonly verb: Verb;
  readonly amount: Num;
  readonly word: Word;
  readonly span: Span;
}

export type OpponentsModel = { readonly kind: "opponents"; readonly verb: Verb; readonly amount: number } & Loot;
export type OpponentsArgs = { readonly verb: Verb; readonly amount: number } & Loot;
/** `queue`: the opponents still to give, next first (all of them, from the player's left, when absent); `left`: what the first still owes. */
export type OpponentsStep = { readonly op: "opponents"; readonly verb: Verb; readonly amount: number; readonly queue?: readonly number[]; readonly left?: number } & Loot;

/** A card from the hand, or a resource token from one of the giver's stores. */
export type GiveUpChoice = { readonly card: CardId } | { readonly store: Store; readonly resource: string };
export type OpponentsAsk = EffectAsk<"give-up", GiveUpChoice> & { readonly step: OpponentsStep; readonly at: EffectAt };

/** What `giver` could give up of `loot`: cards in hand, or resource tokens (never a depot's or a combo's). */
function giveUpChoices(giver: PlayerState, loot: Loot): GiveUpChoice[] {
  if ("token" in loot) return loot.token === "card" ? [...new Set(giver.hand)].sort().map((card) => ({ card })) : [];
  return takeableTokens(giver, loot.resource);
}

function lootOf(step: OpponentsStep): Loot {
  return "token" in step ? { token: step.token } : { resource: step.resource };
}

/** Workers change hands at once: there is nothing to choose. */
function workers(game: Game, step: OpponentsStep, giver: PlayerState, taker: PlayerState): void {
  const n = Math.min(step.amount, giver.pool.workers);
  if (n === 0) return;
  takeWorkers(giver, n);
  if (step.verb === "give") taker.pool.workers += n;
  else toSupply(game.state, tokenKind.worker, n);
  say(game, () => `  ${seatName(giver.seat)} ${step.verb === "give" ? `gives ${seatName(taker.seat)}` : "discards"} ${n} worker${n === 1 ? "" : "s"}`);
}

export const opponents: EffectConstruct<"opponents", OpponentsNode, OpponentsModel, OpponentsArgs, OpponentsStep, OpponentsAsk> = {
  kind: "opponents",
  example: "each opponent discards 1 card",
  syntax: {
    keyword: Each,
    grammar: (g) => {
      g.consume(Each);
      g.consume(Opponent);
      g.or([() => g.consume(Gives), () => g.consume(Discards)]);
      g.consume(Integer);
      g.subrule("counted");
    },
  },
  words: [Opponent, Gives, Discards],
  build: (node, span) => ({ kind: "opponents", verb: tokens(node.children, "Gives").length > 0 ? "give" : "discard", amount: cst.num(node, "Integer"), word: cst.counted(node), span }),
  check: (e, r) => {
    if (!positive(r, e.amount, "an amount")) return undefined;
    const loot = resolveLoot(r, e.word, `thing opponents ${e.verb}`);
    return loot && { kind: "opponents", verb: e.verb, amount: e.amount.value, ...loot };
  },
  emit: (m) => object([["verb", str(m.verb)], ...("resource" in m ? [["resource", str(m.resource)] as const] : [["token", str(m.token)] as const]), ["amount", int(m.amount)]]),
  record: (a) => ({ op: "opponents", ...a }),
  text: {
    // The opponents act, so they are the subject; the giver chooses what (Workers have nothing to choose, and the rulebook's "of their choice" still holds).
    en: (m, say) => `each opponent ${m.verb === "give" ? "gives you" : "discards"} ${sayLoot(m, m.amount, say)} of their choice`,
    fr: (m, say) => `chaque adversaire ${m.verb === "give" ? "vous donne" : "défausse"} ${sayLoot(m, m.amount, say)} de son choix`,
  },
  engine: {
    run: (game, step, at) => {
      const s = game.state;
      const n = s.players.length;
      const queue = step.queue ?? Array.from({ length: n - 1 }, (_, i) => (at.seat + 1 + i) % n);
      const taker = s.players[at.seat]!;
      for (let i = 0; i < queue.length; i++) {
        const giver = s.players[queue[i]!]!;
        if ("token" in step && step.token === "worker") {
          workers(game, step, giver, taker);
          continue;
        }
        const choices = giveUpChoices(giver, lootOf(step));
        if (choices.length === 0) continue;
        const rest: OpponentsStep = { ...step, queue: queue.slice(i), left: step.left ?? step.amount };
        return { kind: "give-up", seat: giver.seat, choices, step: rest, at };
      }
      return undefined;
    },
    answers: {
      "give-up": (game, ask, c) => {
        const s = game.state;
        const giver = s.players[ask.seat]!;
        const taker = s.players[ask.at.seat]!;
        const give = ask.step.verb === "give";
        if ("card" in c) {
          giver.hand.splice(giver.hand.indexOf(c.card), 1);
          if (give) taker.hand.push(c.card);
          else s.discard.push(c.card);
        } else {
          addResource(storeOf(giver, c.store), c.resource, -1);
          if (give) addResource(taker.pool.resources, c.resource, 1);
          else toSupply(s, tokenKind.resource(c.resource), 1);
        }
        say(game, () => `  ${seatName(ask.seat)} ${give ? `gives ${seatName(ask.at.seat)}` : "discards"} ${"card" in c ? "a card" : resourceCount(game, c.resource, 1)}`);
        const left = ask.step.left! - 1;
        const queue = left > 0 ? ask.step.queue! : ask.step.queue!.slice(1);
        if (queue.length > 0) schedule(s.agenda, { kind: "effect-step", step: { ...ask.step, queue, left: left > 0 ? left : ask.step.amount }, at: ask.at });
      },
    },
  },
};

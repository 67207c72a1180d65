/**
 * `steal 1 resource`, `steal 2 fuel`, `steal 1 worker`, `steal 1 card`: take
 * from an opponent of the player's choice. A resource is as the rulebook's
 * icon says ("Take one Resource token from an opponent of Your choice"): any of their
 * tokens but a depot's or a combo's, the thief choosing which. A Worker comes
 * from the opponent's pool; a card is drawn unseen from the opponent's hand
 * (ruling 34 in docs/engine-rulings.md). One at a time: each taken is one answer.
 */
import type { Num, Span, Word } from "../../../grammar/ast.js";
import { cst } from "../../../grammar/cst.js";
import { Integer, keyword } from "../../../grammar/tokens.js";
import { lookup, positive, unknownWord, writtenWords, type Resolver } from "../../check/resolve.js";
import { int, object, str } from "../../compiler/code.js";
import type { StealChoice, Store } from "../../engine/choices.js";
import { resourceCount, say, seatName, type Game } from "../../engine/game.js";
import { nextInt } from "../../engine/rng.js";
import { addResource, type PlayerState } from "../../engine/state.js";
import { schedule } from "../../engine/tasks.js";
import { storeOf, storesOf, takeWorkers } from "../../engine/tokens.js";
import type { Sayings } from "../../text/phrasebook.js";
import type { EffectAsk, EffectAt, EffectConstruct } from "../effect.js";

/** What is stolen: a resource (an id, or "any" for any resource token), or a Worker or a card. */
export type Loot = { readonly resource: string } | { readonly token: "worker" | "card" };

export interface StealNode {
  readonly kind: "steal";
  readonly amount: Num;
  readonly word: Word;
  readonly span: Span;
}

export type StealModel = { readonly kind: "steal"; readonly amount: number } & Loot;
export type StealArgs = { readonly amount: number } & Loot;
export type StealStep = { readonly op: "steal"; readonly amount: number } & Loot;

/** A resource token to take; `at` and `left` say where the steal goes on. */
export type StealAsk =
  | (EffectAsk<"steal", StealChoice> & { readonly resource: string; readonly left: number; readonly at: EffectAt })
  /** Whom to take a Worker or a card from. */
  | (EffectAsk<"steal-from", number> & { readonly token: "worker" | "card"; readonly left: number; readonly at: EffectAt });

/** A player's resource tokens another may take (`resource` an id or "any"): any but a depot's ("cannot be stolen"); a combo's are in no store. */
export function takeableTokens(p: PlayerState, resource: string): { readonly store: Store; readonly resource: string }[] {
  const out: { store: Store; resource: string }[] = [];
  for (const store of storesOf(p)) {
    if (store.kind === "depot" || store.kind === "base-depot") continue;
    const r = storeOf(p, store);
    for (const k of Object.keys(r).sort()) if (resource === "any" || k === resource) out.push({ store, resource: k });
  }
  return out;
}

/** "Take one Resource token from an opponent of Your choice": any of their takeable tokens. */
export function stealChoices(game: Game, seat: number, resource: string): StealChoice[] {
  return game.state.players.filter((o) => o.seat !== seat).flatMap((o) => takeableTokens(o, resource).map((t) => ({ from: o.seat, store: t.store, resource: t.resource })));
}

/** What a steal or a give names: a resource, any resource, a Worker or a card; anything else is reported. */
export function resolveLoot(r: Resolver, word: Word, noun: string): Loot | undefined {
  const term = lookup(r, word, ["resources", "tokens"]);
  if (term?.namespace === "resources") return { resource: term.id };
  if (term?.id === "resource") return { resource: "any" };
  if (term?.id === "worker" || term?.id === "card") return { token: term.id };
  return unknownWord(r, word, noun, [...writtenWords(r, ["resources"]), "resource", "worker", "card"]);
}

/** "1 resource", "2 Fuel", "1 Worker", in the phrasebook's language. */
export function sayLoot(loot: Loot, n: number, say: Sayings): string {
  if ("token" in loot) return say.token(loot.token, n);
  return loot.resource === "any" ? say.anyResource(n) : say.asset({ kind: "resource", resource: loot.resource, amount: n });
}

/*
 * Who chooses what, as the engine asks it and in the rulebook's words ("Take
 * one Resource token from an opponent of Your choice", « Prendre un jeton de
 * Ressource à l'adversaire de votre choix »): the thief picks the opponent (for
 * several, each one taken may come from another) and, when any resource will
 * do, the token; a card is taken unseen, at random.
 */
function stealEn(m: StealModel, say: Sayings): string {
  const whom = m.amount === 1 ? "an opponent of your choice" : "one or more opponents of your choice";
  if ("token" in m && m.token === "card") return `steal ${say.token("card", m.amount)} at random from the hand of ${whom}`;
  const chosen = "resource" in m && m.resource === "any" ? " of your choice" : "";
  return `steal ${sayLoot(m, m.amount, say)}${chosen} from ${whom}`;
}

function stealFr(m: StealModel, say: Sayings): string {
  const whom = m.amount === 1 ? "l'adversaire de votre choix" : "un ou plusieurs adversaires de votre choix";
  if ("token" in m && m.token === "card") return `volez au hasard ${say.token("card", m.amount)} dans la main ${m.amount === 1 ? "de " : "d'"}${whom}`;
  // « au choix »: the thief picks the token too, when any resource will do.
  const chosen = "resource" in m && m.resource === "any" ? " au choix" : "";
  return `volez ${sayLoot(m, m.amount, say)}${chosen} à ${whom}`;
}

/** After one is taken: the rest of the steal, if any. */
function goOn(game: Game, at: EffectAt, left: number, loot: Loot): void {
  if (left > 1) schedule(game.state.agenda, { kind: "effect-step", step: { op: "steal", amount: left - 1, ...loot }, at });
}

export const Steal = keyword("Steal", "steal");

type StealConstruct = EffectConstruct<"steal", StealNode, StealModel, StealArgs, StealStep, StealAsk>;

export const steal: StealConstruct = {
  kind: "steal",
  example: "steal 1 worker",
  syntax: {
    keyword: Steal,
    grammar: (g) => {
      g.consume(Steal);
      g.consume(Integer);
      g.subrule("counted");
    },
  },
  words: [Steal],
  build: (node, span) => ({ kind: "steal", amount: cst.num(node, "Integer"), word: cst.counted(node), span }),
  check: (e, r) => {
    if (!positive(r, e.amount, "an amount")) return undefined;
    const loot = resolveLoot(r, e.word, "thing to steal");
    return loot && { kind: "steal", amount: e.amount.value, ...loot };
  },
  emit: (m) => object("resource" in m ? [["resource", str(m.resource)], ["amount", int(m.amount)]] : [["token", str(m.token)], ["amount", int(m.amount)]]),
  record: (a) => ({ op: "steal", ...a }),
  text: {
    en: (m, say) => stealEn(m, say),
    fr: (m, say) => stealFr(m, say),
  },
  engine: {
    run: (game, step, at) => {
      if ("resource" in step) {
        const choices = stealChoices(game, at.seat, step.resource);
        return choices.length === 0 ? undefined : { kind: "steal", seat: at.seat, choices, resource: step.resource, left: step.amount, at };
      }
      const choices = game.state.players.filter((o) => o.seat !== at.seat && (step.token === "worker" ? o.pool.workers : o.hand.length) > 0).map((o) => o.seat);
      return choices.length === 0 ? undefined : { kind: "steal-from", seat: at.seat, choices, token: step.token, left: step.amount, at };
    },
    answers: {
      steal: (game, ask, c) => {
        addResource(storeOf(game.state.players[c.from]!, c.store), c.resource, -1);
        addResource(game.state.players[ask.seat]!.pool.resources, c.resource, 1);
        say(game, () => `  ${seatName(ask.seat)} steals ${resourceCount(game, c.resource, 1)} from ${seatName(c.from)}`);
        goOn(game, ask.at, ask.left, { resource: ask.resource });
      },
      "steal-from": (game, ask, from) => {
        const s = game.state;
        const victim = s.players[from]!;
        const thief = s.players[ask.seat]!;
        if (ask.token === "worker") {
          takeWorkers(victim, 1);
          thief.pool.workers++;
        } else {
          // Unseen: the thief takes a card at random from the hand.
          thief.hand.push(victim.hand.splice(nextInt(s.rng, victim.hand.length), 1)[0]!);
        }
        say(game, () => `  ${seatName(ask.seat)} steals 1 ${ask.token} from ${seatName(from)}`);
        goOn(game, ask.at, ask.left, { token: ask.token });
      },
    },
  },
};

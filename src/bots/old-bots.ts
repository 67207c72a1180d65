/**
 * Agents: a random bot, a greedy bot that plays for VP, and a scripted agent
 * for tests and replays. All are deterministic given their seed, so a game is
 * its seed plus its agents.
 */
import type { Action, Agent, Decision } from "../engine/choices.js";
import type { CardRegistry } from "../engine/definitions.js";
import { createRng } from "../engine/rng.js";
import type { GameState } from "../engine/state.js";

/** Chooses uniformly, but among action *kinds* first, so 45 ways to discard 2 cards do not drown out the rest. */
export function randomBot(seed: number): Agent {
  const rng = createRng(seed);
  return {
    name: "random",
    choose(_state, decision) {
      if (decision.kind !== "action") return rng.int(decision.choices.length);
      const kinds: string[] = [];
      for (const c of decision.choices) if (!kinds.includes(c.kind)) kinds.push(c.kind);
      const kind = kinds[rng.int(kinds.length)]!;
      const ofKind: number[] = [];
      decision.choices.forEach((c, i) => c.kind === kind && ofKind.push(i));
      return ofKind[rng.int(ofKind.length)]!;
    },
  };
}

/** How much an action is worth to the greedy bot: VP now first, then what builds towards VP. */
function actionValue(cards: CardRegistry, state: Readonly<GameState>, seat: number, a: Action): number {
  const p = state.players[seat]!;
  switch (a.kind) {
    case "incorporate":
      return 10 + distanceOf(cards, a.card);
    case "redevelop":
      return 12;
    case "play-leader":
      return p.leader ? 3 : 11;
    case "work":
      return 8;
    case "leader-action":
      return 7;
    case "convert":
      return 6;
    case "conquer":
    case "cooperate":
      return (a.replace === undefined ? 5 : 1) + distanceOf(cards, a.card);
    case "send-worker":
      return 4;
    case "workers-for-resource":
      return 2;
    case "discard-draw":
      return p.hand.length > 6 ? 1 : -1;
    case "pass":
      return 0;
  }
}

function distanceOf(cards: CardRegistry, id: string): number {
  const c = cards.byId.get(id);
  return c?.kind === "location" ? c.distance : 0;
}

/** Plays for VP: the most valuable action, the strongest card, always cashes Spoils. */
export function greedyBot(cards: CardRegistry, seed: number): Agent {
  const rng = createRng(seed);
  const best = (scores: number[]): number => {
    const top = Math.max(...scores);
    const ties = scores.flatMap((s, i) => (s === top ? [i] : []));
    return ties[rng.int(ties.length)]!;
  };
  const cardValue = (id: string): number => {
    const c = cards.byId.get(id);
    if (!c) return 0;
    if (c.kind === "location") return 2 + c.distance;
    if (c.kind === "leader") return 4;
    return c.kind === "contact" ? 1 + c.range : 0;
  };
  return {
    name: "greedy",
    choose(state, decision: Decision) {
      switch (decision.kind) {
        case "action":
          return best(decision.choices.map((a) => actionValue(cards, state, decision.seat, a)));
        case "lookout-pick":
          return best(decision.choices.map((c) => (c.kind === "take" ? cardValue(c.card) : 2)));
        case "lookout-keep":
          return best(decision.choices.map(cardValue));
        case "lookout-discard":
          return best(decision.choices.map(cardValue));
        case "cash-spoils":
          return decision.choices.findIndex((c) => c.kind === "cash");
        case "discard-card":
          return best(decision.choices.map((c) => -cardValue(c)));
        case "redevelop-with":
          return best(decision.choices.map((c) => (c.card === undefined ? 0 : cardValue(c.card))));
        default:
          return rng.int(decision.choices.length);
      }
    },
  };
}

/** Answers from a list, in order; throws when the script runs out (a test that asked for too little). */
export function scriptedAgent(answers: readonly number[] | ((state: Readonly<GameState>, decision: Decision) => number), name = "scripted"): Agent {
  if (typeof answers === "function") return { name, choose: answers };
  let next = 0;
  return {
    name,
    choose(_state, decision) {
      if (next >= answers.length) throw new Error(`${name}: no scripted answer for ${decision.kind}`);
      return answers[next++]!;
    },
  };
}

export type BotName = "random" | "greedy";
export const botNames: readonly BotName[] = ["random", "greedy"];

export function makeBot(name: BotName, cards: CardRegistry, seed: number): Agent {
  return name === "random" ? randomBot(seed) : greedyBot(cards, seed);
}

/**
 * The search bot: determinized Monte Carlo search over its view. For each
 * decision worth searching (actions and Lookout picks), it spends a budget of
 * playouts: each samples a game consistent with its view (determinize.ts),
 * tries the root choice that UCB1 picks, and plays on with the greedy policy
 * for every seat up to a horizon; the result (a win, or the VP margin at the
 * horizon) is credited to that choice. The choice with the best mean wins.
 * Other decisions are answered by the greedy policy. Deterministic for a seed.
 */
import type { Decision } from "../engine/choices.js";
import type { CardRegistry } from "../engine/definitions.js";
import { answer, pending } from "../engine/machine.js";
import { createRng, type Rng } from "../engine/rng.js";
import { scoreOf } from "../engine/scoring.js";
import type { GameState } from "../engine/state.js";
import { viewOf, type PlayerView } from "../engine/view.js";
import type { Agent } from "./agent.js";
import { determinize } from "./determinize.js";
import { greedyChoice } from "./greedy.js";

export interface MctsOptions {
  /** Playouts per searched decision. */
  readonly playouts: number;
  /** Rounds played ahead before a playout is scored by its VP margin. */
  readonly horizon: number;
  /** The root choices searched: the greedy policy's best this many. */
  readonly width: number;
}

export const mctsDefaults: MctsOptions = { playouts: 48, horizon: 2, width: 6 };

/** A playout's value to `seat`: 1 for a win, ½ a draw, 0 a loss; before the end, the VP margin squashed into (0, 1). */
function outcome(s: GameState, seat: number): number {
  if (s.phase === "over") return s.winners.includes(seat) ? 1 / s.winners.length : 0;
  const mine = scoreOf(s.players[seat]!);
  let rival = -Infinity;
  for (const p of s.players) if (p.seat !== seat) rival = Math.max(rival, scoreOf(p));
  return 1 / (1 + Math.exp(-(mine - rival) / 4));
}

/** The root choices worth searching: the greedy policy's ranking, best first, `width` of them. */
function candidates(cards: CardRegistry, rng: Rng, view: PlayerView, d: Decision, width: number): number[] {
  if (d.choices.length <= width) return d.choices.map((_, i) => i);
  const out: number[] = [];
  const rest = d.choices.map((_, i) => i);
  while (out.length < width) {
    const sub = { ...d, choices: rest.map((i) => d.choices[i]!) } as Decision;
    const k = greedyChoice(cards, rng, view, sub);
    out.push(rest[k]!);
    rest.splice(k, 1);
  }
  return out;
}

export function mctsBot(cards: CardRegistry, seed: number, options: MctsOptions = mctsDefaults): Agent {
  const rng = createRng(seed);
  const rollout = createRng(seed ^ 0x5bd1e995);
  return {
    name: `mcts:${options.playouts}`,
    choose(view, d) {
      if (d.kind !== "action" && d.kind !== "lookout-pick") return greedyChoice(cards, rng, view, d);
      const roots = candidates(cards, rng, view, d, options.width);
      const visits = roots.map(() => 0);
      const totals = roots.map(() => 0);
      for (let n = 0; n < options.playouts; n++) {
        let pick = visits.indexOf(0);
        if (pick < 0) {
          let bestUcb = -Infinity;
          for (let i = 0; i < roots.length; i++) {
            const ucb = totals[i]! / visits[i]! + Math.sqrt((2 * Math.log(n)) / visits[i]!);
            if (ucb > bestUcb) {
              bestUcb = ucb;
              pick = i;
            }
          }
        }
        const world = determinize(view, cards, rng);
        answer(world, roots[pick]!);
        const stop = view.round + options.horizon;
        for (let p = pending(world); p && world.state.round < stop; p = pending(world)) answer(world, greedyChoice(cards, rollout, viewOf(world.state, p.seat), p));
        visits[pick]!++;
        totals[pick]! += outcome(world.state, view.seat);
      }
      let bestMean = -Infinity;
      let choice = roots[0]!;
      roots.forEach((r, i) => {
        const mean = visits[i]! > 0 ? totals[i]! / visits[i]! : -Infinity;
        if (mean > bestMean) {
          bestMean = mean;
          choice = r;
        }
      });
      return choice;
    },
  };
}

/**
 * The driver loop: while the game waits for a decision, the agent whose
 * decision it is chooses from that player's view, and the answer is applied.
 * Each answer is recorded (round, seat, decision, index and what was chosen),
 * so a game is its seed plus its record.
 */
import type { Decision } from "../engine/choices.js";
import { RuleError, type Game } from "../engine/game.js";
import { answer, pending } from "../engine/machine.js";
import { view } from "../engine/view.js";
import type { Agent } from "./agent.js";

/** One recorded answer: with the seed, enough to replay the game and to check it is the same game. */
export interface ChoiceRecord {
  readonly round: number;
  readonly seat: number;
  readonly decision: Decision["kind"];
  readonly index: number;
  /** What was chosen, as data (the choice itself): a replay checks the game offers the same thing there. */
  readonly choice: unknown;
}

/**
 * Plays the game to its end, each answer pushed onto `record` when one is
 * given; `observe` sees each decision and the index chosen before the answer
 * is applied (a simulation tallies what was played from there).
 */
export function drive(game: Game, agents: readonly Agent[], record?: ChoiceRecord[], observe?: (d: Decision, index: number) => void): void {
  for (let d = pending(game); d; d = pending(game)) {
    const agent = agents[d.seat]!;
    const index = agent.choose(view(game, d.seat), d);
    if (!Number.isInteger(index) || index < 0 || index >= d.choices.length) throw new RuleError(`agent ${agent.name} chose ${index} of ${d.choices.length} for ${d.kind}`);
    record?.push({ round: game.state.round, seat: d.seat, decision: d.kind, index, choice: d.choices[index] });
    observe?.(d, index);
    answer(game, index);
  }
}

/**
 * The five phases as data (rulebook, "The turn sequence"): what starts each,
 * what ends it, what follows. A phase begins by putting its tasks on the
 * agenda; it ends when the agenda is empty; then the next one begins.
 */
import { maxRounds } from "./limits.js";
import { say, seatName, type Game } from "./game.js";
import { lookoutTasks } from "./lookout.js";
import { productionTasks } from "./production.js";
import { cleanUpTasks } from "./cleanup.js";
import { countVp, decideWinners, recordTieBreak, scoreOf } from "./scoring.js";
import type { GameState, Phase } from "./state.js";
import type { Task } from "./tasks.js";

export interface PhaseRule {
  /** What starts it and what ends it, in the rulebook's words. */
  readonly starts: string;
  readonly ends: string;
  /** The phase's tasks, in order. */
  readonly begin: (game: Game) => Task[];
  /** What follows once its tasks are done. */
  readonly next: (s: GameState) => Phase;
}

/** The game ends after this round: someone reached 30 VP, or the safety limit on rounds (ruling 24). */
const isLastRound = (s: GameState): boolean => s.lastRound || s.round >= maxRounds;

export const phases: Readonly<Record<Exclude<Phase, "over">, PhaseRule>> = {
  lookout: {
    starts: "each round: reveal 5 cards from the draw deck",
    ends: "at the end of the Lookout Phase, each player draws one card from the draw deck",
    begin: lookoutTasks,
    next: () => "production",
  },
  production: {
    starts: "after the Lookout",
    ends: "when each player, beginning with the first player and proceeding clockwise, has taken what he produces",
    begin: productionTasks,
    next: () => "actions",
  },
  actions: {
    starts: "beginning with the first player and proceeding clockwise, each player performs one of his available actions",
    ends: "this cycle continues until all players have passed",
    begin: (game) => [{ kind: "action-turn", seat: game.state.firstPlayer }],
    next: () => "vp-count",
  },
  "vp-count": {
    starts: "after the Actions",
    ends: "when each player's VP level is marked on the track",
    begin: (game) => {
      const s = game.state;
      countVp(s);
      // The tie-break counts unused tokens, so they are taken before Clean-up discards them (ruling 23).
      if (isLastRound(s)) recordTieBreak(s);
      return [];
    },
    next: () => "clean-up",
  },
  "clean-up": {
    starts: "at the end of each turn",
    ends: "when unused tokens are discarded; the first player token passes to the left",
    begin: cleanUpTasks,
    next: (s) => (isLastRound(s) ? "over" : "lookout"),
  },
};

/** The current phase's tasks are done: the next phase begins (or the game ends). */
export function advancePhase(game: Game): void {
  const s = game.state;
  if (s.phase === "over") return;
  const next = phases[s.phase].next(s);
  if (s.phase === "clean-up") {
    s.firstPlayer = (s.firstPlayer + 1) % s.players.length;
    if (next === "lookout") s.round++;
  }
  s.phase = next;
  if (next === "vp-count") say(game, () => `  VP: ${s.players.map((p) => `${seatName(p.seat)} ${scoreOf(p)}`).join(", ")}`);
  if (next === "lookout") say(game, () => `Round ${s.round} (first player: ${seatName(s.firstPlayer)})`);
  if (next === "over") {
    s.winners = decideWinners(s);
    return;
  }
  const tasks = phases[next].begin(game);
  for (let i = tasks.length - 1; i >= 0; i--) s.agenda.push(tasks[i]!);
}

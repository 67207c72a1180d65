/**
 * The five phases as data (rulebook, "The turn sequence"): what starts each,
 * what ends it, what follows. A phase begins by putting its tasks on the
 * agenda; it ends when the agenda is empty; then the next one begins.
 */
import { isLastRound } from "./limits.js";
import { say, seatName, type Game } from "./game.js";
import { lookoutTasks } from "./lookout.js";
import { productionTasks } from "./production.js";
import { cleanUpTasks } from "./cleanup.js";
import { countVp, decideWinners, recordTieBreak, scoreOf } from "./scoring.js";
import type { GameState, Phase } from "./state.js";
import { schedule, type Task } from "./tasks.js";
import { spendWorkers } from "./tokens.js";

export interface PhaseRule {
  /** What starts it and what ends it, in the rulebook's words. */
  readonly starts: string;
  readonly ends: string;
  /** The phase's tasks, in order. */
  readonly begin: (game: Game) => Task[];
  /** What follows once its tasks are done. */
  readonly next: (s: GameState) => Phase;
}


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
      expireReceivedWorkers(s);
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

/**
 * A worker an opponent sent "can be used by that opponent until the end of
 * the current phase" (the Actions phase): what is left of them goes back to
 * the supply, so the tie-break does not count it (ruling 19). Received
 * workers are spent first (`spendWorkers`), so what is left of them is
 * `workersReceived`.
 */
function expireReceivedWorkers(s: GameState): void {
  for (const p of s.players) spendWorkers(s, p, p.workersReceived);
}

/** The account's line for a new round. */
export function roundHeader(game: Game): void {
  const s = game.state;
  say(game, () => `Round ${s.round} (first player: ${seatName(s.firstPlayer)})`);
}

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
  if (next === "lookout") roundHeader(game);
  if (next === "over") {
    s.winners = decideWinners(s);
    return;
  }
  schedule(s.agenda, ...phases[next].begin(game));
}

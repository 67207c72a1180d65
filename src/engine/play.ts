/**
 * A whole game: rounds of the five phases until someone reaches 30 VP, then
 * the winner. The actions phase goes round the table, one action per player
 * per turn, until everyone has passed.
 */
import { applyAction, legalActions } from "./actions.js";
import { ask, seatName, type Game } from "./game.js";
import { runCleanUp } from "./cleanup.js";
import { runLookout } from "./lookout.js";
import { runProduction } from "./production.js";
import { decideWinners, recordTieBreak, runVpCount } from "./scoring.js";

/**
 * Safety limits, so that every game ends whatever its agents do (a ruling:
 * the rulebook has no such limit, and real players always pass eventually).
 */
export const maxActionsPerPhase = 60;
export const maxRounds = 60;

export function runActions(game: Game): void {
  const s = game.state;
  s.phase = "actions";
  const n = s.players.length;
  const taken = new Array<number>(n).fill(0);
  while (s.players.some((p) => !p.passed)) {
    for (let i = 0; i < n; i++) {
      const seat = (s.firstPlayer + i) % n;
      const p = s.players[seat]!;
      if (p.passed) continue;
      if (taken[seat]! >= maxActionsPerPhase) {
        p.passed = true;
        continue;
      }
      const choices = legalActions(game, seat);
      applyAction(game, seat, choices[ask(game, { kind: "action", seat, choices })]!);
      taken[seat]!++;
    }
  }
}

export function playRound(game: Game): void {
  const s = game.state;
  game.narrate(`Round ${s.round} (first player: ${seatName(s.firstPlayer)})`);
  runLookout(game);
  runProduction(game);
  runActions(game);
  runVpCount(s);
  game.narrate(`  VP: ${s.players.map((p) => `${seatName(p.seat)} ${p.score}`).join(", ")}`);
  const over = s.lastRound || s.round >= maxRounds;
  if (over) recordTieBreak(s);
  runCleanUp(game);
  if (over) {
    s.winners = decideWinners(s);
    s.phase = "over";
    return;
  }
  s.round++;
}

export function playGame(game: Game): void {
  while (game.state.phase !== "over") playRound(game);
  const s = game.state;
  const names = s.winners.map(seatName).join(" and ");
  game.narrate(s.winners.length === 1 ? `${names} wins with ${s.players[s.winners[0]!]!.score} VP` : `Draw between ${names}`);
}

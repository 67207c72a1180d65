/**
 * Phase 4, VP count, and the end of the game: 1 VP for each Location and
 * Leader in play plus the value of every VP token on the player's cards;
 * 30 VP makes the turn the last; ties go to more cards in hand, then more
 * unused resources and workers (ruling 4), else a draw.
 */
import type { GameState, PlayerState, VpToken } from "./state.js";
import { packedMap } from "./packed.js";
import { countResources } from "./state.js";
import { resourceTotals } from "./tokens.js";

export const winningScore = 30;

const sum = (tokens: readonly VpToken[]): number => tokens.reduce((n, t) => n + t.value, 0);

export function scoreOf(p: PlayerState): number {
  let vp = p.locations.length + (p.leader ? 1 : 0) + sum(p.baseVp);
  if (p.leader) vp += sum(p.leader.vpTokens);
  if (p.power) vp += sum(p.power.vpTokens);
  for (const l of p.locations) vp += sum(l.vpTokens);
  return vp;
}

export function countVp(state: GameState): void {
  for (const p of state.players) p.score = scoreOf(p);
  if (state.players.some((p) => p.score >= winningScore)) state.lastRound = true;
}

/** Unused resources and workers, for the second tie-break (combo tokens are spent already, in the combo). */
export function unusedTokens(p: PlayerState): number {
  return countResources(resourceTotals(p)) + p.pool.workers;
}

export function recordTieBreak(state: GameState): void {
  state.tieBreak = packedMap(state.players, (p) => ({ hand: p.hand.length, unused: unusedTokens(p) }));
}

/** The winners: highest score, then the tie-breaks; several seats on a draw. */
export function decideWinners(state: GameState): number[] {
  let best = packedMap(state.players, (p) => p.seat);
  const keys: ((seat: number) => number)[] = [
    (seat) => state.players[seat]!.score,
    (seat) => state.tieBreak[seat]?.hand ?? 0,
    (seat) => state.tieBreak[seat]?.unused ?? 0,
  ];
  for (const key of keys) {
    let top = -Infinity;
    for (const seat of best) top = Math.max(top, key(seat));
    best = best.filter((seat) => key(seat) === top);
    if (best.length === 1) break;
  }
  return best;
}

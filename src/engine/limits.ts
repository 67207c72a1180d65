import type { GameState } from "./state.js";

/**
 * Safety limits, so that every game ends whatever its agents do (ruling 24:
 * the rulebook has none, and real players always pass eventually).
 */
/** A game stops after this round and is decided as if someone had reached 30 VP. */
export const maxRounds = 60;
/** A player who has taken this many actions in one Actions phase passes. */
export const maxActionsPerPhase = 60;
/** Free moves (converts, depots, combos, discarding a deal) in one action turn. */
export const maxFreeMoves = 30;

/** The game ends after this round: someone reached 30 VP, or the round limit (ruling 24). */
export const isLastRound = (s: GameState): boolean => s.lastRound || s.round >= maxRounds;

/**
 * What a player sees: their own hand, everything public (every area in
 * play, the revealed cards, the discard pile, the box, the supply), the
 * other players' hand sizes and the deck's size; never the deck's order,
 * another player's hand or the PRNG. Agents get only this.
 */
import type { Decision } from "./choices.js";
import type { Game } from "./game.js";
import type { CardId, GameState, Phase, PlayerState } from "./state.js";
import type { Task } from "./tasks.js";

/** A player as the others see them: everything but the hand, whose size shows. */
export type PublicPlayer = Readonly<Omit<PlayerState, "hand">> & { readonly handSize: number };

export interface PlayerView {
  readonly seat: number;
  readonly hand: readonly CardId[];
  readonly players: readonly PublicPlayer[];
  readonly deckSize: number;
  readonly discard: readonly CardId[];
  readonly revealed: readonly CardId[];
  readonly box: readonly CardId[];
  readonly supply: Readonly<Record<string, number>>;
  readonly round: number;
  readonly firstPlayer: number;
  readonly phase: Phase;
  readonly lastRound: boolean;
  readonly winners: readonly number[];
  readonly tieBreak: GameState["tieBreak"];
  /** What the rules will do next (public: the rules are known to all). */
  readonly agenda: readonly Task[];
  /** The decision the game waits for (the viewer's, when an agent is asked). */
  readonly pending: Decision | undefined;
}

function publicPlayer(p: PlayerState): PublicPlayer {
  return {
    seat: p.seat,
    faction: p.faction,
    base: p.base,
    baseVp: p.baseVp,
    baseDeals: p.baseDeals,
    handSize: p.hand.length,
    leader: p.leader,
    locations: p.locations,
    contacts: p.contacts,
    pool: p.pool,
    passed: p.passed,
    workersSent: p.workersSent,
    redevelopments: p.redevelopments,
    drewInstead: p.drewInstead,
    actionsTaken: p.actionsTaken,
    freeMoves: p.freeMoves,
    score: p.score,
  };
}

/**
 * Made when an agent is asked; its parts are read-only references into the
 * state (an agent must not keep them past its answer). The players' public
 * parts are made on first use: a bot that never looks at the table pays
 * nothing for them.
 */
class LiveView implements PlayerView {
  #players: PublicPlayer[] | undefined;
  constructor(
    private readonly s: GameState,
    readonly seat: number,
  ) {}
  get players(): readonly PublicPlayer[] {
    return (this.#players ??= this.s.players.map(publicPlayer));
  }
  get hand(): readonly CardId[] {
    return this.s.players[this.seat]!.hand;
  }
  get deckSize(): number {
    return this.s.deck.length;
  }
  get discard(): readonly CardId[] {
    return this.s.discard;
  }
  get revealed(): readonly CardId[] {
    return this.s.revealed;
  }
  get box(): readonly CardId[] {
    return this.s.box;
  }
  get supply(): Readonly<Record<string, number>> {
    return this.s.supply;
  }
  get round(): number {
    return this.s.round;
  }
  get firstPlayer(): number {
    return this.s.firstPlayer;
  }
  get phase(): Phase {
    return this.s.phase;
  }
  get lastRound(): boolean {
    return this.s.lastRound;
  }
  get winners(): readonly number[] {
    return this.s.winners;
  }
  get tieBreak(): GameState["tieBreak"] {
    return this.s.tieBreak;
  }
  get agenda(): readonly Task[] {
    return this.s.agenda;
  }
  get pending(): Decision | undefined {
    return this.s.pending;
  }
  /** A plain copy (for printing or keeping): the same fields, no getters. */
  toJSON(): object {
    const { seat, hand, players, deckSize, discard, revealed, box, supply, round, firstPlayer, phase, lastRound, winners, tieBreak, agenda, pending } = this;
    return { seat, hand, players, deckSize, discard, revealed, box, supply, round, firstPlayer, phase, lastRound, winners, tieBreak, agenda, pending };
  }
}

export function viewOf(s: GameState, seat: number): PlayerView {
  return new LiveView(s, seat);
}

export function view(game: Game, seat: number): PlayerView {
  return viewOf(game.state, seat);
}

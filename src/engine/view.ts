/**
 * What a player sees: their own hand, everything public (every area in
 * play, the revealed cards, the discard pile, the box, the supply), the
 * other players' hand sizes and the deck's size; never the deck's order,
 * another player's hand or the PRNG. Agents get only this.
 */
import type { Decision } from "./choices.js";
import type { Game } from "./game.js";
import { packedMap } from "./packed.js";
import type { CardId, GameState, Phase, PlayerState } from "./state.js";
import type { Task } from "./tasks.js";

/** A player as the others see them: everything but the hand, whose size shows; `power` reads undefined for a Base without one. */
export type PublicPlayer = Readonly<Omit<PlayerState, "hand" | "power">> & { readonly handSize: number; readonly power: PlayerState["power"] };

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

/**
 * A player as the view lends them: the state's own parts, read through
 * getters, with the hand's size in place of the hand. Made for every player
 * at each decision a bot looks at the table, so it copies nothing (a bot
 * asks for a few fields of a few players); `toJSON` is the plain copy.
 */
class PublicPlayerView implements PublicPlayer {
  readonly #p: PlayerState;
  constructor(p: PlayerState) {
    this.#p = p;
  }
  get seat(): number {
    return this.#p.seat;
  }
  get faction(): string {
    return this.#p.faction;
  }
  get base(): CardId {
    return this.#p.base;
  }
  get baseVp(): PlayerState["baseVp"] {
    return this.#p.baseVp;
  }
  get baseDeals(): PlayerState["baseDeals"] {
    return this.#p.baseDeals;
  }
  get handSize(): number {
    return this.#p.hand.length;
  }
  get leader(): PlayerState["leader"] {
    return this.#p.leader;
  }
  get locations(): PlayerState["locations"] {
    return this.#p.locations;
  }
  /** A Base's power (its depot, the VP it gave, its action's uses) is public, as a Location's are; undefined without one. */
  get power(): PlayerState["power"] {
    return this.#p.power;
  }
  get contacts(): PlayerState["contacts"] {
    return this.#p.contacts;
  }
  get pool(): PlayerState["pool"] {
    return this.#p.pool;
  }
  get passed(): boolean {
    return this.#p.passed;
  }
  get workersSent(): number {
    return this.#p.workersSent;
  }
  get workersReceived(): number {
    return this.#p.workersReceived;
  }
  get redevelopments(): number {
    return this.#p.redevelopments;
  }
  get drewInstead(): boolean {
    return this.#p.drewInstead;
  }
  get actionsTaken(): number {
    return this.#p.actionsTaken;
  }
  get freeMoves(): number {
    return this.#p.freeMoves;
  }
  get score(): number {
    return this.#p.score;
  }
  /** The plain copy (for printing, keeping, or a sampled game's player): every field of the player but the hand, `power` only when there is one. */
  toJSON(): Omit<PlayerState, "hand"> & { readonly handSize: number } {
    const { hand, ...rest } = this.#p;
    return { ...rest, handSize: hand.length };
  }
}

/**
 * Made when an agent is asked. The state is held in a private field (hidden
 * at run time too), and every part is made when first read: a bot that never
 * looks at the table pays nothing for it. Piles and the hand are copies, so a
 * bot that keeps one cannot watch the state change (a reshuffled discard pile
 * becomes the deck); the players' public parts are the state's own, read-only.
 */
class LiveView implements PlayerView {
  readonly #s: GameState;
  #players: PublicPlayer[] | undefined;
  constructor(
    s: GameState,
    readonly seat: number,
  ) {
    this.#s = s;
  }
  get players(): readonly PublicPlayer[] {
    return (this.#players ??= packedMap(this.#s.players, (p) => new PublicPlayerView(p)));
  }
  get hand(): readonly CardId[] {
    return this.#s.players[this.seat]!.hand.slice();
  }
  get deckSize(): number {
    return this.#s.deck.length;
  }
  get discard(): readonly CardId[] {
    return this.#s.discard.slice();
  }
  get revealed(): readonly CardId[] {
    return this.#s.revealed.slice();
  }
  get box(): readonly CardId[] {
    return this.#s.box;
  }
  get supply(): Readonly<Record<string, number>> {
    return this.#s.supply;
  }
  get round(): number {
    return this.#s.round;
  }
  get firstPlayer(): number {
    return this.#s.firstPlayer;
  }
  get phase(): Phase {
    return this.#s.phase;
  }
  get lastRound(): boolean {
    return this.#s.lastRound;
  }
  get winners(): readonly number[] {
    return this.#s.winners;
  }
  get tieBreak(): GameState["tieBreak"] {
    return this.#s.tieBreak;
  }
  get agenda(): readonly Task[] {
    return this.#s.agenda;
  }
  /** The decision the game waits for, if it is the viewer's (another player's choices may name cards in that player's hand). */
  get pending(): Decision | undefined {
    const d = this.#s.pending;
    return d && d.seat === this.seat ? d : undefined;
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

/**
 * A player's state rebuilt from what the view shows and a hand (a search
 * bot's sampled game deals the hidden hands): every field listed, so a field
 * added to PlayerState is a type error here until it is handed on.
 */
export function playerWithHand(p: PublicPlayer, hand: CardId[]): PlayerState {
  const { seat, faction, base, baseVp, baseDeals, leader, locations, power, contacts, pool, passed } = p;
  const { workersSent, workersReceived, redevelopments, drewInstead, actionsTaken, freeMoves, score } = p;
  return {
    ...{ seat, faction, base, baseVp, baseDeals, hand, leader, locations },
    ...(power ? { power } : {}),
    ...{ contacts, pool, passed, workersSent, workersReceived, redevelopments, drewInstead, actionsTaken, freeMoves, score },
  };
}

/**
 * A game in progress: its state, the card definitions it plays with, its
 * agents, its PRNG, and where its choices are recorded. Every rule module
 * takes this context; `ask` is the one place a decision reaches an agent.
 */
import type { Agent, Decision } from "./choices.js";
import type { BaseDef, CardDef, CardRegistry, ContactDef, LeaderDef, LocationDef } from "./definitions.js";
import type { Rng } from "./rng.js";
import type { CardId, GameState } from "./state.js";

/** One recorded choice: with the seed, enough to replay the game. */
export interface ChoiceRecord {
  readonly round: number;
  readonly seat: number;
  readonly decision: Decision["kind"];
  readonly index: number;
}

export interface Game {
  readonly state: GameState;
  readonly cards: CardRegistry;
  readonly agents: readonly Agent[];
  readonly rng: Rng;
  readonly choices: ChoiceRecord[];
  /** A readable account of what happens, for `state51 play`. */
  readonly narrate: (line: string) => void;
}

export class RuleError extends Error {}

export function card(game: Game, id: CardId): CardDef {
  const def = game.cards.byId.get(id);
  if (!def) throw new RuleError(`unknown card "${id}"`);
  return def;
}

/** A card that must be of one kind (the state refers to cards by id). */
function cardOfKind<K extends CardDef["kind"]>(game: Game, id: CardId, kind: K): Extract<CardDef, { kind: K }> {
  const def = card(game, id);
  if (def.kind !== kind) throw new RuleError(`"${id}" is not a ${kind}`);
  return def as Extract<CardDef, { kind: K }>;
}

export const location = (game: Game, id: CardId): LocationDef => cardOfKind(game, id, "location");
export const leader = (game: Game, id: CardId): LeaderDef => cardOfKind(game, id, "leader");
export const contact = (game: Game, id: CardId): ContactDef => cardOfKind(game, id, "contact");
export const base = (game: Game, id: CardId): BaseDef => cardOfKind(game, id, "base");

/** "Player A" for seat 0: how the account and the CLI name players. */
export function seatName(seat: number): string {
  return `Player ${String.fromCharCode(65 + seat)}`;
}

export function cardName(game: Game, id: CardId): string {
  return card(game, id).name.en;
}

/** Asks the decision's player to choose; a decision with one choice is not asked (and not recorded). */
export function ask(game: Game, decision: Decision): number {
  const count = decision.choices.length;
  if (count === 0) throw new RuleError(`no choice offered for ${decision.kind}`);
  if (count === 1) return 0;
  const index = game.agents[decision.seat]!.choose(game.state, decision);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RuleError(`agent ${game.agents[decision.seat]!.name} chose ${index} of ${count} for ${decision.kind}`);
  }
  game.choices.push({ round: game.state.round, seat: decision.seat, decision: decision.kind, index });
  return index;
}

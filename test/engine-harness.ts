/**
 * Building games by hand for engine tests: a game with chosen factions and a
 * known deck, players' hands and tokens set directly, and a scripted agent
 * that answers each decision with a function of its choices.
 */
import { registry } from "../generated/index.js";
import type { Agent, Decision } from "../src/engine/choices.js";
import type { Game } from "../src/engine/game.js";
import { newGame } from "../src/engine/setup.js";
import type { CardId, PlayerState } from "../src/engine/state.js";

export { registry };

/** Answers every decision with `answer(decision)` (an index), or throws if none is given for that kind. */
export type Answer = (decision: Decision) => number;

export function agentOf(answer: Answer, name = "test"): Agent {
  return { name, choose: (_state, decision) => answer(decision) };
}

/** An agent that must never be asked anything. */
export const silent: Agent = agentOf((d) => {
  throw new Error(`unexpected decision ${d.kind} for seat ${d.seat}`);
});

export interface TestGameOptions {
  readonly factions?: readonly string[];
  readonly agents?: readonly Agent[];
  readonly seed?: number;
}

/**
 * A game with empty hands, an empty pool, and the deck in a known order
 * (every card not in a player's area or the box, sorted by id; the last one is drawn first).
 */
export function testGame(options: TestGameOptions = {}): Game {
  const factions = options.factions ?? ["new-york", "mutants-union"];
  const agents = options.agents ?? factions.map(() => silent);
  const game = newGame(registry, { seed: options.seed ?? 1, agents, factions });
  const s = game.state;
  for (const p of s.players) {
    s.deck.push(...p.hand);
    p.hand = [];
  }
  s.deck.sort();
  s.phase = "actions";
  return game;
}

/** Takes a card out of the deck (or discard) into a player's hand. */
export function giveCard(game: Game, seat: number, id: CardId): void {
  const s = game.state;
  for (const pile of [s.deck, s.discard, s.revealed]) {
    const i = pile.indexOf(id);
    if (i >= 0) {
      pile.splice(i, 1);
      s.players[seat]!.hand.push(id);
      return;
    }
  }
  throw new Error(`${id} is not in the deck, discard or revealed cards`);
}

/** Puts a card from the deck straight into a player's area as a Location (no cost, no effects). */
export function placeLocation(game: Game, seat: number, id: CardId): void {
  giveCard(game, seat, id);
  const p = game.state.players[seat]!;
  p.hand.splice(p.hand.indexOf(id), 1);
  p.locations.push({ card: id, resources: {}, vpTokens: [], deals: [], depot: {}, uses: 0, markers: [] });
}

export function player(game: Game, seat: number): PlayerState {
  return game.state.players[seat]!;
}

/** Every card id in the game, wherever it is: for "all 110 cards accounted for". */
export function allCardsIn(game: Game): CardId[] {
  const s = game.state;
  const ids: CardId[] = [...s.box, ...s.deck, ...s.discard, ...s.revealed];
  for (const p of s.players) {
    ids.push(p.base, ...p.hand, ...p.contacts.map((c) => c.card), ...p.baseDeals.map((d) => d.card));
    if (p.leader) ids.push(p.leader.card);
    for (const l of p.locations) ids.push(l.card, ...l.deals.map((d) => d.card));
  }
  return ids;
}

/**
 * A full game consistent with a player's view: the cards the player cannot
 * see (the deck and the other hands) are dealt at random from those not seen
 * anywhere, to the same sizes; the PRNG is a fresh one. A search bot plays
 * ahead on such games, never on the real one.
 */
import type { CardRegistry } from "../engine/definitions.js";
import type { Game } from "../engine/game.js";
import { cloneState } from "../engine/machine.js";
import { seedRng, shuffle, type Rng } from "../engine/rng.js";
import type { CardId, GameState, PlayerState } from "../engine/state.js";
import { playerWithHand, type PlayerView } from "../engine/view.js";

/** Every card the viewer can see somewhere: in the box, a pile on the table, any area in play, the viewer's hand. */
function seenCards(view: PlayerView): Set<CardId> {
  const seen = new Set<CardId>([...view.box, ...view.discard, ...view.revealed, ...view.hand]);
  for (const p of view.players) {
    seen.add(p.base);
    for (const c of p.contacts) seen.add(c.card);
    for (const d of p.baseDeals) seen.add(d.card);
    if (p.leader) seen.add(p.leader.card);
    for (const l of p.locations) {
      seen.add(l.card);
      for (const d of l.deals) seen.add(d.card);
    }
  }
  return seen;
}

export function determinize(view: PlayerView, cards: CardRegistry, rng: Rng): Game {
  const seen = seenCards(view);
  const hidden = shuffle(
    cards.cards.map((c) => c.id).filter((id) => !seen.has(id)),
    { a: rng.int(2 ** 32), b: rng.int(2 ** 32), c: rng.int(2 ** 32), d: rng.int(2 ** 32) },
  );
  const needed = view.deckSize + view.players.reduce((n, p) => n + (p.seat === view.seat ? 0 : p.handSize), 0);
  if (hidden.length !== needed) throw new Error(`determinize: ${hidden.length} unseen cards for ${needed} hidden places`);
  let next = 0;
  const players: PlayerState[] = view.players.map((p) => {
    const hand = p.seat === view.seat ? view.hand.slice() : hidden.slice(next, (next += p.handSize));
    return playerWithHand(p, hand);
  });
  const live: GameState = {
    players,
    box: view.box.slice(),
    deck: hidden.slice(next),
    discard: view.discard.slice(),
    revealed: view.revealed.slice(),
    supply: { ...view.supply },
    round: view.round,
    firstPlayer: view.firstPlayer,
    phase: view.phase,
    lastRound: view.lastRound,
    winners: view.winners.slice(),
    tieBreak: view.tieBreak.slice(),
    rng: seedRng(rng.int(2 ** 32)),
    agenda: view.agenda.slice(),
    pending: view.pending,
  };
  // The players' parts are the real game's (the view lends them): copy them before playing on.
  return { state: cloneState(live), cards, narrate: undefined };
}

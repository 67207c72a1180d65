/**
 * Phase 1, Lookout: 5 cards revealed, picked in the sequence the rulebook
 * gives for the player count (ruling 1: the English sequence for 3 players),
 * the last card discarded, then one card drawn each; the four Lookout
 * abilities change the picking.
 */
import type { LookoutAbility } from "./definitions.js";
import type { LookoutPick } from "./choices.js";
import { ask, cardName, location, seatName, type Game } from "./game.js";
import { drawCard, drawInto, handLimit } from "./tokens.js";

export const revealedCount = 5;

/** [seat offset from the first player, add a card from the deck after this pick]. */
export const pickSequences: Readonly<Record<number, readonly (readonly [number, boolean])[]>> = {
  2: [[0, false], [1, false], [0, false], [1, false]],
  3: [[0, false], [1, true], [2, false], [0, true], [1, false], [2, false]],
  4: [[0, false], [1, true], [2, true], [3, false], [0, true], [1, true], [2, false], [3, false]],
};

/** The Lookout abilities a player's trait Locations give. */
export function lookoutAbilities(game: Game, seat: number): Set<LookoutAbility> {
  const out = new Set<LookoutAbility>();
  for (const l of game.state.players[seat]!.locations) {
    const a = location(game, l.card).ability;
    if (a.pattern === "trait") for (const t of a.traits) if (t.kind === "lookout") out.add(t.ability);
  }
  return out;
}

function reveal(game: Game, count: number): void {
  for (let i = 0; i < count; i++) {
    const c = drawCard(game);
    if (c !== undefined) game.state.revealed.push(c);
  }
}

/** A card into the hand, or onto the discard pile at the hand limit. */
function takeIntoHand(game: Game, seat: number, card: string): void {
  const p = game.state.players[seat]!;
  if (p.hand.length >= handLimit) game.state.discard.push(card);
  else p.hand.push(card);
}

function pick(game: Game, seat: number, abilities: Set<LookoutAbility>): void {
  const s = game.state;
  // "If players run out of the revealed cards for any reason, they should draw further cards from the draw deck instead."
  if (s.revealed.length === 0) return drawInto(game, seat, 1);
  const choices: LookoutPick[] = s.revealed.map((card) => ({ kind: "take", card }));
  if (abilities.has("draw-instead")) choices.push({ kind: "draw-instead" });
  const choice = choices[ask(game, { kind: "lookout-pick", seat, choices })]!;
  if (choice.kind === "draw-instead") return drawInto(game, seat, 1);
  s.revealed.splice(s.revealed.indexOf(choice.card), 1);
  takeIntoHand(game, seat, choice.card);
  game.narrate(`  ${seatName(seat)} takes ${cardName(game, choice.card)}`);
}

export function runLookout(game: Game): void {
  const s = game.state;
  const n = s.players.length;
  s.phase = "lookout";
  reveal(game, revealedCount);
  const abilities = s.players.map((p) => lookoutAbilities(game, p.seat));
  const firstPickDone = new Set<number>();
  for (const [offset, add] of pickSequences[n]!) {
    const seat = (s.firstPlayer + offset) % n;
    pick(game, seat, abilities[seat]!);
    if (!firstPickDone.has(seat)) {
      firstPickDone.add(seat);
      if (abilities[seat]!.has("discard-after-first") && s.revealed.length > 0) {
        const choices = [...s.revealed];
        const c = choices[ask(game, { kind: "lookout-discard", seat, choices })]!;
        s.revealed.splice(s.revealed.indexOf(c), 1);
        s.discard.push(c);
      }
    }
    if (add) reveal(game, 1);
  }
  // The last card: taken by a player with "take-leftover" (the first in turn order), else discarded.
  const leftover = s.revealed.splice(0);
  for (let i = 0; i < n; i++) {
    const seat = (s.firstPlayer + i) % n;
    if (!abilities[seat]!.has("take-leftover")) continue;
    if (leftover.length > 0) takeIntoHand(game, seat, leftover.shift()!);
    else drawInto(game, seat, 1);
  }
  s.discard.push(...leftover);
  // "At the end of the Lookout Phase, each player draws one card from the draw deck."
  for (let i = 0; i < n; i++) {
    const seat = (s.firstPlayer + i) % n;
    if (!abilities[seat]!.has("draw-two-keep-one")) {
      drawInto(game, seat, 1);
      continue;
    }
    // The two cards lie face up among the revealed ones while the player chooses.
    const drawn = [drawCard(game), drawCard(game)].filter((c): c is string => c !== undefined);
    if (drawn.length === 0) continue;
    s.revealed.push(...drawn);
    const keep = drawn[ask(game, { kind: "lookout-keep", seat, choices: drawn })]!;
    s.revealed = [];
    takeIntoHand(game, seat, keep);
    s.discard.push(...drawn.filter((c) => c !== keep));
  }
}

/**
 * Phase 1, Lookout: 5 cards revealed, picked in the sequence the rulebook
 * gives for the player count (ruling 1: the English sequence for 3 players),
 * the last card discarded, then one card drawn each; the four Lookout
 * abilities change the picking (rulings in docs/engine-rulings.md).
 */
import type { Decision, LookoutPick } from "./choices.js";
import type { LookoutAbility } from "./definitions.js";
import { abilitiesInPlay, cardName, ruleLimit, say, seatName, type Game } from "./game.js";
import type { CardId } from "./state.js";
import { schedule, type Task } from "./tasks.js";
import { drawCard, drawInto, takeIntoHand } from "./tokens.js";

export const revealedCount = 5;

/** [seat offset from the first player, add a card from the deck after this pick]. */
export const pickSequences: Readonly<Record<number, readonly (readonly [number, boolean])[]>> = {
  2: [[0, false], [1, false], [0, false], [1, false]],
  3: [[0, false], [1, true], [2, false], [0, true], [1, false], [2, false]],
  4: [[0, false], [1, true], [2, true], [3, false], [0, true], [1, true], [2, false], [3, false]],
};

/** Whether a player's trait Locations, or their Base's power, give a Lookout ability. */
export function hasLookout(game: Game, seat: number, ability: LookoutAbility): boolean {
  return abilitiesInPlay(game, seat).some((f) => f.lookout.has(ability));
}

/** The Lookout's tasks, in order. */
export function lookoutTasks(game: Game): Task[] {
  const s = game.state;
  const n = s.players.length;
  for (const p of s.players) p.drewInstead = false;
  const tasks: Task[] = [{ kind: "reveal", count: revealedCount }];
  const firstDone = new Set<number>();
  for (const [offset, add] of pickSequences[n]!) {
    const seat = (s.firstPlayer + offset) % n;
    tasks.push({ kind: "lookout-pick", seat, first: !firstDone.has(seat) });
    firstDone.add(seat);
    if (add) tasks.push({ kind: "reveal", count: 1 });
  }
  tasks.push({ kind: "lookout-leftover" });
  for (let i = 0; i < n; i++) tasks.push({ kind: "lookout-draw", seat: (s.firstPlayer + i) % n });
  return tasks;
}

export function reveal(game: Game, t: Extract<Task, { kind: "reveal" }>): undefined {
  const s = game.state;
  for (let i = 0; i < t.count; i++) {
    const c = drawCard(s);
    if (c !== undefined) s.revealed.push(c);
  }
  return undefined;
}

/** A card into a player's hand in the Lookout, where their hand limit holds (a card past it is discarded). */
function take(game: Game, seat: number, card: CardId): void {
  takeIntoHand(game.state, seat, card, ruleLimit(game, seat, "hand"));
}

/** The top card of the deck into a player's hand in the Lookout (see `take`). */
function drawOne(game: Game, seat: number): void {
  drawInto(game.state, seat, 1, ruleLimit(game, seat, "hand"));
}

export function lookoutPick(game: Game, t: Extract<Task, { kind: "lookout-pick" }>): Decision | undefined {
  const s = game.state;
  // "If players run out of the revealed cards for any reason, they should draw further cards from the draw deck instead."
  if (s.revealed.length === 0) {
    drawOne(game, t.seat);
    return undefined;
  }
  const choices: LookoutPick[] = s.revealed.map((card) => ({ kind: "take", card }));
  // "You can draw one card from the draw deck instead of selecting one of the revealed cards": one card, once a Lookout.
  if (!s.players[t.seat]!.drewInstead && hasLookout(game, t.seat, "draw-instead")) choices.push({ kind: "draw-instead" });
  if (t.first && hasLookout(game, t.seat, "discard-after-first")) schedule(s.agenda, { kind: "lookout-discard", seat: t.seat });
  return { kind: "lookout-pick", seat: t.seat, choices };
}

export function resolveLookoutPick(game: Game, d: Extract<Decision, { kind: "lookout-pick" }>, c: LookoutPick): void {
  const s = game.state;
  if (c.kind === "draw-instead") {
    s.players[d.seat]!.drewInstead = true;
    drawOne(game, d.seat);
    say(game, () => `  ${seatName(d.seat)} draws from the deck instead`);
    return;
  }
  s.revealed.splice(s.revealed.indexOf(c.card), 1);
  take(game, d.seat, c.card);
  say(game, () => `  ${seatName(d.seat)} takes ${cardName(game, c.card)}`);
}

/** "After selecting your first card, discard one of the remaining cards revealed on the table." */
export function lookoutDiscard(game: Game, t: Extract<Task, { kind: "lookout-discard" }>): Decision | undefined {
  const s = game.state;
  if (s.revealed.length === 0) return undefined;
  return { kind: "lookout-discard", seat: t.seat, choices: [...s.revealed] };
}

export function resolveLookoutDiscard(game: Game, _d: Extract<Decision, { kind: "lookout-discard" }>, c: CardId): void {
  const s = game.state;
  s.revealed.splice(s.revealed.indexOf(c), 1);
  s.discard.push(c);
}

/**
 * "At the end of the Lookout Phase take the last (unselected) card left on
 * the table. If there are no more cards left, then draw a card": the first
 * player in turn order with the ability takes it (choosing, if a draw-instead
 * left more than one); what is left is discarded.
 */
export function lookoutLeftover(game: Game): Decision | undefined {
  const s = game.state;
  const n = s.players.length;
  for (let i = 0; i < n; i++) {
    const seat = (s.firstPlayer + i) % n;
    if (!hasLookout(game, seat, "take-leftover")) continue;
    if (s.revealed.length === 0) {
      drawOne(game, seat);
      return undefined;
    }
    return { kind: "lookout-keep", seat, choices: [...s.revealed] };
  }
  s.discard.push(...s.revealed.splice(0));
  return undefined;
}

/** "At the end of the Lookout Phase, each player draws one card" (two, keeping one, with the ability). */
export function lookoutDraw(game: Game, t: Extract<Task, { kind: "lookout-draw" }>): Decision | undefined {
  const s = game.state;
  if (!hasLookout(game, t.seat, "draw-two-keep-one")) {
    drawOne(game, t.seat);
    return undefined;
  }
  // The two cards lie face up while the player chooses (ruling 21).
  for (let i = 0; i < 2; i++) {
    const c = drawCard(s);
    if (c !== undefined) s.revealed.push(c);
  }
  if (s.revealed.length === 0) return undefined;
  return { kind: "lookout-keep", seat: t.seat, choices: [...s.revealed] };
}

/** One of the cards on the table into the hand; the others are discarded. */
export function resolveLookoutKeep(game: Game, d: Extract<Decision, { kind: "lookout-keep" }>, c: CardId): void {
  const s = game.state;
  const rest = s.revealed.splice(0).filter((x) => x !== c);
  take(game, d.seat, c);
  s.discard.push(...rest);
  say(game, () => `  ${seatName(d.seat)} keeps ${cardName(game, c)}`);
}

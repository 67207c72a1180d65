/**
 * The `after` construct's events (src/constructs/traits/after.ts) reaching a
 * player's cards in play: their Leader's trigger and their Locations' `after`
 * traits, read from the card facts. What each trigger fires on is the
 * construct's; which cards hear an event, and where their gains go, is here.
 */
import type { GameEvent, PlayedBy, TriggerFact } from "../constructs/traits/after.js";
import { cardFacts } from "./facts.js";
import { cardName, locationFacts, say, seatName, type Game } from "./game.js";
import type { CardId } from "./state.js";
import type { GiveTarget } from "./tasks.js";
import { giveAll } from "./tokens.js";

export const productionDone: GameEvent = Object.freeze({ on: "production" });
export const passed: GameEvent = Object.freeze({ on: "pass" });

const onLeader: GiveTarget = Object.freeze({ to: "leader" });

const onPower: GiveTarget = Object.freeze({ to: "power" });

/** One card's triggers that fire on the event, giving to the card they are on (`to`). */
function fire(game: Game, seat: number, card: CardId, triggers: readonly TriggerFact[], event: GameEvent, to: GiveTarget): void {
  for (let i = 0; i < triggers.length; i++) {
    const t = triggers[i]!;
    if (!t.fires(event)) continue;
    giveAll(game, seat, to, t.steps);
    say(game, () => `  ${cardName(game, card)} scores for ${seatName(seat)}`);
  }
}

/**
 * An event of one player reaches their Leader, then their Locations in play
 * left to right, then their Base's power (ruling 37); the Location at
 * `arriving` is the card the event brings into play and does not hear it
 * (ruling 36). A Leader's gains go on the Leader; a
 * Location's on the Location (its VP, at most 3; its resources to the pool
 * unless it keeps them).
 */
export function fireTriggers(game: Game, seat: number, event: GameEvent, arriving = -1): void {
  const p = game.state.players[seat]!;
  const facts = cardFacts(game.cards);
  if (p.leader) fire(game, seat, p.leader.card, facts.leaders.get(p.leader.card)!.triggers, event, onLeader);
  // No Location or Base power of the set has an `after` trait (the base set's triggers are all Leaders'): none to walk.
  if (!facts.setHas.locationTriggers) return;
  for (let index = 0; index < p.locations.length; index++) {
    if (index === arriving) continue;
    const card = p.locations[index]!.card;
    const triggers = facts.locations.get(card)!.triggers;
    if (triggers.length > 0) fire(game, seat, card, triggers, event, { to: "location", index });
  }
  const power = facts.powers.get(p.base);
  if (power) fire(game, seat, p.base, power.triggers, event, onPower);
}

/** Whether any card of a player could hear an event: their Leader's triggers, or a Location's when the set has any. */
function listening(game: Game, seat: number): boolean {
  const p = game.state.players[seat]!;
  const facts = cardFacts(game.cards);
  return facts.setHas.locationTriggers || (p.leader !== undefined && facts.leaders.get(p.leader.card)!.triggers.length > 0);
}

/** A Location card played one of the four ways ("There are four ways of putting Location cards into play"). */
export function playedLocation(game: Game, seat: number, id: CardId, by: PlayedBy, arriving = -1): void {
  // Most plays reach no trigger (no Leader, or one that is not a trigger): no event to make.
  if (!listening(game, seat)) return;
  const def = locationFacts(game, id).def;
  fireTriggers(game, seat, { on: "play", by, types: def.types, distance: def.distance }, arriving);
}

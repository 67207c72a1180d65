/**
 * A game: its state (plain data, everything the game is) and the compiled
 * card set it plays with, plus an optional narrator for `state51 play`.
 * Card lookups by id live here.
 */
import type { BaseDef, CardDef, CardRegistry, ContactDef, LeaderDef, LocationDef } from "./definitions.js";
import { limitTargets, type LimitTarget } from "../constructs/traits/limit.js";
import { cardFacts, type AbilityFacts, type CardFacts, type LeaderFacts, type LocationFacts } from "./facts.js";
import type { CardId, GameState } from "./state.js";
import { packedMap } from "./packed.js";

export interface Game {
  readonly state: GameState;
  readonly cards: CardRegistry;
  /** A readable account of what happens, for `state51 play`; not part of the state. */
  readonly narrate: ((line: string) => void) | undefined;
}

/** A rule broken by the caller (an answer out of range, a state the rules cannot reach): a bug or a bad log, never an input the rules allow. */
export class RuleError extends Error {}

export function card(game: Game, id: CardId): CardDef {
  const def = game.cards.byId.get(id);
  if (!def) throw new RuleError(`unknown card "${id}"`);
  return def;
}

/** A card that must be of one kind (the state refers to cards by id). */
function cardOfKind<K extends CardDef["kind"]>(game: Game, id: CardId, kind: K): Extract<CardDef, { kind: K }> {
  const def = game.cards.byId.get(id);
  if (def === undefined || def.kind !== kind) throw new RuleError(def ? `"${id}" is not a ${kind}` : `unknown card "${id}"`);
  return def as Extract<CardDef, { kind: K }>;
}

export const location = (game: Game, id: CardId): LocationDef => cardOfKind(game, id, "location");
export const leader = (game: Game, id: CardId): LeaderDef => cardOfKind(game, id, "leader");
export const contact = (game: Game, id: CardId): ContactDef => cardOfKind(game, id, "contact");
export const base = (game: Game, id: CardId): BaseDef => cardOfKind(game, id, "base");

/** A Location's facts (facts.ts): its definition and what the rules ask of it again and again. */
export function locationFacts(game: Game, id: CardId): LocationFacts {
  const f = cardFacts(game.cards).locations.get(id);
  if (f === undefined) location(game, id); // throws the RuleError that says what the card is
  return f!;
}

/** A Leader's facts (facts.ts): its definition, its one-time-only icon's steps, its trigger or action. */
export function leaderFacts(game: Game, id: CardId): LeaderFacts {
  const f = cardFacts(game.cards).leaders.get(id);
  if (f === undefined) leader(game, id); // throws the RuleError that says what the card is
  return f!;
}

/** The faction power of a player's Base, as facts, or undefined when the Base has none (every base-set Base). */
export function powerFacts(game: Game, seat: number): AbilityFacts | undefined {
  return cardFacts(game.cards).powers.get(game.state.players[seat]!.base);
}

/**
 * Every grey part a player's traits are read from: each Location in their
 * play area, and their Base's power (ruling 37). Whatever a trait does on a
 * Location in play it does on the Base, so the rules read them together.
 */
export function abilitiesInPlay(game: Game, seat: number): AbilityFacts[] {
  const out: AbilityFacts[] = packedMap(game.state.players[seat]!.locations, (l) => locationFacts(game, l.card));
  const power = powerFacts(game, seat);
  if (power) out.push(power);
  return out;
}

/** A base-game limit for one player: the rulebook's, or the most generous a card of theirs in play sets (`limit` traits; ruling 31). */
export function ruleLimit(game: Game, seat: number, target: LimitTarget): number {
  const set = cardFacts(game.cards);
  // Asked at every Lookout pick and Clean-up: a set with no such limit needs no look at the cards in play.
  if (!set.setHas.limits.has(target)) return limitTargets[target].base;
  return limitAmong(set, abilitiesInPlay(game, seat), undefined, target);
}

/** `ruleLimit` over Locations already looked up (the legal actions hold their facts) and the Base's power, if any. */
export function limitAmong(set: CardFacts, inPlay: readonly AbilityFacts[], power: AbilityFacts | undefined, target: LimitTarget): number {
  if (!set.setHas.limits.has(target)) return limitTargets[target].base;
  let n: number | undefined;
  for (const f of inPlay) n = moreGenerous(n, f.limits[target]);
  if (power) n = moreGenerous(n, power.limits[target]);
  // A card's limit replaces the rulebook's, lower or higher; among several cards the most generous.
  return n ?? limitTargets[target].base;
}

function moreGenerous(n: number | undefined, set: number | undefined): number | undefined {
  return set === undefined ? n : Math.max(n ?? set, set);
}

/** "Player A" for seat 0: how the account and the CLI name players. */
export function seatName(seat: number): string {
  return `Player ${String.fromCharCode(65 + seat)}`;
}

export function cardName(game: Game, id: CardId): string {
  return card(game, id).name.en;
}

/** `n` of a resource as the account of a game tells it: "1 Building Material", the vocabulary's name (its id when it has none). */
export function resourceCount(game: Game, resource: string, n: number): string {
  const names = game.cards.resourceNames;
  return `${n} ${Object.hasOwn(names, resource) ? names[resource]![n === 1 ? "one" : "other"] : resource}`;
}

export function say(game: Game, line: () => string): void {
  if (game.narrate) game.narrate(line());
}

/**
 * One checked card as the object literal of its definition type
 * (BaseDef, ContactDef, LeaderDef, LocationDef), fields in the order the
 * interfaces declare them.
 */
import type { BaseCard, Card, ContactCard, Effect, LeaderCard, LocationCard } from "../check/model.js";
import { statementPieces } from "../constructs/statements/index.js";
import { array, int, object, optional, str, undef, withCalls, type Expr } from "./code.js";
import { costFunction, gainsFunction, leaderAbility, locationAbility, propertiesOf } from "./emit-abilities.js";

export type CardKind = Card["kind"];

/** What each kind compiles to: the definition type, and the file (and list) name of its module. */
export const kindInfo: { readonly [K in CardKind]: { readonly type: string; readonly plural: string; readonly title: string } } = {
  base: { type: "BaseDef", plural: "bases", title: "Bases" },
  contact: { type: "ContactDef", plural: "contacts", title: "Contacts" },
  leader: { type: "LeaderDef", plural: "leaders", title: "Leaders" },
  location: { type: "LocationDef", plural: "locations", title: "Locations" },
};

/** Kinds in the order modules and the registry list them. */
export const kindOrder: readonly CardKind[] = ["base", "contact", "leader", "location"];

export function localName(name: Card["name"]): Expr {
  return object([["en", str(name.en)], ["fr", str(name.fr)]]);
}

/** id, kind, name, set: what every definition starts with. */
function common(card: Card): (readonly [string, Expr])[] {
  return [["id", str(card.id)], ["kind", str(card.kind)], ["name", localName(card.name)], ["set", str(card.set)]];
}

export function baseCard(card: BaseCard): Expr {
  return object([
    ...common(card),
    ["faction", str(card.faction)],
    // Its `produce` statement's code (src/constructs/statements/produce.ts): a Base's production has no cost.
    ...propertiesOf(statementPieces.emit("produce", { produce: card.produce })),
    ["slots", int(card.slots)],
    // Left out, not `undefined`, when there is none: a Base without a power compiles as it always has.
    ...(card.power ? [["power", locationAbility(card.power)] as const] : []),
  ]);
}

export function contactCard(card: ContactCard): Expr {
  return object([
    ...common(card),
    ["use", str(card.use)],
    ["faction", optional(card.faction, str)],
    ["colour", str(card.colour)],
    ["range", int(card.range)],
    ["price", costFunction(card.price)],
  ]);
}

/** The one-time-only icon's code (src/constructs/statements/once.ts), or `undefined` when the card has none. */
function once(effects: readonly Effect[]): Expr {
  return effects.length === 0 ? undef : statementPieces.emit("once", effects);
}

export function leaderCard(card: LeaderCard): Expr {
  return object([
    ...common(card),
    ["resources", gainsFunction(card.resources)],
    ["once", once(card.once)],
    ["ability", leaderAbility(card.ability)],
  ]);
}

export function locationCard(card: LocationCard): Expr {
  return object([
    ...common(card),
    ["distance", int(card.distance)],
    ["types", array(card.types.map(str))],
    ["spoils", statementPieces.emit("gain", card.spoils)],
    ["agreement", statementPieces.emit("gain", card.agreement)],
    ["ability", locationAbility(card.ability)],
    ["once", once(card.once)],
    // The keep icon's code (src/constructs/statements/keep.ts), or `undefined` for none.
    ["keep", optional(card.keep, (k) => statementPieces.emit("keep", k))],
  ]);
}

/** Any card as its definition's object literal, each function beside its calls as data (`withCalls`). */
export function cardLiteral(card: Card): Expr {
  return withCalls(cardFields(card));
}

function cardFields(card: Card): Expr {
  switch (card.kind) {
    case "base":
      return baseCard(card);
    case "contact":
      return contactCard(card);
    case "leader":
      return leaderCard(card);
    case "location":
      return locationCard(card);
  }
}

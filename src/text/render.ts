/**
 * Card text from the checked model: one walker for every kind of card, the
 * words from a language's phrasebook and the vocabulary. The text is never
 * written by hand per card, so it cannot drift from what the engine does.
 */
import type { Card, LocationAbility, LocationCard } from "../check/model.js";
import { traitConstructs, traitPieces } from "../constructs/traits/index.js";
import { statementPieces } from "../constructs/statements/index.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { languagePacks } from "./packs.js";
import type { Phrasebook } from "./phrasebook.js";
import { term, termName, type Lang } from "./words.js";

/** The printed parts of a card, each one block of text. */
export type PartName = "spoils" | "agreement" | "ability" | "production" | "contact" | "resources";
/** In the order they are printed: a Leader's resources before its ability. */
export const partNames: readonly PartName[] = ["resources", "production", "contact", "spoils", "agreement", "ability"];

export interface CardText {
  readonly id: string;
  readonly kind: Card["kind"];
  readonly lang: Lang;
  readonly name: string;
  /** "Location", "Lieu"… */
  readonly kindName: string;
  readonly distance?: number;
  /** Card type names (Locations), in the card's order. */
  readonly types: readonly string[];
  /** The pattern's name (Locations). */
  readonly pattern?: string;
  /** The faction's name (Bases, permanent Contacts). */
  readonly faction?: string;
  readonly parts: Readonly<Partial<Record<PartName, string>>>;
}

/** A grey part's sentences: a Location's by its pattern, and a Base's power, which has a Location's shape. */
function patternLines(book: Phrasebook, a: LocationAbility): string[] {
  if (a.pattern === "action") return [a.work.kind === "combo" ? statementPieces.text("combo", a.work, book) : statementPieces.text("action", a.work, book)];
  if (a.pattern === "trait") return a.traits.map((t) => traitPieces.text(t, book));
  const production = statementPieces.text("produce", a, book);
  return production ? [production] : [];
}

/** What happens when the card enters play, said first: it comes before anything else the card does. */
function entry(book: Phrasebook, once: LocationCard["once"]): string[] {
  return once.length > 0 ? [statementPieces.text("once", once, book)] : [];
}

function locationAbility(book: Phrasebook, card: LocationCard): string {
  const lines = [...entry(book, card.once), ...patternLines(book, card.ability)];
  if (card.keep) lines.push(statementPieces.text("keep", card.keep, book));
  return lines.join(" ");
}

function parts(book: Phrasebook, card: Card): Partial<Record<PartName, string>> {
  switch (card.kind) {
    case "base":
      return {
        production: `${statementPieces.text("produce", { produce: card.produce }, book)} ${book.baseSlots(card.slots)}`,
        ...(card.power ? { ability: patternLines(book, card.power).join(" ") } : {}),
      };
    case "contact":
      return { contact: book.contact(card) };
    case "leader": {
      const a = card.ability;
      const ability = [...entry(book, card.once), a.kind === "after" ? traitConstructs.after.text[book.lang](a, book) : statementPieces.text("action", a, book)].join(" ");
      return { ...(card.resources.length ? { resources: book.leaderResources(card.resources) } : {}), ability };
    }
    case "location":
      return { spoils: statementPieces.text("gain", card.spoils, book), agreement: statementPieces.text("gain", card.agreement, book), ability: locationAbility(book, card) };
  }
}

export interface TextRenderer {
  readonly lang: Lang;
  card(card: Card): CardText;
}

export function textRenderer(vocabulary: Vocabulary, lang: Lang): TextRenderer {
  const pack = languagePacks[lang];
  const book = pack.phrasebook(vocabulary);
  const finish = pack.typography;
  return {
    lang,
    card(card) {
      const raw = parts(book, card);
      const done: Partial<Record<PartName, string>> = {};
      for (const name of partNames) if (raw[name] !== undefined) done[name] = finish(raw[name]!);
      const faction = card.kind === "base" || (card.kind === "contact" && card.faction) ? finish(termName(term(vocabulary, "factions", (card as { faction: string }).faction), lang)) : undefined;
      return {
        id: card.id,
        kind: card.kind,
        lang,
        // The name and headline are printed too: the language's typography is theirs as well (« Purificateur d’eau »).
        name: finish(card.name[lang]),
        kindName: finish(book.kind(card.kind)),
        ...(card.kind === "location" ? { distance: card.distance, pattern: finish(book.pattern(card.ability.pattern)) } : {}),
        types: card.kind === "location" ? card.types.map((t) => finish(termName(term(vocabulary, "cardTypes", t), lang))) : [],
        ...(faction ? { faction } : {}),
        parts: done,
      };
    },
  };
}

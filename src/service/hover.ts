/**
 * Hover in a card file: on a card, the text it will print in English and in
 * French (rendered from the checked card, as `state51 text` writes it); on a
 * word of the card language or an id, its vocabulary entry, above the card's text.
 */
import type { MarkupContent } from "vscode-languageserver";
import type { Card } from "../check/model.js";
import { namespaceNoun, type Vocabulary } from "../check/vocabulary.js";
import { escapeMarkdown } from "../text/escape.js";
import { cardMarkdown } from "../text/markdown.js";
import { textRenderer } from "../text/render.js";
import { languageNames, langs } from "../text/words.js";
import { targetsAt, type Target } from "./definition.js";
import type { Place } from "./locate.js";

/** A card's printed text in both languages, as Markdown. */
export function cardTextMarkdown(card: Card, vocabulary: Vocabulary): string {
  return langs.map((lang) => `**${languageNames[lang]}**\n\n${cardMarkdown(textRenderer(vocabulary, lang).card(card))}`).join("\n---\n\n");
}

const code = (s: string): string => `\`${s.replace(/`/g, "'")}\``;

/** A vocabulary entry or Lookout ability, as Markdown: what it is, how it is written, its names. */
export function targetMarkdown(target: Target, vocabulary: Vocabulary): string | undefined {
  if (target.kind === "card") return undefined;
  if (target.kind === "lookout") {
    const entry = vocabulary.lookoutAbilities.get(target.id);
    if (entry === undefined) return undefined;
    return [`**Lookout ability** ${code(entry.id)}`, ...langs.map((l) => `- ${languageNames[l]}: ${escapeMarkdown(entry.text[l])}`)].join("\n");
  }
  const term = vocabulary[target.namespace].get(target.id);
  if (term === undefined) return undefined;
  const fr = term.fr;
  const french = `${escapeMarkdown(fr.one)} / ${escapeMarkdown(fr.other)} (${fr.gender}${fr.elision ? ", elision" : ""})`;
  return [
    `**${namespaceNoun[target.namespace]}** ${code(term.id)}${term.words ? ` — written ${term.words.map(code).join(", ")}` : ""}`,
    `- English: ${escapeMarkdown(term.en.one)} / ${escapeMarkdown(term.en.other)}`,
    `- French: ${french}`,
  ].join("\n");
}

/** What to show on hover at `place`; `cards` are the set's checked cards. */
export function hoverMarkdown(place: Place, cards: readonly Card[], vocabulary: Vocabulary): MarkupContent | undefined {
  if (place.kind !== "card-value" && place.kind !== "card-key") return undefined;
  const entries = place.kind === "card-value" ? targetsAt(place, vocabulary).flatMap((t) => targetMarkdown(t, vocabulary) ?? []) : [];
  const id = place.card.id;
  const card = id === undefined ? undefined : cards.find((c) => c.id === id);
  const text =
    card !== undefined
      ? cardTextMarkdown(card, vocabulary)
      : id === undefined
        ? undefined
        : `*${escapeMarkdown(id)}: no printed text while the card has errors*`;
  const parts = [...entries, ...(text === undefined ? [] : [text])];
  return parts.length === 0 ? undefined : { kind: "markdown", value: parts.join("\n\n---\n\n") };
}

/**
 * One card as HTML, 63 × 88 mm: a coloured head (distance, name, type icons),
 * a line with the card's kind and faction or types, an emblem area that
 * gives way when the text is long, and the card's parts: for a Location the
 * grey ability (with its pattern icon), the red Spoils and the blue Agreement;
 * for a Base its production, then its faction power if it has one.
 *
 * The words come from the text renderer (`CardText`); the model card gives
 * what the text does not carry as ids (card types, pattern, colours) for the
 * icons, and the vocabulary each card type's chosen icon and colour. Every
 * string is escaped. Elements marked `data-fit` are the ones the
 * fit check (fit.ts) measures for overflow.
 */
import type { Card } from "../check/model.js";
import { partLabels } from "../text/markdown.js";
import type { CardText, PartName } from "../text/render.js";
import { escapeHtml } from "./html.js";
import { baseIcon, contactColour, contactToken, factionColour, leaderIcon, patternIcon, typeIcon, type TypeLook } from "./icons.js";

/** Each card type's icon and colour as its vocabulary entry gives them (the vocabulary's `cardTypes`). */
export type TypeLooks = ReadonlyMap<string, TypeLook>;

/** The head's colour for each kind (contacts and Bases take their contact colour or faction's). */
const headColours = { location: "#3a3129", leader: "#7a5a10" } as const;

function headColour(card: Card): string {
  switch (card.kind) {
    case "location":
    case "leader":
      return headColours[card.kind];
    case "contact":
      return contactColour(card.colour);
    case "base":
      return factionColour(card.faction);
  }
}

/** The order parts are printed in: a Location's grey ability first, as on the real cards; a Base's production before its power. */
const partOrder: readonly PartName[] = ["resources", "production", "ability", "contact", "spoils", "agreement"];

function label(card: Card, text: CardText, part: PartName): string {
  const name = escapeHtml(partLabels[text.lang][part]);
  if (part !== "ability") return `<span>${name}</span>`;
  if (card.kind === "location" && text.pattern !== undefined) {
    return `${patternIcon(card.ability.pattern, text.pattern)}<span>${escapeHtml(text.pattern)}</span>`;
  }
  if (card.kind === "leader" && card.ability.kind === "action") return `${patternIcon("action", partLabels[text.lang].ability)}<span>${name}</span>`;
  // A Base's power is an action or traits: the icon of that pattern, as on a Location.
  if (card.kind === "base" && card.power) return `${patternIcon(card.power.pattern, partLabels[text.lang].ability)}<span>${name}</span>`;
  return `<span>${name}</span>`;
}

function parts(card: Card, text: CardText): string {
  return partOrder
    .filter((p) => text.parts[p] !== undefined)
    .map(
      (p) =>
        `<section class="part ${p}" data-fit><h3 class="label" data-fit>${label(card, text, p)}</h3>` +
        `<p class="txt" data-fit>${escapeHtml(text.parts[p]!)}</p></section>`,
    )
    .join("");
}

/** The kind, then the types (Locations) or the faction (Bases, permanent Contacts). */
function meta(text: CardText): string {
  const bits = [text.kindName, ...(text.types.length > 0 ? [text.types.join(", ")] : []), ...(text.faction !== undefined ? [text.faction] : [])];
  return bits.map(escapeHtml).join(" · ");
}

/** The big emblem in the middle: the Location's type icons, a crown, a contact token, a fort. */
function emblem(card: Card, text: CardText, looks: TypeLooks): string {
  switch (card.kind) {
    case "location":
      return card.types.map((t, i) => typeIcon(t, text.types[i] ?? t, { decorative: true, look: looks.get(t) })).join("");
    case "leader":
      return leaderIcon();
    case "contact":
      return contactToken(card.colour, card.range);
    case "base":
      return baseIcon();
  }
}

/** One card, 63 × 88 mm; `looks` gives its types' icons and colours. */
export function cardHtml(card: Card, text: CardText, looks: TypeLooks): string {
  const distance =
    text.distance === undefined ? "" : `<span class="dist" role="img" aria-label="distance ${text.distance}" title="distance ${text.distance}">${text.distance}</span>`;
  const types =
    card.kind === "location" && card.types.length > 0
      ? `<span class="types">${card.types.map((t, i) => typeIcon(t, text.types[i] ?? t, { look: looks.get(t) })).join("")}</span>`
      : "";
  return (
    `<article class="card kind-${card.kind}" data-id="${escapeHtml(card.id)}" style="--head:${headColour(card)}">` +
    `<div class="frame" data-fit>` +
    `<header class="head" data-fit>${distance}<h2 class="name" data-fit>${escapeHtml(text.name)}</h2>${types}</header>` +
    `<div class="meta" data-fit>${meta(text)}</div>` +
    `<div class="art">${emblem(card, text, looks)}</div>` +
    `<div class="parts" data-fit>${parts(card, text)}</div>` +
    `<footer class="foot" data-fit>${escapeHtml(card.id)}</footer>` +
    `</div></article>`
  );
}

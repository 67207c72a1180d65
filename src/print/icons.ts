/**
 * The sheet's icons as inline SVG strings: one per card type, one per Location
 * pattern, and the emblems of the other kinds. Every icon is a 24 × 24 view
 * box drawn with a few plain shapes, so it stays recognisable at 5 mm, and
 * carries its name as <title> and aria-label (or is aria-hidden when it only
 * decorates something already said in words).
 */
import type { Pattern } from "../check/model.js";
import type { TypeIconData } from "../schema/card-file.js";
import { defaultGlyph, glyphSvg, tileLetter } from "./glyphs.js";
import { colourFor, escapeHtml, num } from "./html.js";

/** Tile colours of the base set's card types (and resources of the same names). */
export const typeColours: Readonly<Record<string, string>> = {
  scrap: "#66727f",
  fuel: "#1f1f1f",
  weapons: "#b8322a",
  "building-material": "#c8701e",
  universal: "#7a4eb0",
};

/** The contact colours: red Conquest, blue Cooperation, grey Incorporation, gold Universal. */
export const contactColours: Readonly<Record<string, string>> = {
  conquest: "#b8322a",
  cooperation: "#1f5fae",
  incorporation: "#5e6670",
  universal: "#a07a12",
};

export const factionColours: Readonly<Record<string, string>> = {
  "new-york": "#2c5c8f",
  "appalachian-federation": "#3f7332",
  "merchants-guild": "#a8741a",
  "mutants-union": "#7d3a86",
};

/** Colours for ids an expansion adds (picked by a hash of the id). */
export const extraPalette: readonly string[] = ["#4b6b8a", "#7a5230", "#2f7a6d", "#8a3b5c", "#5a5f1e", "#3d4f9e"];

/** A table's own colour for `id`, else one from the palette: never an Object property (an expansion may name a faction `constructor`). */
const colourOf = (table: Readonly<Record<string, string>>, id: string): string => (Object.hasOwn(table, id) ? table[id]! : colourFor(id, extraPalette));

export const typeColour = (id: string): string => colourOf(typeColours, id);
export const contactColour = (id: string): string => colourOf(contactColours, id);
export const factionColour = (id: string): string => colourOf(factionColours, id);

interface SvgOptions {
  readonly className: string;
  /** The icon's name, shown as a tooltip and read by screen readers; none: decorative. */
  readonly label?: string;
}

function svg(body: string, { className, label }: SvgOptions): string {
  const a11y = label === undefined ? ` aria-hidden="true"` : ` role="img" aria-label="${escapeHtml(label)}"`;
  const title = label === undefined ? "" : `<title>${escapeHtml(label)}</title>`;
  return `<svg class="${className}" viewBox="0 0 24 24"${a11y}>${title}${body}</svg>`;
}

/** What a card type's vocabulary entry says about its icon: both optional, the defaults are the sheet's own. */
export interface TypeLook {
  readonly icon?: TypeIconData;
  readonly colour?: string | null;
}

/** The white glyph on a type's tile: the named glyph, the designer's path, the id's own glyph, or the name's initial. */
function tileGlyph(id: string, label: string, tile: string, icon: TypeIconData | undefined): string {
  if (icon?.path !== undefined) return `<path fill="#fff" d="${escapeHtml(icon.path)}"/>`;
  const named = icon?.glyph ?? defaultGlyph(id);
  return (
    (named === undefined ? undefined : glyphSvg(named, tile)) ??
    `<text x="12" y="16.6" text-anchor="middle" font-size="13" font-weight="bold" fill="#fff">${escapeHtml(tileLetter(label))}</text>`
  );
}

/**
 * A card type's icon: a coloured tile with a white glyph. The type's
 * vocabulary entry may choose both (`look`, checked by src/check/type-icons.ts);
 * otherwise a base type gets its own glyph and colour, and an expansion's a
 * tile with its name's first letter in a colour picked by its id.
 */
export function typeIcon(id: string, label: string, options: { readonly decorative?: boolean; readonly look?: TypeLook | undefined } = {}): string {
  const colour = escapeHtml(options.look?.colour ?? typeColour(id));
  const tile = `<rect x="1" y="1" width="22" height="22" rx="5" fill="${colour}" stroke="#fff" stroke-width="1.2"/>`;
  const glyph = tileGlyph(id, label, colour, options.look?.icon);
  return svg(tile + glyph, { className: `icon type type-${escapeHtml(id)}`, ...(options.decorative ? {} : { label }) });
}

const worker = `<circle cx="12" cy="6.4" r="3.4"/><path d="M5.4 21v-4.3c0-3.6 2.9-6.4 6.6-6.4s6.6 2.8 6.6 6.4V21z"/>`;

const patternBodies: Readonly<Record<Pattern, string>> = {
  // A Worker: the card is used by sending Workers to it.
  action: `<g fill="currentColor">${worker}</g>`,
  // A factory: it produces for its owner, and others can use it.
  "open-production": `<path fill="currentColor" d="M2.5 21V10.5l5 3v-3l5 3v-3l5 3V3.5H21V21z"/>`,
  // A factory behind a padlock: it produces for its owner only.
  "closed-production":
    `<g fill="currentColor"><path d="M1.5 21V11l4.4 3v-3l4.4 3V4.5h3.4V21z"/><rect x="15.2" y="13.6" width="7.8" height="7.4" rx="1"/></g>` +
    `<path d="M16.9 13.8v-2.1a2.2 2.2 0 0 1 4.4 0v2.1" fill="none" stroke="currentColor" stroke-width="1.6"/>`,
  // A crossed-out Worker: it works on its own, no Worker is sent.
  trait:
    `<g fill="none" stroke="currentColor" stroke-width="1.6">` +
    `<circle cx="12" cy="6.4" r="3.1"/><path d="M5.8 21v-4.3c0-3.3 2.7-5.9 6.2-5.9s6.2 2.6 6.2 5.9V21z"/></g>` +
    `<path d="M3 3l18 18" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>`,
};

/** A Location pattern's icon (worker, factory, locked factory, crossed-out worker), drawn in the text colour. */
export function patternIcon(pattern: Pattern, label: string): string {
  return svg(patternBodies[pattern], { className: `icon pattern pattern-${pattern}`, label });
}

/** A Leader's emblem: a crown. */
export function leaderIcon(label?: string): string {
  return svg(`<path fill="currentColor" d="M2.8 7.5l4.7 4.2L12 4.5l4.5 7.2 4.7-4.2-1.9 10.3H4.7z"/><rect fill="currentColor" x="4.7" y="18.8" width="14.6" height="2.2" rx=".6"/>`, {
    className: "icon emblem leader",
    ...(label === undefined ? {} : { label }),
  });
}

/** A Base's emblem: a fort. */
export function baseIcon(label?: string): string {
  return svg(`<path fill="currentColor" d="M2.5 21V6.5h2.8v2.6H8V6.5h2.8v2.6h2.4V6.5H16v2.6h2.7V6.5h2.8V21h-6.9v-4.1a2.6 2.6 0 0 0-5.2 0V21z"/>`, {
    className: "icon emblem base",
    ...(label === undefined ? {} : { label }),
  });
}

/** A contact token: a disc in the contact's colour with its range. */
export function contactToken(colourId: string, range: number, label?: string): string {
  return svg(
    `<circle cx="12" cy="12" r="10.2" fill="${contactColour(colourId)}" stroke="#fff" stroke-width="1.3"/>` +
      `<text x="12" y="16.4" text-anchor="middle" font-size="12.5" font-weight="bold" fill="#fff">${num(range)}</text>`,
    { className: `icon emblem contact contact-${escapeHtml(colourId)}`, ...(label === undefined ? {} : { label }) },
  );
}

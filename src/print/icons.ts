/**
 * The sheet's icons as inline SVG strings: one per card type, one per Location
 * pattern, and the emblems of the other kinds. Every icon is a 24 × 24 view
 * box drawn with a few plain shapes, so it stays recognisable at 5 mm, and
 * carries its name as <title> and aria-label (or is aria-hidden when it only
 * decorates something already said in words).
 */
import type { Pattern } from "../check/model.js";
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

export function typeColour(id: string): string {
  return typeColours[id] ?? colourFor(id, extraPalette);
}

export function contactColour(id: string): string {
  return contactColours[id] ?? colourFor(id, extraPalette);
}

export function factionColour(id: string): string {
  return factionColours[id] ?? colourFor(id, extraPalette);
}

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

/** A five-pointed star's points around (cx, cy). */
function star(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${num(cx + r * Math.cos(a))},${num(cy + r * Math.sin(a))}`);
  }
  return points.join(" ");
}

/** The white glyph drawn on a card type's tile; `tile` is the tile's colour (for cut-outs). */
const typeGlyphs: Readonly<Record<string, (tile: string) => string>> = {
  // A cog.
  scrap: (tile) =>
    `<g fill="#fff">${[0, 45, 90, 135].map((a) => `<rect x="10.4" y="3.8" width="3.2" height="16.4" rx=".6"${a ? ` transform="rotate(${a} 12 12)"` : ""}/>`).join("")}` +
    `<circle cx="12" cy="12" r="5.7"/></g><circle cx="12" cy="12" r="2.3" fill="${tile}"/>`,
  // A drop.
  fuel: () => `<path fill="#fff" d="M12 3.8C9.4 7.6 6.6 11 6.6 14.6a5.4 5.4 0 0 0 10.8 0C17.4 11 14.6 7.6 12 3.8z"/>`,
  // A gun sight.
  weapons: () =>
    `<g fill="none" stroke="#fff" stroke-width="1.9"><circle cx="12" cy="12" r="5.6"/><path d="M12 3.6v5M12 15.4v5M3.6 12h5M15.4 12h5"/></g>` +
    `<circle cx="12" cy="12" r="1.5" fill="#fff"/>`,
  // A brick wall.
  "building-material": () =>
    `<g fill="#fff">${[
      [4, 5, 7.5],
      [12.5, 5, 7.5],
      [4, 10, 3.5],
      [8.5, 10, 7],
      [16.5, 10, 3.5],
      [4, 15, 7.5],
      [12.5, 15, 7.5],
    ]
      .map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="4" rx=".5"/>`)
      .join("")}</g>`,
  // A star: any type.
  universal: () => `<polygon fill="#fff" points="${star(12, 12.6, 8.4, 3.6)}"/>`,
};

/**
 * A card type's icon: a coloured tile with a white glyph. A type the sheet
 * does not know (an expansion's) gets a tile with its name's first letter.
 */
export function typeIcon(id: string, label: string, options: { readonly decorative?: boolean } = {}): string {
  const colour = typeColour(id);
  const tile = `<rect x="1" y="1" width="22" height="22" rx="5" fill="${colour}" stroke="#fff" stroke-width="1.2"/>`;
  const glyph =
    typeGlyphs[id]?.(colour) ??
    `<text x="12" y="16.6" text-anchor="middle" font-size="13" font-weight="bold" fill="#fff">${escapeHtml(label.trim().charAt(0).toUpperCase() || "?")}</text>`;
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

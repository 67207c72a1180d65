/**
 * The white glyphs drawn on a card type's tile, by name. The base set's five
 * types are drawn with the glyph of their own id; an expansion's type may name
 * any glyph here (`icon: { glyph: water }`), draw its own path, or be left to
 * a tile with its name's first letter. Each glyph is a few plain shapes in the
 * 24 × 24 view box, inside the tile (1 to 23), so it reads at 5 mm.
 */
import { num } from "./html.js";

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

/** A glyph's SVG; `tile` is the tile's colour (for cut-outs). */
type Glyph = (tile: string) => string;

/** The base set's card types, each drawn with the glyph of its id when its vocabulary entry names no icon. */
const baseGlyphs: Readonly<Record<string, Glyph>> = {
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

/** Glyphs for an expansion's types to name; no base type uses them by default. */
const extraGlyphs: Readonly<Record<string, Glyph>> = {
  // An apple with a leaf.
  food: () =>
    `<path fill="#fff" d="M12 8.3c-1.3-1-2.7-1.4-4.1-1.1C5.2 7.8 4 10.5 4.6 13.6c.7 3.6 3.2 6.9 5.4 6.9.8 0 1.3-.4 2-.4s1.2.4 2 .4c2.2 0 4.7-3.3 5.4-6.9.6-3.1-.6-5.8-3.3-6.4-1.4-.3-2.8.1-4.1 1.1z"/>` +
    `<path fill="#fff" d="M12.6 6.6c.3-1.9 1.8-3 3.9-3-.3 1.9-1.8 3-3.9 3z"/>` +
    `<path fill="none" stroke="#fff" stroke-width="1.3" stroke-linecap="round" d="M11.6 8.4c0-1.6.1-2.9-.8-4.2"/>`,
  // Three waves (a drop is Fuel's).
  water: () =>
    `<path fill="none" stroke="#fff" stroke-width="2.1" stroke-linecap="round" ` +
    `d="M4.2 7.8c1.9-1.5 3.2-1.5 5.2 0s3.3 1.5 5.2 0 3.3-1.5 5.2 0M4.2 12.3c1.9-1.5 3.2-1.5 5.2 0s3.3 1.5 5.2 0 3.3-1.5 5.2 0M4.2 16.8c1.9-1.5 3.2-1.5 5.2 0s3.3 1.5 5.2 0 3.3-1.5 5.2 0"/>`,
  // A medical cross.
  medicine: () => `<path fill="#fff" d="M9.5 4.3h5v5.2h5.2v5h-5.2v5.2h-5v-5.2H4.3v-5h5.2z"/>`,
  // A microchip: a square body with three pins a side and a cut-out die.
  tech: (tile) =>
    `<g fill="#fff"><rect x="7" y="7" width="10" height="10" rx="1.2"/>${[9, 12, 15]
      .map((k) => `<rect x="${num(k - 0.8)}" y="3.8" width="1.6" height="16.4" rx=".5"/><rect x="3.8" y="${num(k - 0.8)}" width="16.4" height="1.6" rx=".5"/>`)
      .join("")}</g><rect x="9.6" y="9.6" width="4.8" height="4.8" rx=".6" fill="${tile}"/>`,
};

const glyphs: Readonly<Record<string, Glyph>> = { ...baseGlyphs, ...extraGlyphs };

/** Every glyph a card type may name, the base set's first. */
export const glyphNames: readonly string[] = Object.keys(glyphs);

/** The glyph a card type of this id is drawn with when it names no icon: only the base set's types have one. */
export function defaultGlyph(typeId: string): string | undefined {
  return Object.hasOwn(baseGlyphs, typeId) ? typeId : undefined;
}

/** A named glyph's SVG on a tile of colour `tile`; undefined for a name that is not a glyph. */
export function glyphSvg(name: string, tile: string): string | undefined {
  return Object.hasOwn(glyphs, name) ? glyphs[name]!(tile) : undefined;
}

/** The letter on the tile of a type with no glyph: its printed name's first letter, upper case ("?" for none). */
export function tileLetter(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}

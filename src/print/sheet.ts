/**
 * Printable sheets: nine real-size cards (63 × 88 mm) to an A4 page, 3 × 3,
 * centred, with cut marks in the page margin on every cutting line. One
 * self-contained HTML file: inline CSS and SVG, system fonts, no script, no
 * network (its Content-Security-Policy forbids loading anything). The same
 * cards give the same bytes.
 */
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { textRenderer } from "../text/render.js";
import type { Lang } from "../text/words.js";
import { cardHtml } from "./card-html.js";
import { htmlPage, num } from "./html.js";

/** Sizes in millimetres. */
export const paper = { width: 210, height: 297 } as const;
export const cardSize = { width: 63, height: 88 } as const;
export const columns = 3;
export const rows = 3;
export const perPage = columns * rows;
/** The grid's top-left corner: the 3 × 3 grid centred on the page. */
export const gridOrigin = {
  left: (paper.width - columns * cardSize.width) / 2,
  top: (paper.height - rows * cardSize.height) / 2,
} as const;

/** Cut marks start this far from the grid and are this long (mm). */
const markGap = 1.5;
const markLength = 5;

/** Splits a list into pages of `size`. */
export function paginate<T>(items: readonly T[], size: number = perPage): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/**
 * The cut marks of a page holding `count` cards: a short line in the margin
 * at the end of every cutting line, top and bottom for the vertical cuts, left
 * and right for the horizontal ones, so they never print on a card.
 */
export function cutMarks(count: number): string {
  const cols = Math.min(count, columns);
  const rowCount = Math.ceil(count / columns);
  const { left, top } = gridOrigin;
  const right = left + cols * cardSize.width;
  const bottom = top + rowCount * cardSize.height;
  const line = (x1: number, y1: number, x2: number, y2: number): string => `M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}`;
  const d: string[] = [];
  for (let i = 0; i <= cols; i++) {
    const x = left + i * cardSize.width;
    d.push(line(x, top - markGap - markLength, x, top - markGap), line(x, bottom + markGap, x, bottom + markGap + markLength));
  }
  for (let j = 0; j <= rowCount; j++) {
    const y = top + j * cardSize.height;
    d.push(line(left - markGap - markLength, y, left - markGap, y), line(right + markGap, y, right + markGap + markLength, y));
  }
  return (
    `<svg class="marks" viewBox="0 0 ${paper.width} ${paper.height}" aria-hidden="true">` +
    `<path d="${d.join("")}" stroke="#000" stroke-width="0.2" fill="none"/></svg>`
  );
}

const fonts = `"Liberation Sans", Arial, Helvetica, "DejaVu Sans", sans-serif`;

/**
 * The sheet's style. Sizes are chosen so the longest card of the base set
 * fits in both languages (French is about 20 % longer) with room to spare:
 * the emblem area in the middle gives way to the text, down to its minimum.
 */
export const sheetCss = `
@page { size: A4; margin: 0 }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0; background: #fff }
body { font-family: ${fonts}; color: #1c1c1c; -webkit-print-color-adjust: exact; print-color-adjust: exact }
h2, h3, p { margin: 0; font-size: inherit; font-weight: inherit }
.page { position: relative; width: ${paper.width}mm; height: ${paper.height}mm; overflow: hidden; break-after: page }
.page:last-child { break-after: auto }
.marks { position: absolute; left: 0; top: 0; width: ${paper.width}mm; height: ${paper.height}mm }
.grid { position: absolute; left: ${num(gridOrigin.left)}mm; top: ${num(gridOrigin.top)}mm; display: grid;
  grid-template-columns: repeat(${columns}, ${cardSize.width}mm); grid-template-rows: repeat(${rows}, ${cardSize.height}mm) }
.card { width: ${cardSize.width}mm; height: ${cardSize.height}mm; padding: 1.8mm; overflow: hidden; background: #fff }
.frame { height: 100%; display: flex; flex-direction: column; overflow: hidden; border: 0.35mm solid #2a2a2a; border-radius: 2.4mm; background: #fbf8f1 }
.head { flex: none; display: flex; align-items: center; gap: 1.2mm; min-height: 9.5mm; padding: 1.1mm 1.4mm; background: var(--head); color: #fff }
.dist { flex: none; display: flex; align-items: center; justify-content: center; width: 6mm; height: 6mm; border-radius: 50%;
  background: #fff; color: #1c1c1c; font-size: 10.5pt; font-weight: bold }
.name { flex: 1 1 auto; min-width: 0; font-size: 10pt; font-weight: bold; line-height: 1.1 }
.types { flex: none; display: flex; gap: 0.7mm }
.types .icon { width: 5.6mm; height: 5.6mm }
.meta { flex: none; padding: 0.7mm 1.5mm; border-bottom: 0.2mm solid #d8d2c4; font-size: 5.8pt; line-height: 1.25; letter-spacing: 0.02em;
  text-transform: uppercase; color: #4a4a4a }
.art { flex: 1 1 auto; min-height: 7mm; display: flex; align-items: center; justify-content: center; gap: 2.5mm; overflow: hidden;
  background: #efe9dc; color: var(--head) }
.art .icon { height: 22mm; width: 22mm; max-height: 85%; opacity: 0.9 }
.art .type { height: 15mm; width: 15mm; opacity: 0.35 }
.parts { flex: none; display: flex; flex-direction: column; gap: 1.1mm; padding: 1.2mm }
.part { overflow: hidden; border: 0.3mm solid var(--c); border-radius: 1.2mm; background: var(--bg) }
.label { display: flex; align-items: center; gap: 0.8mm; padding: 0.35mm 1.2mm; background: var(--c); color: #fff;
  font-size: 6pt; font-weight: bold; line-height: 1.3; letter-spacing: 0.04em; text-transform: uppercase }
.label .icon { flex: none; width: 3.6mm; height: 3.6mm }
.txt { padding: 0.7mm 1.3mm 0.9mm; font-size: 8.4pt; line-height: 1.18 }
.spoils { --c: #b3261e; --bg: #fbeae7 }
.agreement { --c: #1d5ba8; --bg: #e7eff9 }
.ability, .production, .contact, .resources { --c: #5f5f5f; --bg: #eeeeec }
.kind-contact .part, .kind-base .part { --c: var(--head) }
.foot { flex: none; padding: 0 1.5mm 0.5mm; text-align: right; font-size: 4.8pt; line-height: 1.3; color: #8a8378 }
`;

export interface SheetOptions {
  readonly lang: Lang;
  /** An inline script to run in the page (the fit check's measurement); none in a sheet to print. */
  readonly script?: string;
}

const titles: Readonly<Record<Lang, string>> = { en: "51st State — cards to print", fr: "51st State — cartes à imprimer" };

/** The sheet around the cards' HTML (from `cardHtml`), nine to a page. */
export function sheetHtml(cards: readonly string[], options: SheetOptions): string {
  const pages = paginate(cards);
  const body = pages.map(
    (page, i) => `<section class="page" data-page="${i + 1}">${cutMarks(page.length)}<div class="grid">\n${page.join("\n")}\n</div></section>`,
  );
  return htmlPage({ lang: options.lang, title: `${titles[options.lang]} (${cards.length})`, css: sheetCss, body, ...(options.script === undefined ? {} : { script: options.script }) });
}

/** The sheet of `cards` in `lang`: their text from the text renderer, in the order given. */
export function renderSheet(cards: readonly Card[], vocabulary: Vocabulary, lang: Lang, options: Omit<SheetOptions, "lang"> = {}): string {
  const render = textRenderer(vocabulary, lang);
  return sheetHtml(
    cards.map((card) => cardHtml(card, render.card(card), vocabulary.cardTypes)),
    { ...options, lang },
  );
}

/**
 * Printable sheets: real-size cards (63 × 88 mm), nine to an A4 or Letter
 * page, 3 × 3, centred, with cut marks in the page margin on every trim line;
 * with a bleed, each card's colour runs past its trim and fewer may fit a
 * page. Also a page of one card, for a per-card picture. One
 * self-contained HTML file: inline CSS and SVG, system fonts, no script, no
 * network (its Content-Security-Policy forbids loading anything). The same
 * cards give the same bytes.
 */
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { escapeHtml } from "../text/escape.js";
import { textRenderer } from "../text/render.js";
import type { Lang } from "../text/words.js";
import { cardHtml } from "./card-html.js";
import { htmlPage, num } from "./html.js";

/** Sizes in millimetres. */
export const cardSize = { width: 63, height: 88 } as const;

/** The papers a sheet can be printed on, in mm, with the name CSS's `@page size` knows them by. */
export const papers = {
  a4: { width: 210, height: 297, css: "A4" },
  letter: { width: 215.9, height: 279.4, css: "letter" },
} as const;
export type PaperName = keyof typeof papers;
export const paperNames = Object.keys(papers) as PaperName[];

/** At most 3 × 3 cards to a page; fewer when the bleed makes them too big for the paper. */
export const columns = 3;
export const rows = 3;
export const perPage = columns * rows;

/** Bleeds the sheet accepts, in mm: print shops ask for 3 mm (1/8 in is 3.175); past 6 it is a mistake. */
export const maxBleed = 6;

/** Cut marks start this far outside the bleed and are this long (mm); the page keeps that much margin. */
const markGap = 1.5;
const markLength = 5;
const margin = markGap + markLength;

/**
 * Where the cards go on a page: each card in a cell of its size plus the
 * bleed on every side (cells touch, so two cards' bleeds meet between their
 * trims), as many cells as fit inside the margin the cut marks need, at most
 * 3 × 3, the grid centred; the page turned landscape when that holds more.
 */
export interface Layout {
  readonly paper: PaperName;
  /** The page turned on its side (it holds more bled cards that way). */
  readonly landscape: boolean;
  /** mm added past the trim on every side of a card. */
  readonly bleed: number;
  readonly columns: number;
  readonly rows: number;
  readonly cell: { readonly width: number; readonly height: number };
  /** The grid's top-left corner (the first cell's outer, bleed edge). */
  readonly origin: { readonly left: number; readonly top: number };
}

/** The page's width and height in mm, turned when the layout is landscape. */
export function pageSize(layout: Pick<Layout, "paper" | "landscape">): { readonly width: number; readonly height: number } {
  const { width, height } = papers[layout.paper];
  return layout.landscape ? { width: height, height: width } : { width, height };
}

function orientedLayout(paper: PaperName, bleed: number, landscape: boolean): Layout {
  const size = pageSize({ paper, landscape });
  const cell = { width: cardSize.width + 2 * bleed, height: cardSize.height + 2 * bleed };
  const fit = (room: number, step: number, most: number): number => Math.max(1, Math.min(most, Math.floor((room - 2 * margin) / step)));
  const cols = fit(size.width, cell.width, landscape ? rows + 1 : columns);
  const rowCount = fit(size.height, cell.height, landscape ? columns - 1 : rows);
  return {
    paper,
    landscape,
    bleed,
    columns: cols,
    rows: rowCount,
    cell,
    origin: { left: (size.width - cols * cell.width) / 2, top: (size.height - rowCount * cell.height) / 2 },
  };
}

/**
 * The layout for `paper` and `bleed` (mm, 0 to maxBleed): portrait, 3 × 3
 * when they fit; landscape (4 × 2) only when it holds more, as A4 does with a
 * 3 mm bleed (8 cards, not 6). With any allowed bleed at least 2 × 2 fit.
 */
export function layoutFor(paper: PaperName = "a4", bleed = 0): Layout {
  const portrait = orientedLayout(paper, bleed, false);
  const landscape = orientedLayout(paper, bleed, true);
  return capacity(landscape) > capacity(portrait) ? landscape : portrait;
}

/** A4, no bleed: the sheet to print at home and cut with scissors. */
export const defaultLayout = layoutFor();

/** Cards per page in `layout`. */
export function capacity(layout: Layout): number {
  return layout.columns * layout.rows;
}

/** Splits a list into pages of `size`. */
export function paginate<T>(items: readonly T[], size: number = perPage): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/** The trim lines along one axis: both edges of every card, `bleed` inside its cell. */
function trims(start: number, cells: number, step: number, trim: number, bleed: number): number[] {
  const at = new Set<number>();
  for (let i = 0; i < cells; i++) at.add(start + i * step + bleed).add(start + i * step + bleed + trim);
  return [...at].sort((a, b) => a - b);
}

/**
 * The cut marks of a page holding `count` cards: a short line in the margin
 * at the end of every trim line, top and bottom for the vertical cuts, left
 * and right for the horizontal ones, outside the bleed, so they never print
 * on a card.
 */
export function cutMarks(count: number, layout: Layout = defaultLayout): string {
  const cols = Math.min(count, layout.columns);
  const rowCount = Math.ceil(count / layout.columns);
  const { left, top } = layout.origin;
  const right = left + cols * layout.cell.width;
  const bottom = top + rowCount * layout.cell.height;
  const line = (x1: number, y1: number, x2: number, y2: number): string => `M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}`;
  const d: string[] = [];
  for (const x of trims(left, cols, layout.cell.width, cardSize.width, layout.bleed)) {
    d.push(line(x, top - markGap - markLength, x, top - markGap), line(x, bottom + markGap, x, bottom + markGap + markLength));
  }
  for (const y of trims(top, rowCount, layout.cell.height, cardSize.height, layout.bleed)) {
    d.push(line(left - markGap - markLength, y, left - markGap, y), line(right + markGap, y, right + markGap + markLength, y));
  }
  const { width, height } = pageSize(layout);
  return (
    `<svg class="marks" viewBox="0 0 ${num(width)} ${num(height)}" aria-hidden="true">` +
    `<path d="${d.join("")}" stroke="#000" stroke-width="0.2" fill="none"/></svg>`
  );
}

const fonts = `"Liberation Sans", Arial, Helvetica, "DejaVu Sans", sans-serif`;

/**
 * The sheet's style. Sizes are chosen so the longest card of the base set
 * fits in both languages (French is about 20 % longer) with room to spare:
 * the emblem area in the middle gives way to the text, down to its minimum.
 */
export function sheetCss(layout: Layout = defaultLayout): string {
  const { width, height } = pageSize(layout);
  const { cell, bleed } = layout;
  return `
@page { size: ${papers[layout.paper].css}${layout.landscape ? " landscape" : ""}; margin: 0 }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0; background: #fff }
body { font-family: ${fonts}; color: #1c1c1c; -webkit-print-color-adjust: exact; print-color-adjust: exact }
h2, h3, p { margin: 0; font-size: inherit; font-weight: inherit }
.page { position: relative; width: ${num(width)}mm; height: ${num(height)}mm; overflow: hidden; break-after: page }
.page:last-child { break-after: auto }
.marks { position: absolute; left: 0; top: 0; width: ${num(width)}mm; height: ${num(height)}mm }
.grid { position: absolute; left: ${num(layout.origin.left)}mm; top: ${num(layout.origin.top)}mm; display: grid;
  grid-template-columns: repeat(${layout.columns}, ${num(cell.width)}mm); grid-template-rows: repeat(${layout.rows}, ${num(cell.height)}mm) }
.card { width: ${num(cell.width)}mm; height: ${num(cell.height)}mm; padding: ${num(1.8 + bleed)}mm; overflow: hidden; background: #fff }${
    bleed > 0
      ? `
/* Bled: the card's colour runs from inside the trim to the cell's edge, so a cut a little off shows no white. */
.card { background: var(--head) }`
      : ""
  }
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
}

export interface SheetOptions {
  readonly lang: Lang;
  /** Paper and bleed (default: A4, no bleed). */
  readonly layout?: Layout;
  /** An inline script to run in the page (the fit check's measurement); none in a sheet to print. */
  readonly script?: string;
}

const titles: Readonly<Record<Lang, string>> = { en: "51st State — cards to print", fr: "51st State — cartes à imprimer" };

/** Whether a file's first bytes are a sheet `print` wrote, in either language: `--out` replaces an earlier sheet, never a card file named by mistake. */
export const isSheetStart = (head: string): boolean => head.startsWith("<!DOCTYPE html>") && Object.values(titles).some((t) => head.includes(`<title>${escapeHtml(t)}`));

/** The sheet around the cards' HTML (from `cardHtml`), nine to a page. */
export function sheetHtml(cards: readonly string[], options: SheetOptions): string {
  const layout = options.layout ?? defaultLayout;
  const pages = paginate(cards, capacity(layout));
  const body = pages.map(
    (page, i) => `<section class="page" data-page="${i + 1}">${cutMarks(page.length, layout)}<div class="grid">\n${page.join("\n")}\n</div></section>`,
  );
  return htmlPage({ lang: options.lang, title: `${titles[options.lang]} (${cards.length})`, css: sheetCss(layout), body, ...(options.script === undefined ? {} : { script: options.script }) });
}

/** The sheet of `cards` in `lang`: their text from the text renderer, in the order given. */
export function renderSheet(cards: readonly Card[], vocabulary: Vocabulary, lang: Lang, options: Omit<SheetOptions, "lang"> = {}): string {
  const render = textRenderer(vocabulary, lang);
  return sheetHtml(
    cards.map((card) => cardHtml(card, render.card(card), vocabulary.cardTypes)),
    { ...options, lang },
  );
}

/** Pixels across `mm` at `dpi`. */
export function pixels(mm: number, dpi: number): number {
  return Math.round((mm / 25.4) * dpi);
}

/** A card's picture size at `dpi`: its trim plus the bleed on every side. */
export function cardPixels(layout: Layout, dpi: number): { readonly width: number; readonly height: number } {
  return { width: pixels(layout.cell.width, dpi), height: pixels(layout.cell.height, dpi) };
}

/**
 * A page holding one card (from `cardHtml`) and its bleed, nothing else,
 * zoomed so that a window of `cardPixels(layout, dpi)` shows exactly it.
 */
export function cardPageHtml(card: string, lang: Lang, layout: Layout, dpi: number): string {
  const css = `${sheetCss(layout)}html { zoom: ${dpi / 96} }\nbody { overflow: hidden }\n`;
  return htmlPage({ lang, title: titles[lang], css, body: [card] });
}

/**
 * Does every card's text fit its 63 × 88 mm box? The sheet is laid out by a
 * real browser: a measuring build of the page (the printed sheet plus one
 * inline script) is loaded in headless Chromium with --dump-dom; after load
 * and fonts, the script checks each card and writes a JSON report into the
 * DOM, which is read back from the dumped page.
 *
 * For a card, and for every element of it marked `data-fit` (frame, head,
 * name, meta line, parts, their labels and texts, footer), the content must
 * not be larger than the box (scrollHeight <= clientHeight, scrollWidth <=
 * clientWidth) nor stick out of the card's trim; the card itself must measure
 * 63 × 88 mm plus the bleed within 0.5 mm. A problem says by how many mm, and
 * the card says what a designer can shorten: the name when it is too wide,
 * the type line, or the text parts, the longest first, when the text is too
 * tall. The report also gives each card's room to spare: how much more the
 * emblem area could shrink before the text overflows.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import type { Lang } from "../text/words.js";
import { ChromiumFailedError, runChromium } from "./chromium.js";
import { defaultLayout, renderSheet, type Layout } from "./sheet.js";

export interface CardFit {
  readonly id: string;
  readonly widthMm: number;
  readonly heightMm: number;
  /** How much the emblem area could still give to the text, in mm. */
  readonly spareMm: number;
  /** Empty when the card fits. */
  readonly problems: readonly string[];
  /** What to shorten so it fits, most useful first: "name", "types", or a part with its height ("spoils (12.4 mm)"); empty when it fits. */
  readonly shorten: readonly string[];
}

export interface FitReport {
  readonly cards: readonly CardFit[];
}

const reportId = "state51-fit";

/**
 * The measuring script for cards laid out as `layout` says, run in the page
 * after load and fonts. Sizes are reported in mm (at 96 CSS px to the inch).
 */
export function measureScript(layout: Layout = defaultLayout): string {
  return `(() => {
  const mmPx = 96 / 25.4, tolerance = 0.5, bleed = ${layout.bleed} * mmPx;
  const width = ${layout.cell.width}, height = ${layout.cell.height};
  const round = (n) => Math.round(n * 100) / 100;
  const mm = (px) => round(px / mmPx);
  const measure = () => {
    const cards = [];
    for (const card of document.querySelectorAll(".card")) {
      const box = card.getBoundingClientRect();
      const trim = { left: box.left + bleed, top: box.top + bleed, right: box.right - bleed, bottom: box.bottom - bleed };
      const widthMm = mm(box.width), heightMm = mm(box.height);
      const problems = [];
      let tall = false;
      if (Math.abs(widthMm - width) > tolerance || Math.abs(heightMm - height) > tolerance)
        problems.push("card is " + widthMm + " x " + heightMm + " mm, not " + width + " x " + height);
      for (const el of [card, ...card.querySelectorAll("[data-fit]")]) {
        const part = el.closest(".part");
        const what = el === card ? "card" : (part ? part.classList[1] + " " : "") + el.classList[0];
        if (el.scrollHeight > el.clientHeight) {
          problems.push(what + ": " + mm(el.scrollHeight - el.clientHeight) + " mm too tall");
          tall = true;
        }
        if (el.scrollWidth > el.clientWidth) problems.push(what + ": " + mm(el.scrollWidth - el.clientWidth) + " mm too wide");
        const r = el.getBoundingClientRect();
        if (el !== card && (r.left < trim.left - tolerance || r.top < trim.top - tolerance || r.right > trim.right + tolerance || r.bottom > trim.bottom + tolerance)) {
          problems.push(what + ": outside the card");
          tall = true;
        }
      }
      // A line too wide is shortened where it is (a frame or head too wide only follows it); text too tall, by any part.
      const wide = (el) => el !== null && el.scrollWidth > el.clientWidth;
      const shorten = [];
      if (wide(card.querySelector(".name"))) shorten.push("name");
      if (wide(card.querySelector(".meta"))) shorten.push("types");
      for (const p of card.querySelectorAll(".part")) if (!tall && [p, ...p.querySelectorAll("[data-fit]")].some(wide)) shorten.push(p.classList[1]);
      if (tall) {
        const parts = [...card.querySelectorAll(".part")].map((p) => ({ name: p.classList[1], height: mm(p.getBoundingClientRect().height) }));
        parts.sort((a, b) => b.height - a.height || (a.name < b.name ? -1 : 1));
        for (const p of parts) shorten.push(p.name + " (" + p.height + " mm)");
      }
      const art = card.querySelector(".art");
      const spareMm = art ? mm(art.getBoundingClientRect().height - parseFloat(getComputedStyle(art).minHeight)) : 0;
      cards.push({ id: card.dataset.id, widthMm, heightMm, spareMm, problems, shorten: problems.length > 0 ? shorten : [] });
    }
    const out = document.createElement("script");
    out.type = "application/json";
    out.id = "${reportId}";
    out.textContent = JSON.stringify({ cards }).replace(/</g, "\\\\u003c");
    document.body.appendChild(out);
  };
  addEventListener("load", () => document.fonts.ready.then(measure));
})();`;
}

/** Reads the report the script wrote from Chromium's dumped DOM. */
export function parseFitReport(dom: string): FitReport {
  const m = new RegExp(`<script[^>]*id="${reportId}"[^>]*>([\\s\\S]*?)</script>`).exec(dom);
  if (!m) throw new ChromiumFailedError("the fit check's report is missing from the page Chromium dumped (did the page load?)");
  return JSON.parse(m[1]!) as FitReport;
}

/** Lays a measuring sheet out in Chromium and returns the report. */
export function measureSheet(measuringHtml: string, chromium: string): FitReport {
  const dir = mkdtempSync(join(tmpdir(), "state51-fit-"));
  try {
    const page = join(dir, "sheet.html");
    writeFileSync(page, measuringHtml);
    const { stdout } = runChromium(chromium, ["--window-size=1024,1400", "--virtual-time-budget=5000", "--dump-dom", pathToFileURL(page).href]);
    return parseFitReport(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Measures the printed sheet of `cards` in `lang`, laid out as `layout` says. */
export function checkFit(cards: readonly Card[], vocabulary: Vocabulary, lang: Lang, chromium: string, layout: Layout = defaultLayout): FitReport {
  return measureSheet(renderSheet(cards, vocabulary, lang, { script: measureScript(layout), layout }), chromium);
}

/** One line about a card that does not fit: what overflows by how much, and what to shorten. */
export function fitLine(card: CardFit): string {
  return `${card.id}: ${card.problems.join("; ")}${card.shorten.length > 0 ? `; shorten: ${card.shorten.join(", ")}` : ""}`;
}

/** The cards that do not fit. */
export function overflowing(report: FitReport): CardFit[] {
  return report.cards.filter((c) => c.problems.length > 0);
}

/** The card with the least room to spare. */
export function tightest(report: FitReport): CardFit | undefined {
  return [...report.cards].sort((a, b) => a.spareMm - b.spareMm || (a.id < b.id ? -1 : 1))[0];
}

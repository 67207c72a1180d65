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
 * clientWidth) nor stick out of the card; the card itself must measure
 * 63 × 88 mm within 0.5 mm. The report also gives each card's room to
 * spare: how much more the emblem area could shrink before the text overflows.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import type { Lang } from "../text/words.js";
import { ChromiumFailedError, runChromium } from "./chromium.js";
import { cardSize, renderSheet } from "./sheet.js";

export interface CardFit {
  readonly id: string;
  readonly widthMm: number;
  readonly heightMm: number;
  /** How much the emblem area could still give to the text, in mm. */
  readonly spareMm: number;
  /** Empty when the card fits. */
  readonly problems: readonly string[];
}

export interface FitReport {
  readonly cards: readonly CardFit[];
}

const reportId = "state51-fit";

/** The measuring script, run in the page after load and fonts. */
export const measureScript = `(() => {
  const mmPx = 96 / 25.4, tolerance = 0.5;
  const round = (n) => Math.round(n * 100) / 100;
  const measure = () => {
    const cards = [];
    for (const card of document.querySelectorAll(".card")) {
      const box = card.getBoundingClientRect();
      const widthMm = round(box.width / mmPx), heightMm = round(box.height / mmPx);
      const problems = [];
      if (Math.abs(widthMm - ${cardSize.width}) > tolerance || Math.abs(heightMm - ${cardSize.height}) > tolerance)
        problems.push("card is " + widthMm + " x " + heightMm + " mm, not ${cardSize.width} x ${cardSize.height}");
      for (const el of [card, ...card.querySelectorAll("[data-fit]")]) {
        const part = el.closest(".part");
        const what = el === card ? "card" : (part ? part.classList[1] + " " : "") + el.classList[0];
        if (el.scrollHeight > el.clientHeight) problems.push(what + ": content " + el.scrollHeight + " px high in a box of " + el.clientHeight);
        if (el.scrollWidth > el.clientWidth) problems.push(what + ": content " + el.scrollWidth + " px wide in a box of " + el.clientWidth);
        const r = el.getBoundingClientRect();
        if (r.left < box.left - tolerance || r.top < box.top - tolerance || r.right > box.right + tolerance || r.bottom > box.bottom + tolerance)
          problems.push(what + ": outside the card");
      }
      const art = card.querySelector(".art");
      const spareMm = art ? round((art.getBoundingClientRect().height - parseFloat(getComputedStyle(art).minHeight)) / mmPx) : 0;
      cards.push({ id: card.dataset.id, widthMm, heightMm, spareMm, problems });
    }
    const out = document.createElement("script");
    out.type = "application/json";
    out.id = "${reportId}";
    out.textContent = JSON.stringify({ cards }).replace(/</g, "\\\\u003c");
    document.body.appendChild(out);
  };
  addEventListener("load", () => document.fonts.ready.then(measure));
})();`;

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

/** Measures the printed sheet of `cards` in `lang`. */
export function checkFit(cards: readonly Card[], vocabulary: Vocabulary, lang: Lang, chromium: string): FitReport {
  return measureSheet(renderSheet(cards, vocabulary, lang, { script: measureScript }), chromium);
}

/** The cards that do not fit. */
export function overflowing(report: FitReport): CardFit[] {
  return report.cards.filter((c) => c.problems.length > 0);
}

/** The card with the least room to spare. */
export function tightest(report: FitReport): CardFit | undefined {
  return [...report.cards].sort((a, b) => a.spareMm - b.spareMm || (a.id < b.id ? -1 : 1))[0];
}

/**
 * `state51 print [paths...] [--lang en|fr] [--out FILE.html] [--pdf FILE.pdf]
 * [--png FILE.png] [--cards ids] [--check-fit]`: printable sheets of
 * real-size cards, nine to an A4 page. The HTML needs nothing but a browser;
 * the PDF, the PNG and the fit check run headless Chromium.
 */
import type { Card } from "../check/model.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { ChromiumFailedError, ChromiumMissingError, requireChromium } from "../print/chromium.js";
import { checkFit, overflowing, tightest } from "../print/fit.js";
import { printPdf, screenshotPng } from "../print/pdf.js";
import { paginate, renderSheet } from "../print/sheet.js";
import type { Lang } from "../text/words.js";
import { validOrReport } from "./validate-command.js";

export interface PrintOptions {
  readonly lang: Lang;
  readonly out?: string;
  readonly pdf?: string;
  readonly png?: string;
  /** Comma-separated card ids: only these, in this order. */
  readonly cards?: string;
  readonly checkFit?: boolean;
}

/** The cards named by `--cards`, in the order named, or the unknown id. */
function selectCards(all: readonly Card[], list: string): { cards: Card[] } | { unknown: string } {
  const byId = new Map(all.map((c) => [c.id, c]));
  const cards: Card[] = [];
  for (const id of list.split(",").map((s) => s.trim()).filter((s) => s !== "")) {
    const card = byId.get(id);
    if (card === undefined) return { unknown: id };
    cards.push(card);
  }
  return { cards };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Runs `state51 print`; returns the exit code (0 written, 1 errors, Chromium missing or failed, or text overflowing). */
export function runPrint(paths: readonly string[], opts: PrintOptions, write: (s: string) => void, writeError: (s: string) => void): number {
  const result = validOrReport(paths, writeError, "nothing printed");
  if (!result) return 1;
  let cards: Card[] = result.cards;
  if (opts.cards !== undefined) {
    const picked = selectCards(cards, opts.cards);
    if ("unknown" in picked) {
      writeError(`state51 print: no card with id "${picked.unknown}"\n`);
      return 1;
    }
    cards = picked.cards;
  }
  const html = renderSheet(cards, result.vocabulary, opts.lang);
  const files = opts.out !== undefined || opts.pdf !== undefined || opts.png !== undefined;
  if (!files && opts.checkFit !== true) {
    write(html);
    return 0;
  }
  const summary = `${plural(cards.length, "card")}, ${plural(paginate(cards).length, "page")}, ${opts.lang}`;
  let status = 0;
  try {
    const chromium = opts.pdf !== undefined || opts.png !== undefined || opts.checkFit === true ? requireChromium() : undefined;
    if (opts.checkFit === true && chromium !== undefined) {
      const report = checkFit(cards, result.vocabulary, opts.lang, chromium);
      const bad = overflowing(report);
      if (bad.length > 0) {
        writeError(`state51 print: ${plural(bad.length, "card")} do not fit 63 x 88 mm in ${opts.lang}:\n`);
        for (const c of bad) writeError(`  ${c.id}: ${c.problems.join("; ")}\n`);
        status = 1;
      } else {
        const t = tightest(report);
        write(`every card fits (${summary})${t ? `; tightest: ${t.id}, ${t.spareMm} mm to spare` : ""}\n`);
      }
    }
    if (opts.out !== undefined) {
      writeFileAtomic(opts.out, html);
      write(`wrote ${opts.out} (${summary})\n`);
    }
    if (opts.pdf !== undefined && chromium !== undefined) {
      printPdf(html, opts.pdf, chromium);
      write(`wrote ${opts.pdf} (${summary})\n`);
    }
    if (opts.png !== undefined && chromium !== undefined) {
      screenshotPng(html, opts.png, chromium);
      write(`wrote ${opts.png} (the first page, ${opts.lang})\n`);
    }
  } catch (error) {
    if (error instanceof ChromiumMissingError) {
      writeError(`state51 print: ${error.message}\n`);
      return 1;
    }
    if (error instanceof ChromiumFailedError) {
      writeError(`state51 print: Chromium failed: ${error.message}\n`);
      return 1;
    }
    if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string") {
      writeError(`state51 print: cannot write: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  return status;
}

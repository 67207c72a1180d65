/**
 * `state51 print [paths...] [--lang en|fr] [--paper a4|letter] [--bleed MM]
 * [--out FILE.html] [--pdf FILE.pdf] [--png FILE.png] [--png-cards DIR
 * [--dpi N]] [--cards ids] [--check-fit] [--allow-overflow]`: printable
 * sheets of real-size cards, nine to a page, and pictures of single cards.
 * The HTML needs nothing but a browser; the PDF, the PNGs and the fit check
 * run headless Chromium. The options and the outputs are checked before the
 * cards are read; a card whose text does not fit stops the PDF and the PNGs.
 */
import { statSync } from "node:fs";
import { dirname } from "node:path";
import type { Card } from "../check/model.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { makeFolders } from "../fs/make-folders.js";
import { outputProblem } from "../fs/output-problem.js";
import { ChromiumFailedError, ChromiumMissingError, requireChromium } from "../print/chromium.js";
import { cardHtml } from "../print/card-html.js";
import { checkFit, fitLine, overflowing, tightest } from "../print/fit.js";
import { isPdf, isPng, onlyPictures, printPdf, screenshotPng, writeCardPngs } from "../print/pdf.js";
import { capacity, cardPageHtml, cardPixels, isSheetStart, layoutFor, maxBleed, paginate, renderSheet, type Layout, type PaperName } from "../print/sheet.js";
import { textRenderer } from "../text/render.js";
import type { Lang } from "../text/words.js";
import { filesRead } from "../pipeline/validate.js";
import { checkOutput, UsageError, type Replaceable } from "./usage-error.js";
import { validOrReport } from "./validate-command.js";
import { errorLine, systemErrorLine } from "./error-line.js";
import { terminalLine } from "../text/escape.js";
import { cardIds, selectCards, unknownCard } from "./select-cards.js";

export interface PrintOptions {
  readonly lang: Lang;
  readonly paper: PaperName;
  /** mm of bleed past the trim, as typed. */
  readonly bleed?: string;
  readonly out?: string;
  readonly pdf?: string;
  readonly png?: string;
  /** A folder for one PNG per card. */
  readonly pngCards?: string;
  /** The per-card PNGs' resolution, as typed. */
  readonly dpi?: string;
  /** Comma-separated card ids: only these, in this order. */
  readonly cards?: string;
  readonly checkFit?: boolean;
  /** Write the PDF and PNGs even when a card's text does not fit. */
  readonly allowOverflow?: boolean;
  /** Make the outputs' missing folders. */
  readonly mkdir?: boolean;
}

/** The options once checked. */
export interface CheckedPrint {
  readonly layout: Layout;
  readonly dpi: number;
}

/** The per-card pictures' resolution when --dpi is not given: what print shops ask for. */
export const defaultDpi = 300;
export const dpiRange = { min: 72, max: 1200 } as const;

function parseBleed(text: string): number {
  const n = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  if (!(n >= 0 && n <= maxBleed)) {
    throw new UsageError(`--bleed must be a number of mm from 0 to ${maxBleed}, not "${text}"\n  hint: print shops usually ask for 3 (1/8 in is 3.175)`);
  }
  return n;
}

function parseDpi(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(n >= dpiRange.min && n <= dpiRange.max)) {
    throw new UsageError(`--dpi must be a whole number from ${dpiRange.min} to ${dpiRange.max}, not "${text}"\n  hint: print shops usually ask for ${defaultDpi}`);
  }
  return n;
}

/** A UsageError when the folder for the per-card pictures cannot be made where asked, or holds something else than pictures. */
function checkPictureFolder(folder: string, mkdir: boolean): void {
  let isFolder: boolean | undefined;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    isFolder = undefined;
  }
  if (isFolder === false) throw new UsageError(`--png-cards needs a folder, and ${folder} is a file\n  hint: name a new folder, e.g. --png-cards cards-png`);
  if (isFolder === true && !onlyPictures(folder)) {
    throw new UsageError(`--png-cards ${folder} holds files other than card pictures, which would be lost\n  hint: name a new or empty folder`);
  }
  // The pictures are made in a folder beside it, which then takes its place: the parent must be writable.
  const problem = outputProblem(folder, { folder: true, mkdir });
  if (problem !== undefined) throw new UsageError(`cannot write the card pictures: ${problem}`);
}

/**
 * What each output may replace: an earlier sheet, any PDF, any PNG picture (told by their first
 * bytes), so that a card file or a page named by mistake is never lost to a sheet.
 */
const earlier: Readonly<Record<"sheet" | "pdf" | "png", Replaceable>> = {
  sheet: { kind: "a sheet of cards", is: (head) => isSheetStart(head.toString("utf8")) },
  pdf: { kind: "a PDF", is: isPdf },
  png: { kind: "a PNG picture", is: isPng },
};

/** Checks the options (a UsageError if one makes no sense, or an output cannot be written): nothing is read yet. */
export function checkPrint(opts: PrintOptions, paths: readonly string[]): CheckedPrint {
  const bleed = opts.bleed === undefined ? 0 : parseBleed(opts.bleed);
  if (opts.dpi !== undefined && opts.pngCards === undefined) throw new UsageError("--dpi sets the resolution of --png-cards\n  hint: add --png-cards DIR");
  const dpi = opts.dpi === undefined ? defaultDpi : parseDpi(opts.dpi);
  if (opts.allowOverflow === true && opts.pdf === undefined && opts.png === undefined && opts.pngCards === undefined) {
    throw new UsageError("--allow-overflow only matters with --pdf, --png or --png-cards");
  }
  if (opts.cards !== undefined) cardIds(opts.cards);
  const mkdir = opts.mkdir === true;
  const reads = (): string[] => filesRead(paths);
  checkOutput(opts.out, "the sheet", { mkdir, reads, replaces: earlier.sheet });
  checkOutput(opts.pdf, "the PDF", { mkdir, reads, replaces: earlier.pdf });
  checkOutput(opts.png, "the picture", { mkdir, reads, replaces: earlier.png });
  if (opts.pngCards !== undefined) checkPictureFolder(opts.pngCards, mkdir);
  return { layout: layoutFor(opts.paper, bleed), dpi };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function paperName(layout: Layout): string {
  return `${layout.paper === "a4" ? "A4" : "Letter"}${layout.bleed > 0 ? `, ${layout.bleed} mm bleed` : ""}`;
}

/** Runs `state51 print` with checked options; returns the exit code (0 written, 1 errors, Chromium missing or failed, or text overflowing). */
export function runPrint(paths: readonly string[], opts: PrintOptions, checked: CheckedPrint, write: (s: string) => void, writeError: (s: string) => void): number {
  const result = validOrReport(paths, writeError, "nothing printed");
  if (!result) return 1;
  let cards: Card[] = result.cards;
  if (opts.cards !== undefined) {
    const picked = selectCards(cards, cardIds(opts.cards));
    if ("unknown" in picked) {
      writeError(errorLine("print", unknownCard(picked)));
      return 1;
    }
    cards = picked.cards;
  }
  const { layout, dpi } = checked;
  const html = renderSheet(cards, result.vocabulary, opts.lang, { layout });
  const pictures = opts.pdf !== undefined || opts.png !== undefined || opts.pngCards !== undefined;
  if (opts.out === undefined && !pictures && opts.checkFit !== true) {
    write(html);
    return 0;
  }
  const summary = `${plural(cards.length, "card")}, ${plural(paginate(cards, capacity(layout)).length, "page")}, ${paperName(layout)}, ${opts.lang}`;
  let status = 0;
  // Folders --mkdir made that no output went into (a card that does not fit, Chromium failing) are taken back at the end.
  const unmake: (() => void)[] = [];
  try {
    // Checked before the work; made only now, when there is something to put in them.
    if (opts.mkdir === true) for (const output of [opts.out, opts.pdf, opts.png, opts.pngCards]) if (output !== undefined) unmake.push(makeFolders(dirname(output)));
    const chromium = pictures || opts.checkFit === true ? requireChromium() : undefined;
    if (chromium !== undefined) {
      const report = checkFit(cards, result.vocabulary, opts.lang, chromium, layout);
      const bad = overflowing(report);
      if (bad.length > 0) {
        const refused = pictures && opts.allowOverflow !== true;
        writeError(`state51 print: error: ${plural(bad.length, "card")} ${bad.length === 1 ? "does" : "do"} not fit 63 x 88 mm in ${opts.lang}${
            !pictures ? "" : refused ? "; nothing written (--allow-overflow writes them clipped)" : "; written clipped, as --allow-overflow asks"
          }:\n`);
        for (const c of bad) writeError(`  ${fitLine(c)}\n`);
        if (refused) return 1;
        if (opts.checkFit === true) status = 1;
      } else if (opts.checkFit === true) {
        const t = tightest(report);
        write(`every card fits (${summary})${t ? `; tightest: ${t.id}, ${t.spareMm} mm to spare` : ""}\n`);
      }
    }
    if (opts.out !== undefined) {
      writeFileAtomic(opts.out, html);
      write(terminalLine(`wrote ${opts.out} (${summary})`) + "\n");
    }
    if (opts.pdf !== undefined && chromium !== undefined) {
      printPdf(html, opts.pdf, chromium);
      write(terminalLine(`wrote ${opts.pdf} (${summary})`) + "\n");
    }
    if (opts.png !== undefined && chromium !== undefined) {
      screenshotPng(html, opts.png, chromium, layout);
      write(terminalLine(`wrote ${opts.png} (the first page, ${paperName(layout)}, ${opts.lang})`) + "\n");
    }
    if (opts.pngCards !== undefined && chromium !== undefined) {
      const render = textRenderer(result.vocabulary, opts.lang);
      const pages = cards.map((card) => ({ id: card.id, html: cardPageHtml(cardHtml(card, render.card(card), result.vocabulary.cardTypes), opts.lang, layout, dpi) }));
      writeCardPngs(pages, opts.pngCards, chromium, layout, dpi);
      const px = cardPixels(layout, dpi);
      // The folder as given, with one slash after it however many it was given with.
      write(terminalLine(`wrote ${opts.pngCards.replace(/\/+$/, "")}/ (${plural(cards.length, "card")}, ${px.width} x ${px.height} px at ${dpi} dpi, ${layout.bleed} mm bleed, ${opts.lang})`) + "\n");
    }
  } catch (error) {
    if (error instanceof ChromiumMissingError) {
      writeError(errorLine("print", error.message));
      return 1;
    }
    if (error instanceof ChromiumFailedError) {
      writeError(errorLine("print", `Chromium failed: ${error.message}`));
      return 1;
    }
    if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string") {
      writeError(errorLine("print", systemErrorLine(error as NodeJS.ErrnoException)));
      return 1;
    }
    throw error;
  } finally {
    for (const undo of unmake.reverse()) undo();
  }
  return status;
}

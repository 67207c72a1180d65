/**
 * The sheet through headless Chromium: a PDF to print, a PNG of the first
 * page for the docs, or one PNG per card for a print shop. The HTML goes to a temp file, Chromium writes its output
 * into a temp folder, and the result is moved into place atomically, so a
 * failed run never leaves half a file.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { ChromiumFailedError, runChromium } from "./chromium.js";
import { cardPixels, defaultLayout, pageSize, pixels, type Layout } from "./sheet.js";

/** A page of `layout`'s paper at 96 CSS pixels to the inch (A4: 794 × 1123). */
export function pagePixels(layout: Layout = defaultLayout): { readonly width: number; readonly height: number } {
  const { width, height } = pageSize(layout);
  return { width: pixels(width, 96), height: pixels(height, 96) };
}

/** Runs `produce` with the HTML in a temp file and a path for Chromium's output; returns the output's bytes. */
function throughChromium(html: string, outputName: string, produce: (page: string, output: string) => void): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "state51-print-"));
  try {
    const page = join(dir, "sheet.html");
    const output = join(dir, outputName);
    writeFileSync(page, html);
    produce(pathToFileURL(page).href, output);
    if (!existsSync(output)) throw new ChromiumFailedError(`Chromium finished but wrote no ${outputName}`);
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether bytes begin as a PDF does ("%PDF-"): Chromium's output is checked by it, and an earlier PDF told by it. */
export const isPdf = (bytes: Buffer): boolean => bytes.subarray(0, 5).toString("latin1") === "%PDF-";

/** Whether bytes begin with PNG's eight-byte signature. */
export const isPng = (bytes: Buffer): boolean => bytes.subarray(0, 8).equals(pngSignature);

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Prints the sheet to a PDF at `out` (its pages at the paper's size, no header or footer). */
export function printPdf(html: string, out: string, chromium: string): void {
  const pdf = throughChromium(html, "sheet.pdf", (page, output) =>
    runChromium(chromium, ["--no-pdf-header-footer", `--print-to-pdf=${output}`, page]),
  );
  if (!isPdf(pdf)) throw new ChromiumFailedError("Chromium's output is not a PDF");
  writeFileAtomic(out, pdf);
}

/** A window of `size` pixels showing the page, as PNG bytes. */
function screenshot(html: string, size: { readonly width: number; readonly height: number }, chromium: string, scale = 1): Buffer {
  const png = throughChromium(html, "shot.png", (page, output) =>
    runChromium(chromium, [`--window-size=${size.width},${size.height}`, `--force-device-scale-factor=${scale}`, `--screenshot=${output}`, page]),
  );
  if (!isPng(png)) throw new ChromiumFailedError("Chromium's output is not a PNG");
  return png;
}

/** A picture of the sheet's first page at 96 dpi (times `scale`), as PNG at `out`. */
export function screenshotPng(html: string, out: string, chromium: string, layout: Layout = defaultLayout, scale = 1): void {
  writeFileAtomic(out, screenshot(html, pagePixels(layout), chromium, scale));
}

/** One card's page (from `cardPageHtml`), named by the card's id. */
export interface CardPage {
  readonly id: string;
  readonly html: string;
}

/** Files a folder may hold for `writeCardPngs` to replace it: its own pictures from an earlier run. */
export function onlyPictures(folder: string): boolean {
  return readdirSync(folder).every((name) => name.endsWith(".png") && statSync(join(folder, name)).isFile());
}

/**
 * One PNG per card, `<id>.png`, at the card's size plus bleed at `dpi`, into
 * the folder `out`. They are made in a temp folder beside it, which then takes
 * its place: a failed run leaves `out` as it was. `out` must be missing or
 * hold only pictures (checked by the caller before the work).
 */
export function writeCardPngs(cards: readonly CardPage[], out: string, chromium: string, layout: Layout, dpi: number): void {
  const temp = join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
  const old = `${temp}.old`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  try {
    for (const card of cards) writeFileSync(join(temp, `${card.id}.png`), screenshot(card.html, cardPixels(layout, dpi), chromium));
    if (existsSync(out)) renameSync(out, old);
    renameSync(temp, out);
    rmSync(old, { recursive: true, force: true });
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (existsSync(old) && !existsSync(out)) renameSync(old, out);
    throw error;
  }
}

/**
 * The sheet through headless Chromium: a PDF to print, or a PNG of the first
 * page for the docs. The HTML goes to a temp file, Chromium writes its output
 * into a temp folder, and the result is moved into place atomically, so a
 * failed run never leaves half a file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { ChromiumFailedError, runChromium } from "./chromium.js";
import { paper } from "./sheet.js";

/** An A4 page at 96 CSS pixels to the inch (210 × 297 mm). */
export const a4Pixels = { width: Math.round((paper.width / 25.4) * 96), height: Math.round((paper.height / 25.4) * 96) } as const;

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

/** Prints the sheet to a PDF at `out` (A4 pages, no header or footer). */
export function printPdf(html: string, out: string, chromium: string): void {
  const pdf = throughChromium(html, "sheet.pdf", (page, output) =>
    runChromium(chromium, ["--no-pdf-header-footer", `--print-to-pdf=${output}`, page]),
  );
  if (pdf.subarray(0, 5).toString("latin1") !== "%PDF-") throw new ChromiumFailedError("Chromium's output is not a PDF");
  writeFileAtomic(out, pdf);
}

/** A picture of the sheet's first page at 96 dpi (times `scale`), as PNG at `out`. */
export function screenshotPng(html: string, out: string, chromium: string, scale = 1): void {
  const png = throughChromium(html, "sheet.png", (page, output) =>
    runChromium(chromium, [
      `--window-size=${a4Pixels.width},${a4Pixels.height}`,
      `--force-device-scale-factor=${scale}`,
      `--screenshot=${output}`,
      page,
    ]),
  );
  if (png.subarray(1, 4).toString("latin1") !== "PNG") throw new ChromiumFailedError("Chromium's output is not a PNG");
  writeFileAtomic(out, png);
}

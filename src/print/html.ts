/** Small HTML helpers for the printable sheets and the simulation report: escaping, stable colours, the page around them. */

import { escapeHtml } from "../text/escape.js";

export { escapeHtml };

/** A number as CSS/SVG writes it: at most two decimals, no trailing zeros, never "-0". */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/**
 * A colour for an id the sheet has no colour for (an expansion's card type,
 * faction or contact colour): picked from `palette` by a hash of the id, so
 * the same id always gets the same colour.
 */
export function colourFor(id: string, palette: readonly string[]): string {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  return palette[h % palette.length]!;
}

export interface PageParts {
  readonly lang: string;
  /** Plain text (escaped here). */
  readonly title: string;
  readonly css: string;
  /** The body's HTML, a line each. */
  readonly body: readonly string[];
  /** More <head> lines, after the Content-Security-Policy. */
  readonly head?: readonly string[];
  /** An inline script to run in the page (a measurement); none in a page to keep. */
  readonly script?: string;
  /** The Content-Security-Policy, for a page that loads from its own server (the preview); by default nothing may be loaded. */
  readonly csp?: string;
}

/**
 * A self-contained page: its Content-Security-Policy lets nothing be loaded
 * (inline style only, and the inline script when there is one).
 */
export function htmlPage(page: PageParts): string {
  const csp = page.csp ?? `default-src 'none'; style-src 'unsafe-inline'${page.script === undefined ? "" : "; script-src 'unsafe-inline'"}`;
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(page.lang)}">`,
    "<head>",
    `<meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    ...(page.head ?? []),
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${page.css}</style>`,
    "</head>",
    "<body>",
    ...page.body,
    ...(page.script === undefined ? [] : [`<script>${page.script}</script>`]),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

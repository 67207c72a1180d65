/**
 * The preview's page: every card as it prints (the sheets' own card HTML and
 * CSS, so the preview is what the print shop gets), English beside French, a
 * filter, and the set's diagnostics as `state51 validate` prints them. Every
 * designer string is escaped here or in `cardHtml`. The page loads nothing
 * but its own script and content from the server that sent it (its
 * Content-Security-Policy says so): no font, icon or script from the network.
 */
import { formatDiagnostic, summaryLine } from "../cli/format-diagnostics.js";
import { escapeHtml, htmlPage } from "../print/html.js";
import { sheetCss } from "../print/sheet.js";
import { cardKinds, type CardKind } from "../schema/card-file.js";
import type { Entry, View } from "./view.js";

/** The page's parts that change when a card file is saved: sent whole as /content. */
export interface Content {
  readonly summary: string;
  readonly problems: string;
  readonly cards: string;
}

/** Where the page's script is served (a file of its own, so the policy can forbid every inline script). */
export const scriptPath = "/preview.js";

/** The page's policy: its own script, its own server for the content and the events, inline style for the cards' colours. */
export const pageCsp = "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";

const kindLabels: Readonly<Record<CardKind, string>> = { base: "Bases", contact: "Contacts", leader: "Leaders", location: "Locations" };

function entryHtml(e: Entry): string {
  const note = e.stale ? `<p class="stale-note">Not valid now: its last valid rendering (see the problems above).</p>` : "";
  return (
    `<figure class="entry${e.stale ? " stale" : ""}" data-id="${escapeHtml(e.id)}" data-kind="${e.kind}" data-search="${escapeHtml(e.search)}">` +
    `<figcaption><span class="id">${escapeHtml(e.id)}</span> <span class="where">${escapeHtml(e.file)}:${e.line}</span></figcaption>${note}` +
    `<div class="pair"><div class="side" lang="en">${e.en}</div><div class="side" lang="fr">${e.fr}</div></div></figure>`
  );
}

/** One diagnostic as `validate` prints it (place, severity, code, message, the line underlined, the hint), escaped. */
function diagnosticHtml(view: View, index: number): string {
  const d = view.diagnostics[index]!;
  const [head = "", ...rest] = formatDiagnostic(d, view.texts.get(d.file)).split("\n");
  return `<li class="diag ${d.severity}"><pre><b>${escapeHtml(head)}</b>${rest.map((l) => `\n${escapeHtml(l)}`).join("")}</pre></li>`;
}

/** The summary line, as `validate` ends with it, and how many cards show their last valid rendering. */
function summary(view: View): string {
  const stale = view.entries.filter((e) => e.stale).length;
  return summaryLine(view.cards, view.diagnostics) + (stale === 0 ? "" : `; ${stale} card${stale === 1 ? "" : "s"} not valid now, shown as last valid`);
}

/** The parts of the page that follow the cards. */
export function pageContent(view: View): Content {
  const problems =
    view.diagnostics.length === 0 ? "" : `<ol class="diags">${view.diagnostics.map((_, i) => diagnosticHtml(view, i)).join("\n")}</ol>`;
  return { summary: summary(view), problems, cards: view.entries.map(entryHtml).join("\n") };
}

const previewCss = `
body { background: #e7e3da; min-width: 150mm }
.bar { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 8px 16px;
  background: #2d2721; color: #fff; font-size: 14px }
.bar h1 { margin: 0; font-size: 16px }
.bar input[type=search] { width: 22em; padding: 3px 6px; font: inherit }
.kinds { display: flex; gap: 10px; margin: 0; padding: 0; border: 0 }
.live { margin-left: auto; opacity: 0.8 }
.live.off { color: #ffb4a8; opacity: 1 }
main { padding: 12px 16px }
.summary { margin: 0 0 8px; font-size: 14px }
.diags { margin: 0 0 12px; padding: 0; list-style: none }
.diag pre { margin: 0 0 6px; padding: 6px 10px; overflow-x: auto; border-left: 4px solid; background: #fff; font-size: 12px; white-space: pre }
.diag.error pre { border-color: #b3261e }
.diag.warning pre { border-color: #c88a04 }
#cards { display: flex; flex-wrap: wrap; gap: 14px }
.entry { margin: 0; padding: 6px; border-radius: 4px; background: #f6f4ef }
.entry[hidden] { display: none }
.entry figcaption { font-size: 12px; color: #4a4a4a; padding: 0 2px 4px }
.entry .id { font-weight: bold; color: #1c1c1c }
.entry.stale { outline: 3px solid #b3261e }
.entry.stale .pair { opacity: 0.55 }
.stale-note { margin: 0 0 4px; font-size: 12px; color: #b3261e }
.pair { display: flex; gap: 6px }
`;

/** The whole page for `view`, its content in place (a page that works before its script runs). */
export function previewPage(view: View, version: number): string {
  const content = pageContent(view);
  const kinds = cardKinds
    .map((k) => `<label><input type="checkbox" name="kind" value="${k}" checked> ${kindLabels[k]}</label>`)
    .join("");
  const body = [
    `<header class="bar"><h1>51st State — card preview</h1>` +
      `<input id="filter" type="search" placeholder="name, id, kind, type…" aria-label="Filter the cards by name, id, kind or type" autocomplete="off">` +
      `<fieldset class="kinds"><legend hidden>Kinds</legend>${kinds}</fieldset><span id="shown"></span><span id="live" class="live">connecting…</span></header>`,
    `<main data-version="${version}">`,
    `<section id="problems" aria-live="polite"><p class="summary" id="summary">${escapeHtml(content.summary)}</p><div id="diagnostics">${content.problems}</div></section>`,
    `<section id="cards">${content.cards}</section>`,
    `</main>`,
  ];
  return htmlPage({
    lang: "en",
    title: "51st State — card preview",
    css: sheetCss() + previewCss,
    body,
    csp: pageCsp,
    head: [`<script src="${scriptPath}" defer></script>`],
  });
}

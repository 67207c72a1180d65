/**
 * Diagnostics as the designer reads them: `file:line:col: severity CODE:
 * message`, the offending line with the exact characters underlined, and the
 * hint. JSON for CI and editors.
 */
import stringWidth from "string-width";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Card } from "../check/model.js";
import { cardKinds, type CardKind } from "../schema/card-file.js";
import { terminalLine, terminalSafe } from "../text/escape.js";

/** How much of a long line the frame shows around the problem. */
const frameWidth = 100;

/** The last file's lines: diagnostics come sorted by file, so each file is split once, not once per frame. */
let indexed: { readonly text: string; readonly lines: readonly string[] } | undefined;

function linesOf(text: string): readonly string[] {
  if (indexed?.text !== text) indexed = { text, lines: text.split(/\r?\n/) };
  return indexed.lines;
}

function codeFrame(d: Diagnostic, text: string | undefined): string[] {
  const line = text === undefined ? undefined : linesOf(text)[d.line - 1];
  if (line === undefined) return [];
  const gutter = String(d.line).padStart(4);
  // Long lines (a minified file, a runaway value) are cut to a window around the column, never
  // between the two halves of a character outside the BMP (an emoji), which would show as \udxxx.
  const lowHalf = (i: number): boolean => i > 0 && i < line.length && (line.charCodeAt(i) & 0xfc00) === 0xdc00;
  let from = line.length > frameWidth ? Math.max(0, Math.min(d.column - 1 - frameWidth / 2, line.length - frameWidth)) : 0;
  if (lowHalf(from)) from++;
  let to = Math.min(line.length, from + frameWidth);
  if (lowHalf(to)) to--;
  const prefix = from > 0 ? "…" : "";
  const visible = line.slice(from, to);
  const suffix = to < line.length ? "…" : "";
  const startCol = d.column - 1 - from + prefix.length;
  const endCol = d.endLine === d.line ? d.endColumn - 1 - from + prefix.length : prefix.length + visible.length;
  const width = Math.max(1, Math.min(endCol, prefix.length + visible.length) - startCol);
  // The line is shown terminal-safe, so the caret is lined up under the escaped text: an escape is as wide as it is written,
  // and a character as wide as the terminal draws it (a CJK character two columns, a combining accent none).
  const shown = prefix + visible;
  const pad = terminalSafe(shown.slice(0, startCol))
    .split("\t")
    .map((run) => " ".repeat(stringWidth(run)))
    .join("\t");
  const underline = Math.max(1, stringWidth(terminalSafe(shown.slice(startCol, startCol + width))));
  return [`${gutter} | ${terminalSafe(shown)}${suffix}`, `     | ${pad}${"^".repeat(underline)}`];
}

/** A diagnostic's first line, `file:line:column: severity code: message`: one line whatever the path or the designer's text in the message holds (a line feed in a name, a colour). */
export function diagnosticHead(d: Diagnostic): string {
  return terminalSafe(terminalLine(`${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`));
}

export function formatDiagnostic(d: Diagnostic, sourceText?: string): string {
  const hint = d.hint ? [`     = hint: ${d.hint}`] : [];
  return terminalSafe([diagnosticHead(d), ...codeFrame(d, sourceText), ...hint].join("\n"));
}

export function countByKind(cards: readonly Card[]): Record<CardKind, number> {
  const counts = Object.fromEntries(cardKinds.map((k) => [k, 0])) as Record<CardKind, number>;
  for (const c of cards) counts[c.kind]++;
  return counts;
}

/** "no problems", or "1 error, 2 warnings": how summary lines (validate's, the watch's) count diagnostics. */
export function problemCount(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  return errors + warnings === 0 ? "no problems" : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
}

export function summaryLine(cards: readonly Card[], diagnostics: readonly Diagnostic[]): string {
  const by = countByKind(cards);
  const kinds = cardKinds.map((k) => `${by[k]} ${k}`).join(", ");
  return `${cards.length} card${cards.length === 1 ? "" : "s"} valid (${kinds}); ${problemCount(diagnostics)}`;
}

export function jsonReport(cards: readonly Card[], diagnostics: readonly Diagnostic[]): string {
  const report = {
    cards: cards.length,
    byKind: countByKind(cards),
    diagnostics: diagnostics.map((d) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      code: d.code,
      severity: d.severity,
      message: d.message,
      hint: d.hint ?? null,
    })),
  };
  return JSON.stringify(report, null, 2);
}

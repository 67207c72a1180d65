/**
 * Diagnostics as the designer reads them: `file:line:col: severity CODE:
 * message`, the offending line with the exact characters underlined, and the
 * hint. JSON for CI and editors.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Card } from "../check/model.js";
import { cardKinds, type CardKind } from "../schema/card-file.js";

function codeFrame(d: Diagnostic, text: string | undefined): string[] {
  if (text === undefined) return [];
  const lines = text.split(/\r?\n/);
  const line = lines[d.line - 1];
  if (line === undefined) return [];
  const gutter = String(d.line).padStart(4);
  const shown = line.length > 160 ? line.slice(0, 160) + "…" : line;
  const width = d.endLine === d.line ? Math.max(1, d.endColumn - d.column) : Math.max(1, shown.length - d.column + 1);
  const pad = shown.slice(0, d.column - 1).replace(/[^\t]/g, " ");
  return [`${gutter} | ${shown}`, `     | ${pad}${"^".repeat(Math.min(width, Math.max(1, shown.length - d.column + 2)))}`];
}

export function formatDiagnostic(d: Diagnostic, sourceText?: string): string {
  const head = `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`;
  const hint = d.hint ? [`     = hint: ${d.hint}`] : [];
  return [head, ...codeFrame(d, sourceText), ...hint].join("\n");
}

export function countByKind(cards: readonly Card[]): Record<CardKind, number> {
  const counts = Object.fromEntries(cardKinds.map((k) => [k, 0])) as Record<CardKind, number>;
  for (const c of cards) counts[c.kind]++;
  return counts;
}

export function summaryLine(cards: readonly Card[], diagnostics: readonly Diagnostic[]): string {
  const by = countByKind(cards);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const kinds = cardKinds.map((k) => `${by[k]} ${k}`).join(", ");
  const problems = errors + warnings === 0 ? "no problems" : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
  return `${cards.length} cards valid (${kinds}); ${problems}`;
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

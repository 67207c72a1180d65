/**
 * Positions as the Language Server Protocol counts them (0-based line and
 * character, characters in UTF-16 code units, as JavaScript strings index)
 * against ours (1-based line and column, the same units: src/load/source-file).
 */
import type { Position as LspPosition, Range as LspRange } from "vscode-languageserver";
import type { Diagnostic, Range } from "../diagnostics/diagnostic.js";

/** Offsets where each line of `text` starts: line n (0-based) starts at starts[n]. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The offset of an LSP position, clamped into the text (a client may send a position past a line's end). */
export function offsetAt(text: string, position: LspPosition, starts: readonly number[] = lineStarts(text)): number {
  if (position.line < 0) return 0;
  if (position.line >= starts.length) return text.length;
  const start = starts[position.line]!;
  const next = position.line + 1 < starts.length ? starts[position.line + 1]! - 1 : text.length;
  return Math.max(start, Math.min(start + Math.max(0, position.character), next));
}

/** The LSP position of an offset. */
export function positionOf(text: string, offset: number, starts: readonly number[] = lineStarts(text)): LspPosition {
  const at = Math.max(0, Math.min(offset, text.length));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: at - starts[lo]! };
}

/** One of our ranges (1-based) as an LSP range (0-based). */
export function lspRange(range: Range): LspRange {
  return {
    start: { line: range.start.line - 1, character: range.start.column - 1 },
    end: { line: range.end.line - 1, character: range.end.column - 1 },
  };
}

/** Where a diagnostic is, as an LSP range. */
export function diagnosticRange(d: Diagnostic): LspRange {
  return lspRange({ start: { line: d.line, column: d.column }, end: { line: d.endLine, column: d.endColumn } });
}

import { categoryOf, message, type MessageArgs } from "./catalog.js";
import type { Code } from "./codes.js";

export type Severity = "error" | "warning";

/** A position in a file: 1-based line and column, as editors show them. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/** What every stage reports instead of throwing. */
export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly hint?: string;
}

/**
 * The one way a diagnostic is made: its message from the catalog, filled with
 * `args`; its severity the code's category unless a command raises it
 * (S51-W401 under `--strict`).
 */
export function diagnostic<C extends Code>(
  file: string,
  range: Range,
  code: C,
  args: MessageArgs<C>,
  hint?: string,
  severity: Severity = categoryOf(code),
): Diagnostic {
  return {
    file,
    line: range.start.line,
    column: range.start.column,
    endLine: range.end.line,
    endColumn: range.end.column,
    code,
    severity,
    message: message(code, args),
    ...(hint ? { hint } : {}),
  };
}

/** Whole-file problems (unreadable, binary) point at 1:1. */
export const fileStart: Range = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Stable order for output: by file, then position, then code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}

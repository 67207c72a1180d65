import type { Span } from "../../grammar/ast.js";
import type { Code } from "./codes.js";
import { diagnostic, type Diagnostic } from "./diagnostic.js";
import { rangeInScalar, valueRange, type DataPath, type SourceFile } from "../load/source-file.js";

/** Reports a problem at characters of one ability string (or, without a span, at the whole field). */
export type Report = (code: Code, span: Span | undefined, message: string, hint?: string) => void;

/** At most this many problems are shown for one field; then one S51-E010 line counts the rest. */
export const maxErrorsPerField = 20;

/** A reporter bound to one field of one card: spans are mapped into the YAML file, and past 20 problems only counted. */
export function fieldReporter(file: SourceFile, path: DataPath, out: Diagnostic[]): Report {
  let shown = 0;
  let more: { readonly index: number; readonly at: Diagnostic; count: number } | undefined;
  return (code, span, message, hint) => {
    // A count made by the caller (the parser stops at 20 syntax errors itself) passes as it is.
    if (shown < maxErrorsPerField || code === "S51-E010") {
      if (code !== "S51-E010") shown++;
      const range = span ? rangeInScalar(file, path, span.start, span.end) : valueRange(file, path);
      out.push(diagnostic(file.path, range, code, message, hint));
      return;
    }
    if (more === undefined) {
      const range = span ? rangeInScalar(file, path, span.start, span.end) : valueRange(file, path);
      more = { index: out.length, at: diagnostic(file.path, range, code, message), count: 0 };
      out.push(more.at);
    }
    more.count++;
    const where = { start: { line: more.at.line, column: more.at.column }, end: { line: more.at.endLine, column: more.at.endColumn } };
    out[more.index] = diagnostic(file.path, where, "S51-E010", `${more.count} more errors in this field, not shown`, "fix the first ones and validate again");
  };
}

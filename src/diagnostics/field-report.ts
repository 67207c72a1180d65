import type { Span } from "../../grammar/ast.js";
import type { MessageArgs } from "./catalog.js";
import type { Code } from "./codes.js";
import { diagnostic, type Diagnostic, type Range } from "./diagnostic.js";
import { rangeInScalar, valueRange, type DataPath, type SourceFile } from "../load/source-file.js";

/** Reports a problem at characters of one ability string (or, without a span, at the whole field). */
export type Report = <C extends Code>(code: C, span: Span | undefined, args: MessageArgs<C>, hint?: string) => void;

/** At most this many problems are shown for one field; then one S51-E015 line counts the rest. */
export const maxErrorsPerField = 20;

/** A reporter bound to one field of one card: spans are mapped into the YAML file, and past 20 problems only counted. */
export function fieldReporter(file: SourceFile, path: DataPath, out: Diagnostic[]): Report {
  let shown = 0;
  let more: { readonly index: number; readonly range: Range; count: number } | undefined;
  const rangeOf = (span: Span | undefined): Range => (span ? rangeInScalar(file, path, span.start, span.end) : valueRange(file, path));
  return (code, span, args, hint) => {
    // A count made by the caller (the parser stops at 20 syntax errors itself) passes as it is.
    if (shown < maxErrorsPerField || code === "S51-E015") {
      if (code !== "S51-E015") shown++;
      out.push(diagnostic(file.path, rangeOf(span), code, args, hint));
      return;
    }
    // Past the cap no position is worked out but the first hidden one's, where the count is shown.
    if (more === undefined) {
      const range = rangeOf(span);
      more = { index: out.length, range, count: 0 };
      out.push(diagnostic(file.path, range, "S51-E015", { count: 0 }));
    }
    more.count++;
    out[more.index] = diagnostic(file.path, more.range, "S51-E015", { count: more.count }, "fix the first ones and validate again");
  };
}

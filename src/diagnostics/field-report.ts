import type { Span } from "../../grammar/ast.js";
import type { MessageArgs } from "./catalog.js";
import type { Code } from "./codes.js";
import { diagnostic, type Diagnostic } from "./diagnostic.js";
import { rangeInScalar, valueRange, type DataPath, type SourceFile } from "../load/source-file.js";

/** Reports a problem at characters of one ability string (or, without a span, at the whole field). */
export type Report = <C extends Code>(code: C, span: Span | undefined, args: MessageArgs<C>, hint?: string) => void;

/** A reporter bound to one field of one card: spans are mapped into the YAML file. */
export function fieldReporter(file: SourceFile, path: DataPath, out: Diagnostic[]): Report {
  return (code, span, args, hint) => {
    const range = span ? rangeInScalar(file, path, span.start, span.end) : valueRange(file, path);
    out.push(diagnostic(file.path, range, code, args, hint));
  };
}

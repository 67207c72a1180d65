import { resolve } from "node:path";
import { maxFileBytes, readBounded } from "../load/read-file.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { validatePaths, type ValidationResult } from "../pipeline/validate.js";
import { diagnosticHead, formatDiagnostic, jsonReport, summaryLine } from "./format-diagnostics.js";

export type Format = "text" | "json";

/** A file's text for its code frames, read no further than a card file may be (never a pipe or a device). */
function readQuietly(path: string): string | undefined {
  const read = readBounded(resolve(path), maxFileBytes);
  return read.ok ? read.bytes.toString("utf8") : undefined;
}

export interface ValidateCommandOptions {
  /** Text-lock differences (S51-W401) are errors, so the exit status is 1. */
  readonly strict?: boolean;
}

/** Runs `state51 validate`; returns the exit code (0 clean, 1 errors). */
export function runValidate(paths: readonly string[], format: Format, write: (s: string) => void, options: ValidateCommandOptions = {}): number {
  return printValidation(validatePaths(paths, { strict: options.strict === true }), format, write);
}

/** Prints a validation's report (diagnostics and summary, or JSON); returns the exit code (0 clean, 1 errors). */
export function printValidation(result: ValidationResult, format: Format, write: (s: string) => void): number {
  if (format === "json") {
    write(jsonReport(result.cards, result.diagnostics) + "\n");
  } else {
    // Files the validation could not read as text (binary, too large) are tried once more, as they are.
    const unread = new Map<string, string | undefined>();
    const textOf = (file: string): string | undefined => {
      if (result.texts.has(file)) return result.texts.get(file);
      if (!unread.has(file)) unread.set(file, readQuietly(file));
      return unread.get(file);
    };
    for (const d of result.diagnostics) write(formatDiagnostic(d, textOf(d.file)) + "\n\n");
    write(summaryLine(result.cards, result.diagnostics) + "\n");
  }
  return hasErrors(result.diagnostics) ? 1 : 0;
}

/**
 * For the commands that need a valid set (play, replay, simulate, text, print, summary): the
 * validation when it has no errors, else `undefined` after reporting the problems as `validate`
 * does and why nothing was made. Warnings (a card still marked TODO, a text lock that differs)
 * do not stop the work, but what is played or printed is the card as it stands: each is said in
 * one line, with where to see it in full, and a warning in `said` (one set's, when a command
 * checks two) is not said again. Both on `writeError`, so the work's own output stays as it is.
 */
export function validOrReport(paths: readonly string[], writeError: (s: string) => void, nothingMade: string, said: Set<string> = new Set()): ValidationResult | undefined {
  const result = validatePaths(paths);
  if (!hasErrors(result.diagnostics)) {
    const lines = result.diagnostics.map(diagnosticHead).filter((line) => !said.has(line));
    for (const line of lines) said.add(line);
    const n = lines.length;
    if (n > 0) writeError(`${lines.join("\n")}\n${n} warning${n === 1 ? "" : "s"} in the cards: state51 validate shows each with its line and a hint\n`);
    return result;
  }
  printValidation(result, "text", writeError);
  writeError(`${nothingMade}: fix the errors above first\n`);
  return undefined;
}

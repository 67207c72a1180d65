/**
 * `validate`'s diagnostics as the editor shows them: the same codes, ranges
 * moved to 0-based, the hint under the message, and the fix a hint names
 * carried along (`data`) for the quick fix: a did-you-mean's word, a word
 * written without its accents or capitals, a text lock's new wording.
 */
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from "vscode-languageserver";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnosticRange, lineStarts, offsetAt } from "./text-position.js";
import { shownPath, type Analysis } from "./workspace.js";

/** What a quick fix needs, kept in a diagnostic's `data`. */
export interface FixData {
  /** Replace the diagnostic's range with this text. */
  readonly replace?: string;
  /** A differing text lock (S51-W401): the wording generated today, to sign off. */
  readonly lock?: string;
}

/** The hints that name the one word to write instead. */
const replacementHints: readonly RegExp[] = [
  /did you mean "([^"]+)"\?/,
  /the card language is lower case: "([^"]+)"/,
  /written without accents: "([^"]+)"/,
];

/** The word a hint says to write, if it says one. */
export function suggestedWord(hint: string | undefined): string | undefined {
  if (hint === undefined) return undefined;
  for (const pattern of replacementHints) {
    const found = pattern.exec(hint)?.[1];
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The generated wording a text lock's hint offers ("update the lock to \"…\""). */
export function lockWording(d: Diagnostic): string | undefined {
  if (d.code !== "S51-W401" || d.hint === undefined) return undefined;
  const quoted = /update the lock to ("(?:[^"\\]|\\.)*")/.exec(d.hint)?.[1];
  if (quoted === undefined) return undefined;
  try {
    const text: unknown = JSON.parse(quoted);
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text that replaces what a diagnostic covers by the word its hint names:
 * only a single written word (a quoted one keeps its quotes), never a span
 * of several, which the hint's word could not stand for.
 */
export function replacementFor(covered: string, word: string): string | undefined {
  const quoted = /^(["'])(\S*)\1$/.exec(covered);
  if (quoted) return quoted[1] === "'" ? `'${word.replace(/'/g, "''")}'` : JSON.stringify(word);
  return /^[^\s"'#:,;[\]{}]+$/.test(covered) ? word : undefined;
}

function fixData(d: Diagnostic, text: string | undefined): FixData | undefined {
  const lock = lockWording(d);
  if (lock !== undefined) return { lock };
  const word = suggestedWord(d.hint);
  if (word === undefined || text === undefined) return undefined;
  const range = diagnosticRange(d);
  const starts = lineStarts(text);
  const covered = text.slice(offsetAt(text, range.start, starts), offsetAt(text, range.end, starts));
  const replace = replacementFor(covered, word);
  return replace === undefined || replace === covered ? undefined : { replace };
}

/** One diagnostic for the editor; `text` is its file's text (for the fix). */
export function toLspDiagnostic(d: Diagnostic, text: string | undefined): LspDiagnostic {
  const data = fixData(d, text);
  return {
    range: diagnosticRange(d),
    severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: "state51",
    message: d.hint === undefined ? d.message : `${d.message}\n${d.hint}`,
    ...(data === undefined ? {} : { data }),
  };
}

/** A file's diagnostics, for the editor (none for a file the analysis does not cover). */
export function diagnosticsOf(analysis: Analysis, path: string): LspDiagnostic[] {
  const shown = shownPath(analysis, path);
  const text = shown === undefined ? undefined : analysis.result.texts.get(shown);
  return (analysis.byFile.get(path) ?? []).map((d) => toLspDiagnostic(d, text));
}

/**
 * Quick fixes for the diagnostics the editor sends back: write the word a
 * did-you-mean hint names, and sign off a text lock that differs (write
 * today's generated wording into the lock).
 */
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type Range, type TextEdit } from "vscode-languageserver";
import type { FixData } from "./diagnostics.js";

/**
 * Signs off one text lock: the edits that write `wording` into the lock the
 * diagnostic covers (its value's range). The hook for src/edit's
 * `locks accept` logic (a pure text -> text edit that keeps the file's
 * layout); until it is on main, the default replaces the lock's value by the
 * wording as a double-quoted YAML string (JSON's quoting, which YAML reads the same).
 */
export type LockSigner = (text: string, range: Range, wording: string) => TextEdit[];

export const replaceLockValue: LockSigner = (_text, range, wording) => [{ range, newText: JSON.stringify(wording) }];

function fixOf(d: LspDiagnostic): FixData | undefined {
  if (d.source !== "state51" || typeof d.data !== "object" || d.data === null) return undefined;
  return d.data as FixData;
}

/** The quick fixes for `diagnostics` of the document `uri` (its text `text`). */
export function codeActionsFor(uri: string, text: string, diagnostics: readonly LspDiagnostic[], signLock: LockSigner = replaceLockValue): CodeAction[] {
  return diagnostics.flatMap((d): CodeAction[] => {
    const fix = fixOf(d);
    if (fix?.replace !== undefined) {
      return [{ title: `Change to ${fix.replace}`, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true, edit: { changes: { [uri]: [{ range: d.range, newText: fix.replace }] } } }];
    }
    if (fix?.lock !== undefined) {
      const edits = signLock(text, d.range, fix.lock);
      return edits.length === 0 ? [] : [{ title: "Sign off the new text (write it into the lock)", kind: CodeActionKind.QuickFix, diagnostics: [d], edit: { changes: { [uri]: edits } } }];
    }
    return [];
  });
}

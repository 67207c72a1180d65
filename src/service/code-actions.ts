/**
 * Quick fixes for the diagnostics the editor sends back: write the word a
 * did-you-mean hint names, and sign off a text lock that differs (write
 * today's generated wording into the lock, as `state51 locks accept` does).
 */
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type Range, type TextEdit } from "vscode-languageserver";
import { acceptLocks, locksIn } from "../edit/accept-locks.js";
import type { FixData } from "./diagnostics.js";
import { lineStarts, offsetAt, positionOf } from "./text-position.js";

/** Signs off one text lock: the edits that write `wording` into the lock the diagnostic covers (its value's range). */
export type LockSigner = (text: string, range: Range, wording: string) => TextEdit[];

/**
 * The edit `state51 locks accept` makes (src/edit/accept-locks.ts): the lock's
 * value in its own quoting where it still fits, non-breaking spaces as spaces,
 * every other byte kept. None when the range is not a lock's value.
 */
export const acceptLockEdit: LockSigner = (text, range, wording) => {
  const starts = lineStarts(text);
  const start = offsetAt(text, range.start, starts);
  const lock = locksIn(text).find((l) => l.start <= start && start < l.end);
  if (lock === undefined) return [];
  const { text: signed, written } = acceptLocks(text, [{ id: lock.id, part: lock.part, lang: lock.lang, text: wording }]);
  if (written.length === 0) return [];
  // Only the lock's span changed: what now stands there is what follows it minus what followed it before.
  const newEnd = signed.length - (text.length - lock.end);
  return [{ range: { start: positionOf(text, lock.start, starts), end: positionOf(text, lock.end, starts) }, newText: signed.slice(lock.start, newEnd) }];
};

function fixOf(d: LspDiagnostic): FixData | undefined {
  if (d.source !== "state51" || typeof d.data !== "object" || d.data === null) return undefined;
  return d.data as FixData;
}

/** The quick fixes for `diagnostics` of the document `uri` (its text `text`). */
export function codeActionsFor(uri: string, text: string, diagnostics: readonly LspDiagnostic[], signLock: LockSigner = acceptLockEdit): CodeAction[] {
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

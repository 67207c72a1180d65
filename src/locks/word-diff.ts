/**
 * Text comparison for text locks: all kinds of spaces (normal, non-breaking,
 * narrow, line breaks) count as one space, and a difference is shown word by
 * word as git's --word-diff does: `Produces [-1-]{+2+} Scrap.`
 */
import { diffWords, diffWordsWithSpace, type Change } from "diff";

/** Runs of any whitespace (JavaScript's \s covers U+00A0 and U+202F) become one space; ends are trimmed. */
export function normaliseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Whether two texts read the same once their spaces are normalised. */
export function sameText(a: string, b: string): boolean {
  return normaliseSpaces(a) === normaliseSpaces(b);
}

function mark(change: Change): string {
  if (!change.added && !change.removed) return change.value;
  const [open, close] = change.removed ? ["[-", "-]"] : ["{+", "+}"];
  const [, lead = "", body = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(change.value) ?? [];
  // A change that is only a space (a space before ":" in French, say) is shown as that space.
  return body === "" ? `${open}${change.value}${close}` : `${lead}${open}${body}${close}${trail}`;
}

/**
 * `before` → `after` as one line with removed words as `[-old-]` and added
 * ones as `{+new+}`, both texts normalised first. diffWords ignores changes
 * of spacing alone, so when it finds none, spaces are compared as words.
 */
export function wordDiff(before: string, after: string): string {
  return wordChanges(before, after).map(mark).join("");
}

/** The word changes `wordDiff` marks, for a caller that marks them its own way (Markdown). */
export function wordChanges(before: string, after: string): Change[] {
  const a = normaliseSpaces(before);
  const b = normaliseSpaces(after);
  const changes = diffWords(a, b);
  return a !== b && changes.every((c) => !c.added && !c.removed) ? diffWordsWithSpace(a, b) : changes;
}

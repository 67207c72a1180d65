/**
 * Escapers for every place designer text goes: Markdown, HTML, a terminal,
 * generated code and JSON. One module so each target escapes the same characters
 * the same way, whoever writes to it.
 *
 * The characters no output may carry raw, and no card text may hold (the
 * loader refuses them, S51-E011, src/load/yaml-checks.ts), are those that act
 * instead of showing or show nothing: controls (C0, DEL, C1), format
 * characters (bidirectional overrides and isolates, zero-width characters,
 * the BOM, tag characters), the line and paragraph separators, lone
 * surrogates (text that is not Unicode), and what Unicode says a font draws
 * as nothing (Default_Ignorable_Code_Point: the combining grapheme joiner,
 * the Hangul fillers, variation selectors). A reviewer must see them.
 */

/**
 * Those characters, one code point each (`u` mode): Unicode's
 * `[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]`
 * written out as ranges, because V8 takes near a millisecond to compile the
 * property form and every `validate` runs this class over the card files
 * (test/escape.test.ts checks the two agree on every code point, so a newer
 * Unicode that adds to them is noticed).
 */
export const invisibleClass = String.raw`[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ud800-\udfff\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u{110bd}\u{110cd}\u{13430}-\u{1343f}\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}]`;

/** The characters shown as escapes in every output, and in one line of a terminal. */
const invisible = new RegExp(invisibleClass, "gu");

/** The same, less tab and line feed, which lay out a terminal's block of lines. */
const invisibleInTerminal = new RegExp(String.raw`(?![\t\n])` + invisibleClass, "gu");

const hex = (c: string): string => c.codePointAt(0)!.toString(16);

/** `\u001b`, `\u202e`, `\ud800`; `\u{e0001}` beyond the BMP (as JavaScript writes it). */
function unicodeEscape(c: string): string {
  const h = hex(c);
  return h.length > 4 ? `\\u{${h}}` : `\\u${h.padStart(4, "0")}`;
}

/** `&#x202e;`: the character itself once parsed (U+FFFD for NUL and a lone surrogate), plain in the file. */
const characterReference = (c: string): string => `&#x${hex(c)};`;

/**
 * Text for a terminal, a block of lines: controls, bidirectional and other
 * invisible characters shown as `\u` escapes so the terminal prints them
 * rather than obeys them. Tab and line feed stay: they are the output's own
 * layout. A value set into a line (a card name, a path) goes through
 * `terminalLine` first: here its line feed would start a line of its own.
 */
export function terminalSafe(text: string): string {
  // Most output is printable ASCII: it has nothing to escape, and such text is not searched.
  return plainAscii.test(text) ? text : text.replace(invisibleInTerminal, unicodeEscape);
}

/**
 * One line of a terminal: as `terminalSafe`, and tab and line feed shown as
 * `\u0009` and `\u000a` too, so a designer's string or a path set into a
 * line of output cannot end it and fake the lines after it ("Final scores
 * …" in the middle of a game). The text stays on the line it was put in.
 */
export function terminalLine(text: string): string {
  return plainLine.test(text) ? text : text.replace(invisible, unicodeEscape);
}

/** Printable ASCII, tab and line feed only. */
const plainAscii = /^[\t\n\x20-\x7e]*$/;
/** Printable ASCII only. */
const plainLine = /^[\x20-\x7e]*$/;

const htmlEntities: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML content and for double- or single-quoted attribute values; invisible characters as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEntities[c]!).replace(invisible, characterReference);
}

/**
 * Text that Markdown (CommonMark with GitHub's tables and strikethrough)
 * shows as written: each character that could start emphasis, code, a link,
 * an image, raw HTML, an entity, a table cell, strikethrough or a closing
 * `#` is backslash-escaped; a line break and any other invisible character
 * is a character reference, so the text stays on its line. Only inline
 * text: the caller never puts it at the start of a line.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>&|~#]/g, (c) => `\\${c}`).replace(invisible, characterReference);
}

/**
 * A string literal of generated code for any text: JSON's escaping (quotes,
 * backslashes, C0 controls, lone surrogates; `${` and backticks mean nothing
 * inside double quotes) and every other invisible character as a `\u`
 * escape, so the file is plain to review: no bidirectional override
 * reorders it and no U+2028 ends a `//` comment.
 */
export function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(invisible, unicodeEscape);
}

/**
 * What JSON.stringify leaves raw inside its strings though it acts rather than shows: the class
 * but C0 controls, which it escapes in strings (and whose line feed is its indentation's layout).
 * It escapes lone surrogates too, so none is left to match.
 */
const invisibleInJson = new RegExp(String.raw`(?![\u0000-\u001f])` + invisibleClass, "gu");

/** `value` as JSON whose strings carry no raw invisible character: the same value once parsed, plain in a file or a terminal. */
export function jsonText(value: unknown, indent?: number): string {
  // JSON has no \u{…}: a character beyond the BMP is written as its two UTF-16 units.
  return JSON.stringify(value, null, indent).replace(invisibleInJson, (c) => c.split("").map(unicodeEscape).join(""));
}

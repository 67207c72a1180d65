/**
 * What the yaml library accepts but a card file must not hold: tags, merge
 * keys, invisible and control characters (raw in the text or written as
 * escapes in a quoted string), lone CR line endings. Each is reported where
 * it is written, with the character's code point named.
 */
import { isMap, isPair, isScalar, isSeq, visit, type Document } from "yaml";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { invisibleClass } from "../text/escape.js";
import { rangeAt, type SourceFile } from "./source-file.js";

/** Names of the characters refused below that a designer may meet, for the message; the rest are "a control character" or "an invisible character". */
const invisibleNames: Readonly<Record<number, string>> = {
  0x00: "NUL",
  0x1b: "ESCAPE",
  0x0b: "LINE TABULATION",
  0x0c: "FORM FEED",
  0x7f: "DELETE",
  0x85: "NEXT LINE",
  0xad: "SOFT HYPHEN",
  0x034f: "COMBINING GRAPHEME JOINER",
  0x061c: "ARABIC LETTER MARK",
  0x115f: "HANGUL CHOSEONG FILLER",
  0x1160: "HANGUL JUNGSEONG FILLER",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0x3164: "HANGUL FILLER",
  0xfeff: "BYTE ORDER MARK",
  0xffa0: "HALFWIDTH HANGUL FILLER",
  0xfff9: "INTERLINEAR ANNOTATION ANCHOR",
  0xfffa: "INTERLINEAR ANNOTATION SEPARATOR",
  0xfffb: "INTERLINEAR ANNOTATION TERMINATOR",
};

/**
 * What no card text may hold: the characters no output carries raw
 * (`invisibleClass`, src/text/escape.ts: controls, format characters, the
 * separators, lone surrogates, default-ignorable characters), but tab, LF and
 * CR, which lay out the YAML file itself. Where a value must be one line (a
 * name), its tab and line breaks are refused by the schema instead (S51-E106).
 */
export const invisible = new RegExp(String.raw`(?![\t\n\r])` + invisibleClass, "u");

/**
 * Part of how an emoji is drawn, not a hidden character, and so not refused: a variation
 * selector (❤️ is U+2764 U+FE0F, 1️⃣ has one too) or a run of tags closed by CANCEL TAG (the
 * flag of Scotland 🏴󠁧󠁢󠁳󠁣󠁴󠁿), right after a visible character. Alone, or after a space, they
 * show nothing and are refused like the rest.
 */
const emojiPart = String.raw`(?<=[^\s${invisibleClass.slice(1, -1)}])(?:[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]|[\u{e0020}-\u{e007e}]+\u{e007f})`;

/** Each match is an emoji's part (group 1, passed over) or a refused character (group 2). */
const refusedOrEmoji = new RegExp(`(${emojiPart})|(${invisible.source})`, "gu");

/** The characters of `text` no card text may hold, with where each stands. */
function* refusedIn(text: string): Generator<{ readonly index: number; readonly ch: string }> {
  for (const m of text.matchAll(refusedOrEmoji)) if (m[2] !== undefined) yield { index: m.index, ch: m[2] };
}

export function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

function nameOf(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0xd800 && cp <= 0xdfff) return "a lone surrogate";
  if (cp >= 0xe0000 && cp <= 0xe007f) return "a tag character";
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return "a variation selector";
  return invisibleNames[cp] ?? (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? "a control character" : "an invisible character");
}

const removeIt = "delete it (retype the text around it if you cannot see it)";

/** Raw invisible characters in the text: each reported where it stands, at most one per line. */
export function invisibleInText(file: SourceFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  let lastLine = 0;
  for (const { index, ch } of refusedIn(file.text)) {
    const range = rangeAt(file, index, index + ch.length);
    if (range.start.line === lastLine) continue;
    lastLine = range.start.line;
    out.push(diagnostic(file.path, range, "S51-E011", { codePoint: codePoint(ch), name: nameOf(ch) }, removeIt));
  }
  return out;
}

/** Invisible characters written as escapes in a quoted string ("\0", "\e", "\u2028"): reported at the string. */
function invisibleInValue(file: SourceFile, value: string, range: readonly number[]): Diagnostic | undefined {
  const first = refusedIn(value).next();
  if (first.done === true) return undefined;
  const { ch } = first.value;
  return diagnostic(file.path, rangeAt(file, range[0]!, range[1]!), "S51-E011", { codePoint: codePoint(ch), name: nameOf(ch) }, "remove the escape that writes it");
}

/** The tag as written before a node (`!!int`, `!custom`), for the message. */
function writtenTag(text: string, nodeStart: number, resolved: string): { start: number; tag: string } {
  const start = text.lastIndexOf("!", nodeStart);
  if (start < 0) return { start: nodeStart, tag: resolved };
  let tagStart = start;
  while (tagStart > 0 && text[tagStart - 1] === "!") tagStart--;
  const tag = /^\S+/.exec(text.slice(tagStart))?.[0] ?? resolved;
  return { start: tagStart, tag };
}

/** Tags, merge keys and escaped invisible characters, in document order. */
export function refusedNodes(file: SourceFile, doc: Document.Parsed): Diagnostic[] {
  const out: Diagnostic[] = [];
  visit(doc, (_key, node) => {
    if (isPair(node)) {
      if (isScalar(node.key) && node.key.value === "<<" && node.key.type === "PLAIN" && node.key.range) {
        const [s, e] = node.key.range;
        out.push(diagnostic(file.path, rangeAt(file, s, e), "S51-E010", {}, "write the fields out in each card: merge keys are not part of YAML 1.2, and a card file says all it means"));
      }
      return undefined;
    }
    if ((isScalar(node) || isMap(node) || isSeq(node)) && node.tag && node.range) {
      const { start, tag } = writtenTag(file.text, node.range[0], node.tag);
      out.push(diagnostic(file.path, rangeAt(file, start, start + tag.length), "S51-E009", { tag }, "a card file is plain data: remove the tag (quote the value if it must stay text)"));
    }
    if (isScalar(node) && typeof node.value === "string" && node.range && (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE")) {
      const d = invisibleInValue(file, node.value, node.range);
      if (d) out.push(d);
    }
    return undefined;
  });
  return out;
}

/** A CR not followed by LF: the yaml library reads such a file as one long line. */
export function loneCarriageReturn(path: string, text: string): Diagnostic | undefined {
  const at = /\r(?!\n)/.exec(text)?.index;
  if (at === undefined) return undefined;
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const column = at - (before.lastIndexOf("\n") + 1) + 1;
  const pos = { line, column };
  return diagnostic(path, { start: pos, end: { line, column: column + 1 } }, "S51-E013", {}, "save the file with LF (or CRLF) line endings");
}

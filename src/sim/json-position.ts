/**
 * Where a field is in a JSON text (a shard's report, a line of a game log), for a diagnostic
 * to point at, and where a text that is not JSON stops being JSON. `jsonRange` reads a text
 * JSON.parse has taken (a refusal is about its values), walking along the path and skipping
 * every other value without building it: linear in the text, and quick even on a file of
 * hundreds of megabytes named by mistake (building a tree with offsets, as the YAML library
 * does, took seconds for a few megabytes). JSON.parse's own message gives a position for some
 * mistakes only (not for `[1,2,]` on Node 20.15), so `syntaxError` finds it.
 */
import { fileStart, type Position, type Range } from "../diagnostics/diagnostic.js";

/** A field by its keys and list indices from the top: ["seats", 1, "games"]. */
export type JsonPath = readonly (string | number)[];

/** Offsets in the text: from `start` up to, not including, `end`. */
type Span = readonly [start: number, end: number];

/**
 * The range of the field at `path` in `text`: a scalar's value, or the key of a list or an
 * object (which may run over many lines), or with `part` "key" the field's key whatever its
 * value (a field that should not be there); the deepest field found when the path goes on past
 * what the text holds, and the text's start when it holds no JSON value.
 */
export function jsonRange(text: string, path: JsonPath, part: "value" | "key" = "value"): Range {
  let at = blank(text, 0);
  if (at >= text.length) return fileStart;
  let span: Span = [at, at + 1];
  for (const [i, step] of path.entries()) {
    const field = member(text, at, step);
    if (field === undefined) break;
    at = field.value;
    // A key asked for is the last step's: the steps before it are the fields it is in.
    span = spanOf(text, field, i === path.length - 1 ? part : "value");
  }
  return rangeOf(text, span);
}

/** What to underline for a member: a number's or a string's value, else (a list, an object, or `part` "key") its key. */
function spanOf(text: string, m: Member, part: "value" | "key"): Span {
  const scalar = text[m.value] !== "{" && text[m.value] !== "[";
  return scalar && part === "value" ? [m.value, skipValue(text, m.value)] : m.key;
}

/** A span of the text as lines and columns. */
const rangeOf = (text: string, span: Span): Range => ({ start: positionOf(text, span[0]), end: positionOf(text, span[1]) });

/** The first offset from `i` that is not JSON white space. */
function blank(text: string, i: number): number {
  while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  return i;
}

/** The end of the string whose opening quote is at `i`. */
function skipString(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/** The end of the value that starts at `i`: a string, a nest of brackets, or a word or number. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === "{" || c === "[") {
    let depth = 0;
    while (i < text.length) {
      const d = text[i];
      if (d === '"') {
        i = skipString(text, i);
        continue;
      }
      if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") depth--;
      i++;
      if (depth === 0) return i;
    }
    return i;
  }
  while (i < text.length && !",}] \t\r\n".includes(text[i]!)) i++;
  return i;
}

/** A member of an object or a list: its name (a key, or an item's index), what to underline for it (an object's key, an item's first character), and where its value starts. */
interface Member {
  readonly name: string | number;
  readonly key: Span;
  readonly value: number;
}

/**
 * Each member of the object or list whose bracket is at `at`, in order, to `visit` until it
 * says stop (returns true): one pass over the text, every value skipped, not built.
 */
function eachMember(text: string, at: number, visit: (m: Member) => boolean | void): void {
  const open = text[at];
  if (open !== "{" && open !== "[") return;
  let i = blank(text, at + 1);
  for (let index = 0; i < text.length && text[i] !== "}" && text[i] !== "]"; index++) {
    let key: Span = [i, i + 1];
    let name: string | number = index;
    if (open === "{") {
      key = [i, skipString(text, i)];
      name = keyName(text.slice(key[0], key[1]));
      i = blank(text, key[1]);
      if (text[i] !== ":") return;
      i = blank(text, i + 1);
    }
    if (visit({ name, key, value: i }) === true) return;
    i = blank(text, skipValue(text, i));
    if (text[i] !== ",") return;
    i = blank(text, i + 1);
  }
}

/** The member `step` of the object or list at `at`; of a key named twice, the last, as JSON.parse takes the last. */
function member(text: string, at: number, step: string | number): Member | undefined {
  const isList = text[at] === "[";
  if (isList && typeof step !== "number") return undefined;
  let found: Member | undefined;
  eachMember(text, at, (m) => {
    if (String(m.name) !== String(step)) return false;
    found = m;
    return isList;
  });
  return found;
}

/**
 * The range of each field `wanted` of the object the text is (a log line), by key, in one pass:
 * as `jsonRange(text, [key])` and `jsonRange(text, [key], "key")` give them, for messages about
 * many fields of one object (each `jsonRange` reads the text again).
 */
export function topFields(text: string, wanted: ReadonlySet<string>): Map<string, { readonly value: Range; readonly key: Range }> {
  const fields = new Map<string, { value: Range; key: Range }>();
  eachMember(text, blank(text, 0), (m) => {
    if (wanted.has(String(m.name))) fields.set(String(m.name), { value: rangeOf(text, spanOf(text, m, "value")), key: rangeOf(text, m.key) });
  });
  return fields;
}

/** A key as JSON.parse reads it (escapes and all), or its text when it is not a string. */
function keyName(quoted: string): string {
  if (!quoted.includes("\\")) return quoted.slice(1, -1);
  try {
    const name = JSON.parse(quoted) as unknown;
    return typeof name === "string" ? name : quoted;
  } catch {
    return quoted;
  }
}

/** The 1-based line and column of an offset. */
function positionOf(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where a text stops being JSON, and what JSON would have there ("\",\" or \"}\""). */
export interface SyntaxProblem {
  readonly range: Range;
  readonly expected: string;
}

/**
 * The first place `text` is not JSON (RFC 8259) and what was expected there, or undefined when
 * it is JSON. Iterative, so a text nested a million deep is read like any other.
 */
export function syntaxError(text: string): SyntaxProblem | undefined {
  const found = firstMistake(text);
  if (found === undefined) return undefined;
  const start = positionOf(text, found.offset);
  // One character underlined, an emoji's two halves together.
  const width = (text.charCodeAt(found.offset) & 0xfc00) === 0xd800 ? 2 : 1;
  return { range: { start, end: { line: start.line, column: start.column + width } }, expected: found.expected };
}

/** Where a text stops being JSON, as an offset, and what JSON has there. */
interface Mistake {
  readonly offset: number;
  readonly expected: string;
}

/** What the reader expects next: a value (or, first in a list, its end), a key (or, first in an object, its end), a colon, or a comma or the end of what is open. */
type Want = "value" | "value or ]" | "key" | "key or }" | ":" | "next";

function firstMistake(text: string): Mistake | undefined {
  const open: ("{" | "[")[] = [];
  let want: Want = "value";
  for (let i = blank(text, 0); ; i = blank(text, i)) {
    const c = text[i];
    const closes = open.at(-1) === "{" ? "}" : "]";
    if (c === undefined) return want === "next" && open.length === 0 ? undefined : { offset: i, expected: expecting(want, closes) };
    if (want === "next") {
      if (open.length === 0) return { offset: i, expected: "the end of the text (one JSON value)" };
      if (c === ",") want = closes === "}" ? "key" : "value";
      else if (c === closes) open.pop();
      else return { offset: i, expected: expecting(want, closes) };
      i++;
    } else if (want === ":") {
      if (c !== ":") return { offset: i, expected: expecting(want, closes) };
      want = "value";
      i++;
    } else if (want === "key" || want === "key or }") {
      if (c === "}" && want === "key or }") {
        open.pop();
        want = "next";
        i++;
        continue;
      }
      if (c !== '"') return { offset: i, expected: expecting(want, closes) };
      const end = stringEnd(text, i);
      if (typeof end !== "number") return end;
      want = ":";
      i = end;
    } else if (c === "]" && want === "value or ]") {
      open.pop();
      want = "next";
      i++;
    } else if (c === "{" || c === "[") {
      open.push(c);
      want = c === "{" ? "key or }" : "value or ]";
      i++;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      if (typeof end !== "number") return end;
      want = "next";
      i = end;
    } else {
      const end = scalarEnd(text, i, expecting(want, closes));
      if (typeof end !== "number") return end;
      want = "next";
      i = end;
    }
  }
}

/**
 * The end of the number or the word (true, false, null) at `i`, or the first character that
 * breaks it and what was needed there ("4." wants a digit after the point, "tru" the rest of
 * "true"); `value` is what was wanted when nothing there begins a value.
 */
function scalarEnd(text: string, i: number, value: string): number | Mistake {
  const word = ["true", "false", "null"].find((w) => w[0] === text[i]);
  if (word !== undefined) {
    for (let k = 1; k < word.length; k++) if (text[i + k] !== word[k]) return { offset: i + k, expected: `the rest of "${word}"` };
    return i + word.length;
  }
  // charCodeAt past the end is NaN: no digit there.
  const isDigit = (k: number): boolean => text.charCodeAt(k) >= 0x30 && text.charCodeAt(k) <= 0x39;
  const digits = (k: number): number => {
    while (isDigit(k)) k++;
    return k;
  };
  let k = text[i] === "-" ? i + 1 : i;
  if (!isDigit(k)) return { offset: k, expected: k === i ? value : 'a digit after "-"' };
  k = text[k] === "0" ? k + 1 : digits(k);
  if (text[k] === ".") {
    if (!isDigit(k + 1)) return { offset: k + 1, expected: 'a digit after "."' };
    k = digits(k + 1);
  }
  if (text[k] === "e" || text[k] === "E") {
    k += text[k + 1] === "+" || text[k + 1] === "-" ? 2 : 1;
    if (!isDigit(k)) return { offset: k, expected: "a digit in the exponent" };
    k = digits(k);
  }
  return k;
}

/** What JSON has where the reader wants `want`, in words. */
function expecting(want: Want, closes: "}" | "]"): string {
  const words: Record<Want, string> = {
    value: "a value (a number, a string, true, false, null, a list or an object)",
    "value or ]": 'a value or "]"',
    key: "a key in double quotes",
    "key or }": 'a key in double quotes or "}"',
    ":": '":"',
    next: `"," or "${closes}"`,
  };
  return words[want];
}

/** The end of the string whose quote is at `i`, or where it stops being a JSON string. */
function stringEnd(text: string, i: number): number | Mistake {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return { offset: i, expected: "the string's closing quote (a line break or a tab inside a string is written \\n or \\t)" };
    if (c === 0x5c) {
      const escape = text[i + 1];
      if (escape === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 5;
      else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) i++;
      else return { offset: i, expected: 'an escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits' };
    }
  }
  return { offset: i, expected: "the string's closing quote" };
}

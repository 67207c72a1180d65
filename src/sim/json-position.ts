/**
 * Where a field is in a JSON text (a shard's report, a line of a game log), for a diagnostic
 * to point at. The text has already passed JSON.parse (a refusal is about its values), so this
 * only walks along the path, skipping every other value without building it: linear in the
 * text, and quick even on a file of hundreds of megabytes named by mistake, where building a
 * tree with offsets (the YAML library's) took seconds a few megabytes.
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
    const isLast = i === path.length - 1;
    const scalar = text[at] !== "{" && text[at] !== "[";
    span = scalar && !(isLast && part === "key") ? [at, skipValue(text, at)] : field.key;
  }
  return { start: positionOf(text, span[0]), end: positionOf(text, span[1]) };
}

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

/**
 * The member `step` of the object or list whose bracket is at `at`: where its value starts and
 * what to underline for it (an object's key, a list item's first character). An object's key
 * named twice is the last one, as JSON.parse takes the last.
 */
function member(text: string, at: number, step: string | number): { value: number; key: Span } | undefined {
  const open = text[at];
  if (open !== "{" && open !== "[") return undefined;
  let found: { value: number; key: Span } | undefined;
  let i = blank(text, at + 1);
  for (let index = 0; i < text.length && text[i] !== "}" && text[i] !== "]"; index++) {
    let key: Span = [i, i + 1];
    let name: string | number = index;
    if (open === "{") {
      key = [i, skipString(text, i)];
      name = keyName(text.slice(key[0], key[1]));
      i = blank(text, key[1]);
      if (text[i] !== ":") return found;
      i = blank(text, i + 1);
    }
    if (String(name) === String(step) && (open === "{" || typeof step === "number")) {
      found = { value: i, key };
      if (open === "[") return found;
    }
    i = blank(text, skipValue(text, i));
    if (text[i] !== ",") break;
    i = blank(text, i + 1);
  }
  return found;
}

/** A key as JSON.parse reads it (escapes and all), or its text when it is not a string. */
function keyName(quoted: string): string {
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

/** Where JSON.parse stopped, from its message ("… in JSON at position 12"), or undefined. */
export function parseErrorRange(text: string, error: unknown): Range | undefined {
  const match = error instanceof SyntaxError ? /at position (\d+)/.exec(error.message) : null;
  if (match === null) return undefined;
  const start = positionOf(text, Math.min(Number(match[1]), text.length));
  return { start, end: { line: start.line, column: start.column + 1 } };
}

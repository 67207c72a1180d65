/**
 * A fast reader for the plain YAML card files are written in: block mappings
 * and sequences indented with spaces, one-line `{ … }` and `[ … ]` of
 * scalars, plain, single- and double-quoted one-line scalars, comments and
 * blank lines. It builds the yaml library's own nodes (YAMLMap, YAMLSeq, Pair,
 * Scalar) with the very ranges, types and values the library gives them, so
 * every later stage reads its document as it reads the library's.
 *
 * Why: run cold, as every `state51 validate` runs, the library takes about a
 * quarter of the whole process on the base set. This reader does the same
 * work in a few milliseconds, because it only has to know a small part of
 * YAML.
 *
 * It gives up (returns undefined) on anything else: a tab, a CR, a control
 * or invisible character, an anchor, alias, tag or directive, a block
 * scalar, a multi-line or escaped scalar, a plain scalar YAML would read as
 * anything but a string, a small integer or a boolean, a duplicate key, a
 * block mapping key over 1024 characters, a misaligned line. The caller then
 * reads the text with the library, which also gives
 * the diagnostics. Comments are skipped, not kept: a file whose comment
 * holds `placeholderMark` (a placeholder, read from the comments by
 * check/placeholders.ts) is left to the library too. test/lean-yaml.test.ts
 * checks the two readers agree wherever this one answers.
 */
import { Document, LineCounter, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from "yaml";
import { invisible } from "./yaml-checks.js";

/** The end-of-line comment marking a placeholder value (check/placeholders.ts). */
export const placeholderMark = "TODO";

interface Line {
  /** Offset of the line's first character. */
  readonly start: number;
  /** Offset of its first non-space character (its indentation is `content - start`). */
  readonly content: number;
  /** Offset of its line feed, or the text's length on the last line. */
  readonly end: number;
}

/** Thrown inside the reader when the text leaves the subset; caught at its entry. */
class OutsideSubset extends Error {}

const outside = (): never => {
  throw new OutsideSubset();
};

/** Characters this reader never reads past: tab, CR, and what yaml-checks.ts refuses (the controls, BOM and invisible characters). */
const unsupported = new RegExp(`[\\t\\r]|${invisible.source}`, "u");

/** A key: a word as card files use them (never one YAML would read as null, a boolean or a number). */
const keyPattern = /[A-Za-z_][A-Za-z0-9_-]*/y;
// (`__proto__` too: the library's data takes it as an own key, and so it stays its business.)
const notStringKey = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE|__proto__)$/;
/** YAML caps an implicit key at 1024 characters; the library reports a longer block mapping key as an error (KEY_OVER_1024_CHARS). */
const longestBlockKey = 1024;

/** Plain scalars the YAML 1.2 core schema reads as anything but a string: only small integers and booleans are read here, the rest left to the library. */
const nonString = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const smallInteger = /^[0-9]{1,15}$/;
const booleans: Readonly<Record<string, boolean>> = { true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };

/** Characters that cannot start a plain scalar (or that this reader leaves to the library there). */
const indicators = new Set("-?:,[]{}#&*!|>'\"%@`");

const space = 0x20;
const hash = 0x23;

export interface LeanYaml {
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
  /** The document's data, as `doc.toJS()` gives it, built along the way. */
  readonly data: unknown;
}

/** A node and its data, built together. */
interface Read<N extends Node = Node> {
  readonly node: N;
  readonly data: unknown;
}

/** The text as the yaml library would read it, or undefined when it holds anything this reader leaves to the library. */
export function readLeanYaml(text: string): LeanYaml | undefined {
  if (unsupported.test(text)) return undefined;
  try {
    return new Reader(text).read();
  } catch (error) {
    // A RangeError is the call stack running out on a mapping nested thousands deep: the
    // library reads those without recursing.
    if (error instanceof OutsideSubset || error instanceof RangeError) return undefined;
    throw error;
  }
}

class Reader {
  readonly #text: string;
  readonly #lines: Line[] = [];
  readonly #counter = new LineCounter();
  readonly #doc = new Document(undefined, { prettyErrors: false, uniqueKeys: true });
  /** Index of the next content line to read. */
  #at = 0;

  constructor(text: string) {
    this.#text = text;
  }

  read(): LeanYaml {
    this.#splitLines();
    if (this.#lines.length === 0) outside();
    const first = this.#lines[0]!;
    if (first.content !== first.start) outside();
    const contents = this.#block(0);
    if (this.#at !== this.#lines.length) outside();
    const doc = this.#doc;
    doc.contents = contents.node;
    (doc as { range?: unknown }).range = [contents.node.range![0], contents.node.range![1], this.#text.length];
    return { doc: doc as Document.Parsed, lines: this.#counter, data: contents.data };
  }

  /** The lines holding content, recording every line start as the library's lexer does; comments checked for the placeholder mark. */
  #splitLines(): void {
    const text = this.#text;
    let start = 0;
    // The deepest comment line since the last content line. The library makes a comment
    // line indented more than the content after it part of the node above (its range
    // grows over it): such files are left to it. One at or left of the next line's
    // indentation is only a comment before that line, and changes no range.
    let commentColumn = -1;
    while (start <= text.length) {
      this.#counter.addNewLine(start);
      const lf = text.indexOf("\n", start);
      const end = lf < 0 ? text.length : lf;
      let content = start;
      while (content < end && text.charCodeAt(content) === space) content++;
      if (content < end) {
        if (text.charCodeAt(content) === hash) {
          this.#comment(content, end);
          commentColumn = Math.max(commentColumn, content - start);
        } else {
          if (commentColumn > content - start) outside();
          commentColumn = -1;
          // Document markers and directives start at the line's start.
          if (content === start && (text.startsWith("---", start) || text.startsWith("...", start) || text[start] === "%")) outside();
          this.#lines.push({ start, content, end });
        }
      }
      if (lf < 0) break;
      start = lf + 1;
    }
    if (commentColumn > 0) outside();
  }

  #comment(at: number, end: number): void {
    if (this.#text.slice(at, end).includes(placeholderMark)) outside();
  }

  /** A block collection whose first line is the next content line. */
  #block(parentColumn: number): Read<YAMLMap | YAMLSeq> {
    const line = this.#lines[this.#at]!;
    const column = line.content - line.start;
    if (column < parentColumn) outside();
    return this.#text.charCodeAt(line.content) === 0x2d /* - */ ? this.#sequence(column) : this.#mapping(line.content, column);
  }

  /** A block mapping: its first key at `from`, then every line at `column` (the first line may be a sequence item's). */
  #mapping(from: number, column: number): Read<YAMLMap> {
    const text = this.#text;
    const map = new YAMLMap(this.#doc.schema);
    const data: Record<string, unknown> = {};
    const keys = new Set<string>();
    let keyAt = from;
    let end = from;
    for (;;) {
      const line = this.#lines[this.#at]!;
      const key = readKey(text, keyAt, keys, longestBlockKey);
      const word = key.value as string;
      const keyEnd = key.range![1];
      let value: Read;
      const after = skipSpaces(text, keyEnd + 1, line.end);
      if (after === line.end || (text.charCodeAt(after) === hash && after > keyEnd + 1)) {
        if (after !== line.end) this.#comment(after, line.end);
        // The value is the block below, indented more than the key.
        this.#at++;
        const next = this.#lines[this.#at];
        if (next === undefined || next.content - next.start <= column) outside();
        value = this.#block(column + 1);
      } else {
        if (after === keyEnd + 1) outside(); // "key:value" is one plain scalar in YAML
        value = this.#inlineValue(after, line);
        this.#at++;
      }
      map.items.push(new Pair(key, value.node));
      data[word] = value.data;
      end = value.node.range![2];
      const next = this.#lines[this.#at];
      if (next === undefined) break;
      const nextColumn = next.content - next.start;
      if (nextColumn > column) outside(); // a continuation line, or a misplaced one
      if (nextColumn < column) break;
      keyAt = next.content;
    }
    map.range = [from, end, end];
    return { node: map, data };
  }

  /** A block sequence: every line at `column` starting "- ". */
  #sequence(column: number): Read<YAMLSeq> {
    const text = this.#text;
    const seq = new YAMLSeq(this.#doc.schema);
    const data: unknown[] = [];
    const from = this.#lines[this.#at]!.content;
    let end = from;
    for (;;) {
      const line = this.#lines[this.#at]!;
      const dash = line.content;
      if (text.charCodeAt(dash + 1) !== space) outside(); // "-" alone, or "-x"
      const item = skipSpaces(text, dash + 1, line.end);
      if (item === line.end || text.charCodeAt(item) === hash) outside();
      let value: Read;
      keyPattern.lastIndex = item;
      const word = keyPattern.exec(text)?.[0];
      if (word !== undefined && text.charCodeAt(item + word.length) === 0x3a /* : */) {
        // A mapping starting on the item's line: its keys line up under the first.
        value = this.#mapping(item, item - line.start);
      } else {
        value = this.#inlineValue(item, line);
        this.#at++;
      }
      seq.items.push(value.node);
      data.push(value.data);
      end = value.node.range![2];
      const next = this.#lines[this.#at];
      if (next === undefined) break;
      const nextColumn = next.content - next.start;
      if (nextColumn > column) outside();
      if (nextColumn < column) break;
      if (text.charCodeAt(next.content) !== 0x2d /* - */) outside(); // a key beside the dashes
    }
    seq.range = [from, end, end];
    return { node: seq, data };
  }

  /** A value on one line, from `at`: flow collection, quoted or plain scalar; its node range runs to the end of the line. */
  #inlineValue(at: number, line: Line): Read {
    const text = this.#text;
    const c = text[at]!;
    let node: Node;
    let data: unknown;
    let valueEnd: number;
    if (c === "{" || c === "[") {
      const flow = this.#flow(at, line.end);
      node = flow.node;
      data = flow.data;
      valueEnd = flow.end;
    } else if (c === '"' || c === "'") {
      const quoted = quotedScalar(text, at, line.end);
      node = quoted.node;
      data = quoted.node.value;
      valueEnd = quoted.end;
    } else {
      if (indicators.has(c)) outside();
      const plain = plainEnd(text, at, line.end, false);
      valueEnd = plain;
      const source = text.slice(at, plain);
      if (source.endsWith(":") || source.includes(": ")) outside();
      const plainNode = plainScalar(source, [at, plain, 0]);
      node = plainNode;
      data = plainNode.value;
    }
    const rest = skipSpaces(text, valueEnd, line.end);
    if (rest !== line.end) {
      if (text.charCodeAt(rest) !== hash || rest === valueEnd) outside();
      this.#comment(rest, line.end);
    }
    node.range![2] = line.end < text.length ? line.end + 1 : line.end;
    return { node, data };
  }

  /** A one-line flow mapping or sequence of scalars, from its bracket. */
  #flow(open: number, lineEnd: number): { node: YAMLMap | YAMLSeq; data: unknown; end: number } {
    const text = this.#text;
    const isMap = text[open] === "{";
    const close = isMap ? "}" : "]";
    const node = isMap ? new YAMLMap(this.#doc.schema) : new YAMLSeq(this.#doc.schema);
    const mapData: Record<string, unknown> = {};
    const seqData: unknown[] = [];
    node.flow = true;
    const keys = new Set<string>();
    let at = skipSpaces(text, open + 1, lineEnd);
    if (text[at] === close) outside(); // empty: left to the library
    for (;;) {
      let key: Scalar | undefined;
      if (isMap) {
        // No length limit here: the library applies YAML's 1024 only to block keys.
        key = readKey(text, at, keys, Infinity);
        const keyEnd = key.range![1];
        if (text.charCodeAt(keyEnd + 1) !== space) outside();
        at = skipSpaces(text, keyEnd + 1, lineEnd);
      }
      const c = text[at];
      let value: Scalar;
      let valueEnd: number;
      if (c === '"' || c === "'") {
        const quoted = quotedScalar(text, at, lineEnd);
        value = quoted.node;
        valueEnd = quoted.end;
      } else {
        if (c === undefined || indicators.has(c)) outside();
        valueEnd = plainEnd(text, at, lineEnd, true);
        const source = text.slice(at, valueEnd);
        if (source.includes(":")) outside();
        value = plainScalar(source, [at, valueEnd, 0]);
      }
      const next = skipSpaces(text, valueEnd, lineEnd);
      value.range![2] = next;
      if (node instanceof YAMLMap) {
        node.items.push(new Pair(key, value));
        mapData[key!.value as string] = value.value;
      } else {
        node.items.push(value);
        seqData.push(value.value);
      }
      const sep = text[next];
      if (sep === close) {
        return { node: withRange(node, [open, next + 1, 0]), data: isMap ? mapData : seqData, end: next + 1 };
      }
      if (sep !== ",") outside();
      at = skipSpaces(text, next + 1, lineEnd);
      if (text[at] === close) outside(); // a trailing comma: left to the library
    }
  }
}

/** A mapping's key at `at`, followed by its colon: a word not already among `keys` (which it joins), at most `longest` long. */
function readKey(text: string, at: number, keys: Set<string>, longest: number): Scalar {
  keyPattern.lastIndex = at;
  const word = keyPattern.exec(text)?.[0];
  if (word === undefined || notStringKey.test(word) || keys.has(word) || word.length > longest) return outside();
  const end = at + word.length;
  if (text.charCodeAt(end) !== 0x3a /* : */) outside();
  keys.add(word);
  return scalar(word, word, "PLAIN", [at, end, end]);
}

function withRange<T extends YAMLMap | YAMLSeq>(node: T, range: [number, number, number]): T {
  node.range = range;
  return node;
}

function skipSpaces(text: string, from: number, end: number): number {
  let i = from;
  while (i < end && text.charCodeAt(i) === space) i++;
  return i;
}

/** Where a plain scalar from `from` ends: before a comment (" #"), trailing spaces, and in a flow before `,` `]` `}`. */
function plainEnd(text: string, from: number, lineEnd: number, inFlow: boolean): number {
  let end = from;
  for (let i = from; i < lineEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === hash && text.charCodeAt(i - 1) === space) break;
    if (inFlow && (c === 0x2c /* , */ || c === 0x5d /* ] */ || c === 0x7d /* } */ || c === 0x5b /* [ */ || c === 0x7b) /* { */) {
      if (c === 0x5b || c === 0x7b) outside();
      break;
    }
    if (c !== space) end = i + 1;
  }
  return end;
}

function scalar(value: string | number | boolean, source: string, type: Scalar.Type, range: [number, number, number]): Scalar {
  const node = new Scalar(value);
  node.range = range;
  node.source = source;
  node.type = type;
  return node;
}

function plainScalar(source: string, range: [number, number, number]): Scalar {
  if (!nonString.test(source)) return scalar(source, source, "PLAIN", range);
  if (smallInteger.test(source)) return scalar(Number(source), source, "PLAIN", range);
  const boolean = booleans[source];
  return boolean === undefined ? outside() : scalar(boolean, source, "PLAIN", range);
}

/** A quoted scalar closed on its line, without escapes (a single-quoted one may double its quote). */
function quotedScalar(text: string, open: number, lineEnd: number): { node: Scalar; end: number } {
  const quote = text[open]!;
  let value = "";
  let i = open + 1;
  for (;;) {
    const close = text.indexOf(quote, i);
    if (close < 0 || close >= lineEnd) return outside();
    const part = text.slice(i, close);
    if (quote === '"' && part.includes("\\")) outside();
    value += part;
    if (quote === "'" && text[close + 1] === "'") {
      value += "'";
      i = close + 2;
      continue;
    }
    const end = close + 1;
    return { node: scalar(value, value, quote === '"' ? "QUOTE_DOUBLE" : "QUOTE_SINGLE", [open, end, 0]), end };
  }
}

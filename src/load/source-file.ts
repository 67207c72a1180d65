/**
 * A loaded card file: its text, its YAML document (which keeps every node's
 * source range) and the means to turn a path inside the data, or an offset
 * inside one ability string, back into a line and column of the file.
 */
import { isCollection, isPair, isScalar, isSeq, LineCounter, type Document, type Node, type Pair, type Scalar } from "yaml";
import type { Position, Range } from "../diagnostics/diagnostic.js";

export interface SourceFile {
  /** The path as shown to the designer (relative to the working directory). */
  readonly path: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/** A path into the data, e.g. ["cards", 3, "ability"]. */
export type DataPath = readonly (string | number)[];

export function positionAt(file: SourceFile, offset: number): Position {
  const { line, col } = file.lines.linePos(Math.max(0, Math.min(offset, file.text.length)));
  return { line, column: col };
}

export function rangeAt(file: SourceFile, start: number, end: number): Range {
  return { start: positionAt(file, start), end: positionAt(file, Math.max(start, end)) };
}

function child(node: unknown, key: string | number): { pair?: Pair; node?: unknown } {
  if (!isCollection(node)) return {};
  if (isSeq(node)) return typeof key === "number" ? { node: node.items[key] } : {};
  const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key) as Pair | undefined;
  return pair ? { pair, node: pair.value } : {};
}

/**
 * The node at a data path, and the pair holding it (for pointing at a key).
 * Walks as far as the path exists, so a diagnostic about a missing field can
 * point at the mapping that lacks it.
 */
export function nodeAt(file: SourceFile, path: DataPath): { node: Node | undefined; pair?: Pair } {
  let node: unknown = file.doc.contents;
  let pair: Pair | undefined;
  for (const key of path) {
    const next = child(node, key);
    if (next.node === undefined && next.pair === undefined) break;
    node = next.node;
    pair = next.pair;
  }
  return { node: node as Node | undefined, ...(pair ? { pair } : {}) };
}

function nodeRange(file: SourceFile, node: Node | null | undefined): Range {
  const r = node?.range;
  return r ? rangeAt(file, r[0], r[1]) : rangeAt(file, 0, 0);
}

/** Where the value at `path` is written (or the nearest enclosing node that exists). */
export function valueRange(file: SourceFile, path: DataPath): Range {
  return nodeRange(file, nodeAt(file, path).node);
}

/** Where the key of the field at `path` is written, for "unknown field" diagnostics. */
export function keyRange(file: SourceFile, path: DataPath): Range {
  const found = nodeAt(file, path);
  return found.pair ? nodeRange(file, found.pair.key as Node) : nodeRange(file, found.node);
}

/** Source length of the escape starting at `i` (`\\n`, `\\x41`, `\\u0041`, `\\U0001F600`). */
function escapeLength(source: string, i: number): number {
  const kind = source[i + 1];
  return kind === "x" ? 4 : kind === "u" ? 6 : kind === "U" ? 10 : 2;
}

/**
 * Maps each character of a scalar's value to its offset in the file.
 *
 * A plain one-line scalar is a simple shift, but quoted, escaped and
 * multi-line (folded) scalars are not. In a double-quoted scalar each escape
 * stands for one character (two UTF-16 units for \\U); every other value
 * character is matched with its next occurrence in the source, which skips
 * quotes, indentation and folded line breaks.
 */
export function scalarOffsets(file: SourceFile, scalar: Scalar): readonly number[] {
  // Computed once per scalar: an ability with thousands of errors must not be walked once for each.
  const known = offsetsCache.get(scalar);
  if (known !== undefined) return known;
  const offsets = computeScalarOffsets(file, scalar);
  offsetsCache.set(scalar, offsets);
  return offsets;
}

const offsetsCache = new WeakMap<Scalar, readonly number[]>();

function computeScalarOffsets(file: SourceFile, scalar: Scalar): number[] {
  const value = String(scalar.value);
  const [start, end] = scalar.range ?? [0, 0];
  const source = file.text.slice(start, end);
  const doubleQuoted = scalar.type === "QUOTE_DOUBLE";
  let si = 0;
  if (doubleQuoted || scalar.type === "QUOTE_SINGLE") si = 1;
  if (scalar.type === "BLOCK_LITERAL" || scalar.type === "BLOCK_FOLDED") si = source.indexOf("\n") + 1;
  const offsets: number[] = [];
  for (let vi = 0; vi < value.length; vi++) {
    // An escaped line break joins lines and stands for nothing: skip it and the indentation after it.
    while (doubleQuoted && source[si] === "\\" && (source[si + 1] === "\n" || source[si + 1] === "\r")) {
      si += 2;
      while (si < source.length && /[ \t\r\n]/.test(source[si]!)) si++;
    }
    if (doubleQuoted && source[si] === "\\") {
      const length = escapeLength(source, si);
      offsets.push(start + si);
      // \U beyond the BMP is two UTF-16 units in the value, one escape in the source.
      if (length === 10 && (value.codePointAt(vi) ?? 0) > 0xffff) offsets.push(start + si), vi++;
      si += length;
      continue;
    }
    const found = source.indexOf(value[vi]!, si);
    const at = found === -1 || found - si > 40 ? si : found;
    offsets.push(start + at);
    si = Math.min(at + 1, source.length);
  }
  offsets.push(start + si);
  return offsets;
}

/** The file range of characters [from, to) of the string value at `path`. */
export function rangeInScalar(file: SourceFile, path: DataPath, from: number, to: number): Range {
  const { node } = nodeAt(file, path);
  if (!isScalar(node) || typeof node.value !== "string") return nodeRange(file, node);
  const offsets = scalarOffsets(file, node);
  const clamp = (i: number): number => offsets[Math.max(0, Math.min(i, offsets.length - 1))]!;
  const startOffset = clamp(from);
  const endOffset = to > from ? clamp(to - 1) + 1 : startOffset;
  return rangeAt(file, startOffset, endOffset);
}

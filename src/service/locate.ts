/**
 * Where in a card file an offset is: a key of a card being written, the value
 * of one of its fields (and where inside that value), or elsewhere. Works on
 * a half-typed document: the YAML library reads what it can and the rest is
 * "elsewhere", never an exception.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair, type Scalar, type YAMLMap } from "yaml";
import { scalarOffsets, type SourceFile } from "../load/source-file.js";

/** A card's mapping in the file: its place in `cards`, and its kind when written. */
export interface CardAt {
  readonly index: number;
  readonly kind: string | undefined;
  readonly id: string | undefined;
  /** The card's keys already written. */
  readonly keys: readonly string[];
}

export type Place =
  /** On a key of a card (or where a new key is being typed); [start, end) is the key's text. */
  | { readonly kind: "card-key"; readonly card: CardAt; readonly typed: string; readonly start: number; readonly end: number }
  /** Inside the value of a card's field (an item of a list such as `types`, too). */
  | {
      readonly kind: "card-value";
      readonly card: CardAt;
      readonly field: string;
      /** The value as the YAML reads it (quotes and escapes resolved). */
      readonly value: string;
      /** Where the offset is in `value`. */
      readonly at: number;
      /** The file offset of each character of `value`, and one past its end. */
      readonly offsets: readonly number[];
    }
  /** A top-level key (`set`, `cards`, `vocabulary`). */
  | { readonly kind: "top-key"; readonly start: number; readonly end: number }
  | { readonly kind: "elsewhere" };

const elsewhere: Place = { kind: "elsewhere" };

/** The document read leniently (errors kept inside, not thrown), as a SourceFile for scalar offsets. */
export function readLeniently(text: string): SourceFile | undefined {
  try {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
    return { path: "", text, doc, lines };
  } catch {
    return undefined;
  }
}

const within = (node: { range?: [number, number, number] | null } | null | undefined, offset: number): boolean =>
  !!node?.range && node.range[0] <= offset && offset <= node.range[2];

function pairWithKey(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
}

function scalarText(node: unknown): string | undefined {
  return isScalar(node) && (typeof node.value === "string" || typeof node.value === "number") ? String(node.value) : undefined;
}

function cardAt(map: YAMLMap, index: number): CardAt {
  const keys = map.items.flatMap((p) => (isScalar(p.key) ? [String(p.key.value)] : []));
  return { index, kind: scalarText(pairWithKey(map, "kind")?.value), id: scalarText(pairWithKey(map, "id")?.value), keys };
}

/** The position inside a scalar's value of a file offset: the characters that start before it. */
function valuePlace(file: SourceFile, scalar: Scalar, offset: number): { value: string; at: number; offsets: readonly number[] } {
  const value = String(scalar.value ?? "");
  const offsets = scalarOffsets(file, scalar);
  let at = 0;
  while (at < value.length && offsets[at]! < offset) at++;
  return { value, at, offsets };
}

/** A field whose value is empty so far (`ability:` then the cursor): its value starts at the offset. */
function emptyValue(card: CardAt, field: string, offset: number): Place {
  return { kind: "card-value", card, field, value: "", at: 0, offsets: [offset] };
}

function inCard(file: SourceFile, map: YAMLMap, index: number, offset: number): Place {
  const card = cardAt(map, index);
  for (const pair of map.items) {
    const key = pair.key as Node | null;
    const value = pair.value as Node | null;
    if (within(key, offset) && isScalar(key)) {
      // A key alone on its line is a key being typed; a key followed by its colon is where a value may start.
      const keyEnd = key.range![1];
      const colon = file.text.indexOf(":", keyEnd);
      const afterColon = colon >= 0 && colon < offset && !file.text.slice(keyEnd, colon).includes("\n");
      if (!afterColon) return { kind: "card-key", card, typed: String(key.value), start: key.range![0], end: keyEnd };
    }
    const field = scalarText(key);
    if (field === undefined) continue;
    if (isScalar(value) && within(value, offset)) {
      if (value.value === null) return emptyValue(card, field, offset);
      return { kind: "card-value", card, field, ...valuePlace(file, value, offset) };
    }
    if (isSeq(value) && within(value, offset)) {
      const item = value.items.find((i) => within(i as Node, offset));
      if (isScalar(item)) return { kind: "card-value", card, field, ...valuePlace(file, item, offset) };
      return emptyValue(card, field, offset);
    }
    // `ability: ` with the cursor after it: the pair has no value node yet.
    if ((value === null || (isScalar(value) && value.value === null)) && key?.range && key.range[1] < offset) {
      const lineEnd = file.text.indexOf("\n", key.range[1]);
      if (lineEnd === -1 || offset <= lineEnd) return emptyValue(card, field, offset);
    }
  }
  const lineStart = file.text.lastIndexOf("\n", offset - 1) + 1;
  const typed = /^[ \t]*(?:-[ \t]+)?([A-Za-z]*)$/.exec(file.text.slice(lineStart, offset));
  return typed ? { kind: "card-key", card, typed: typed[1]!, start: offset - typed[1]!.length, end: offset } : elsewhere;
}

/** Where `offset` is in the card file `text`. */
export function locate(text: string, offset: number): Place {
  const file = readLeniently(text);
  if (file === undefined) return elsewhere;
  return locateIn(file, offset);
}

export function locateIn(file: SourceFile, offset: number): Place {
  const top = file.doc.contents;
  if (!isMap(top)) return topKey(file, offset);
  const cards = pairWithKey(top, "cards")?.value;
  if (isSeq(cards)) {
    for (const [index, item] of cards.items.entries()) {
      if (isMap(item) && within(item, offset)) return inCard(file, item, index, offset);
    }
  }
  return topKey(file, offset);
}

/** A word at the left margin being typed: a top-level key. */
function topKey(file: SourceFile, offset: number): Place {
  const lineStart = file.text.lastIndexOf("\n", offset - 1) + 1;
  const typed = /^[A-Za-z]*$/.exec(file.text.slice(lineStart, offset));
  return typed ? { kind: "top-key", start: lineStart, end: offset } : elsewhere;
}

/** The word (letters, digits, hyphens) of `value` around `at`: [start, end) in the value. */
export function wordAround(value: string, at: number): { start: number; end: number; word: string } | undefined {
  let start = at;
  let end = at;
  while (start > 0 && /[A-Za-z0-9-]/.test(value[start - 1]!)) start--;
  while (end < value.length && /[A-Za-z0-9-]/.test(value[end]!)) end++;
  if (start === end) return undefined;
  return { start, end, word: value.slice(start, end) };
}

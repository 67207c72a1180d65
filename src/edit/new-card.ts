/**
 * `state51 new`'s edits, as pure functions (text in, text out) so an editor's
 * "new card" action can make the same ones: a card template that validates,
 * each value the designer must replace marked `# TODO: …` (S51-W402 until the
 * mark goes), appended to a file without touching a byte of what is there.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from "yaml";
import { elisionProblem } from "../check/elision.js";
import { placeholderMark } from "../check/placeholders.js";
import type { CardKind } from "../schema/card-file.js";
import { keyOrderAt } from "./format-card-file.js";
import { breaksWithCrlf, toCrlf, toLf } from "./line-breaks.js";
import { yamlScalar } from "./yaml-scalar.js";

/** The id rule of grammar/cards.schema.json, in words and as a pattern. */
export const idRule = "lower-case letters and digits, in words joined by single hyphens, starting with a letter (e.g. old-factory)";
export const idPattern = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** What `text` would be as an id ("Old Factory" -> "old-factory"), or undefined when nothing is left. */
export function idFrom(text: string): string | undefined {
  const id = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "");
  return idPattern.test(id) ? id : undefined;
}

/** A name to start from: the id's words, capitalised ("old-factory" -> "Old Factory"). */
export function titleFromId(id: string): string {
  return id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

const todo = (what: string): string => ` # ${placeholderMark}: ${what}`;

/** A template's lines for one card: `- id: …` then its fields, indented as a list item is, each placeholder marked. */
export function cardTemplate(kind: CardKind, id: string, faction?: string): string[] {
  // An id may be a word YAML reads as something else (`true`, `null`): every value goes through yamlScalar.
  const title = yamlScalar(titleFromId(id), true);
  const name = `name: { en: ${title}, fr: ${title} }${todo("its name in English and in French")}`;
  const fields: Record<CardKind, string[]> = {
    location: [
      name,
      `distance: 1${todo("1, 2 or 3")}`,
      `types: [scrap]${todo("its card types, 1 to 3 of scrap, fuel, weapons, building-material, universal")}`,
      `spoils: gain 2 scrap${todo("the red part, what conquering it gives, e.g. gain 3 scrap")}`,
      `agreement: gain 1 scrap${todo("the blue part, what cooperating with it gives once")}`,
      `pattern: open-production${todo("action, open-production, closed-production or trait")}`,
      `ability: produce 1 scrap${todo("the grey part, e.g. produce 1 scrap, or action: pay 1 fuel -> 2 vp")}`,
    ],
    leader: [
      name,
      `resources: 1 scrap${todo("what it comes into play with, or delete this line")}`,
      `ability: after conquer -> 1 vp${todo('its one ability, "after …" or an action')}`,
    ],
    contact: [
      name,
      `use: one-time${todo("one-time, or permanent with a faction: line")}`,
      `colour: conquest${todo("conquest, cooperation, incorporation or universal")}`,
      `range: 1${todo("1 to 3, as its colour allows")}`,
      `price: 1 scrap${todo("what using it costs, or delete this line")}`,
    ],
    base: [
      name,
      `faction: ${yamlScalar(faction ?? id)}${todo("the faction whose Base it is")}`,
      `ability: produce 3 workers, 1 scrap; slots 3 deals${todo("what it produces and holds, and a faction power if any")}`,
    ],
  };
  return [`- id: ${yamlScalar(id)}`, `  kind: ${kind}`, ...fields[kind].map((f) => `  ${f}`)];
}

/** A vocabulary entry for a new faction (a new Base needs one of its own), its names marked as placeholders. */
export function factionTemplate(id: string): string[] {
  const name = titleFromId(id);
  const elision = elisionProblem({ one: name, other: name, gender: "feminine", elision: false }) !== undefined;
  const title = yamlScalar(name, true);
  return [
    `- id: ${yamlScalar(id)}`,
    `  en: { one: ${title}, other: ${title} }${todo("the faction's English name")}`,
    `  fr: { one: ${title}, other: ${title}, gender: feminine, elision: ${elision} }${todo("its French name, gender and elision")}`,
  ];
}

export type Edit = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: string };

/** The end of the line where `node`'s content ends (a collection's range runs on past its last line break). */
function endOfLine(text: string, node: Node): number {
  let end = node.range![1];
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  const n = text.indexOf("\n", end);
  return n < 0 ? text.length : n;
}

const indented = (lines: readonly string[], indent: number): string => lines.map((l) => " ".repeat(indent) + l).join("\n");

/** The nesting `key:` lines for `keys`, then `item` under the last, starting at column `indent`. */
function nested(keys: readonly string[], item: readonly string[], indent: number): string {
  return keys.map((k, i) => " ".repeat(indent + 2 * i) + `${k}:`).join("\n") + "\n" + indented(item, indent + 2 * keys.length);
}

const pairOf = (map: Node, key: string): Pair | undefined =>
  isMap(map) ? (map.items as Pair[]).find((p) => isScalar(p.key) && p.key.value === key) : undefined;

/** The start of the comment lines right above the line starting at `lineStart` (they go with that line's key), or `lineStart`. */
function commentsAbove(text: string, lineStart: number): number {
  let at = lineStart;
  while (at > 0) {
    const previous = text.lastIndexOf("\n", at - 2) + 1;
    if (!text.slice(previous, at).trimStart().startsWith("#")) break;
    at = previous;
  }
  return at;
}

/**
 * The first key of `map` that the canonical order puts after `key` (the map
 * being at `path`), as fmt would sort them: a new key goes before it.
 */
function keyAfter(map: Node, path: readonly string[], key: string): { index: number; pair: Pair } | undefined {
  const order = keyOrderAt(path);
  const rank = order.indexOf(key);
  if (rank < 0 || !isMap(map)) return undefined;
  const index = (map.items as Pair[]).findIndex((p) => isScalar(p.key) && typeof p.key.value === "string" && order.indexOf(p.key.value) > rank);
  return index < 0 ? undefined : { index, pair: map.items[index] as Pair };
}

/**
 * `text` with `item` (a list item's lines, `- …` first) appended to the block
 * list at `path` (["cards"], ["vocabulary", "factions"]), the missing keys of
 * the path made at the end of their mapping. Only the new lines are added,
 * with the file's line breaks: every other byte of the file stays as it was.
 * A blank line goes before the item when `blankBefore` (cards are set apart
 * by one).
 */
export function appendListItem(text: string, path: readonly string[], item: readonly string[], blankBefore: boolean): Edit {
  if (breaksWithCrlf(text)) {
    const edit = appendListItem(toLf(text), path, item, blankBefore);
    return edit.ok ? { ok: true, text: toCrlf(edit.text) } : edit;
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) return { ok: false, problem: "the file is not valid YAML: run `state51 validate` on it" };
  const column = (offset: number): number => lines.linePos(offset).col - 1;
  const gap = blankBefore ? "\n\n" : "\n";
  let map: Node | null = doc.contents as Node | null;
  if (map === null) return { ok: true, text: text + (text === "" || text.endsWith("\n") ? "" : "\n") + nested(path, item, 0) + "\n" };
  for (let i = 0; i < path.length; i++) {
    if (!isMap(map) || map.flow === true) return { ok: false, problem: `${path.slice(0, i).join(".") || "the file"} is not a block mapping` };
    const indent = column(map.range![0]);
    const pair = pairOf(map, path[i]!);
    if (pair === undefined) {
      // fmt sets the vocabulary's sections apart by a blank line.
      const sections = i === 1 && path[0] === "vocabulary";
      const block = nested(path.slice(i), item, indent);
      // The missing keys go where fmt would put them: before the first key the canonical order puts after them (`vocabulary` before `cards`) ...
      const next = keyAfter(map, path.slice(0, i), path[i]!);
      if (next !== undefined) {
        const keyLine = (next.pair.key as Node).range![0] - column((next.pair.key as Node).range![0]);
        // ... and before that key's comments, except a file's header above its first key, which fmt keeps on top.
        const at = i === 0 && next.index === 0 ? keyLine : commentsAbove(text, keyLine);
        return { ok: true, text: `${text.slice(0, at)}${block}\n${sections ? "\n" : ""}${text.slice(at)}` };
      }
      // ... or after the mapping's last value, at its indentation.
      const at = i === 0 ? text.length : endOfLine(text, map);
      const before = text.slice(0, at).replace(/\n*$/, "");
      return { ok: true, text: `${before}${i === 0 || sections ? "\n\n" : "\n"}${block}${i === 0 ? "\n" : ""}${text.slice(at)}` };
    }
    const value = pair.value as Node | null;
    if (i < path.length - 1) {
      map = value;
      continue;
    }
    const keyLine = endOfLine(text, pair.key as Node);
    if (value === null || (isScalar(value) && value.value === null)) {
      return { ok: true, text: text.slice(0, keyLine) + "\n" + indented(item, indent + 2) + text.slice(keyLine) };
    }
    if (!isSeq(value)) return { ok: false, problem: `\`${path.join(".")}\` is not a list` };
    if (value.flow === true) {
      if (value.items.length > 0) return { ok: false, problem: `\`${path.join(".")}\` is a [ … ] list: write it as a block list (- …) first` };
      const [start, end] = value.range!;
      return { ok: true, text: text.slice(0, start).replace(/ +$/, "") + "\n" + indented(item, indent + 2) + text.slice(end) };
    }
    const at = endOfLine(text, value.items.at(-1) as Node);
    return { ok: true, text: text.slice(0, at) + gap + indented(item, column(value.range![0])) + text.slice(at) };
  }
  return { ok: false, problem: "an empty path" };
}

/** A new card file holding one card (and, for a new faction's Base, the faction). */
export function newCardFile(set: string, schemaRef: string, card: readonly string[], faction?: readonly string[]): string {
  const vocabulary = faction === undefined ? "" : nested(["vocabulary", "factions"], faction, 0) + "\n";
  return `# yaml-language-server: $schema=${schemaRef}\nset: ${yamlScalar(set)}\n${vocabulary}${nested(["cards"], card, 0)}\n`;
}

/**
 * Signing off text locks (`state51 locks accept`, and the editor's quick fix
 * for S51-W401), as pure functions: which locks of a file differ from the text
 * generated today, and the file with those locks rewritten. Only the locks'
 * values change; every other byte of the file, comments included, stays.
 */
import { isMap, isScalar, isSeq, parseDocument, Scalar, type Document, type Node } from "yaml";
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { sameText } from "../locks/word-diff.js";
import { partNames, textRenderer, type CardText, type PartName, type TextRenderer } from "../text/render.js";
import { langs, type Lang } from "../text/words.js";
import { yamlScalar } from "./yaml-scalar.js";

/** One lock to rewrite: card `id`'s `part` in `lang` becomes `text`. */
export interface LockUpdate {
  readonly id: string;
  readonly part: PartName;
  readonly lang: Lang;
  readonly text: string;
}

/** A lock found in a file, where its value is written (offsets in the file's text) and what it says. */
export interface FoundLock {
  readonly id: string;
  readonly part: PartName;
  readonly lang: Lang;
  readonly lock: string;
  readonly start: number;
  readonly end: number;
}

/** A differing lock: its update, or none when the card no longer prints that part (the lock is to be removed by hand). */
export interface LockChange extends FoundLock {
  readonly generated: string | undefined;
}

function cardsOf(doc: Document): Node[] {
  const cards = isMap(doc.contents) ? doc.contents.get("cards", true) : undefined;
  return isSeq(cards) ? (cards.items as Node[]) : [];
}

/** Every lock of the file's cards whose value is a string, card by card. */
export function locksIn(text: string): FoundLock[] {
  const doc = parseDocument(text);
  const out: FoundLock[] = [];
  for (const card of cardsOf(doc)) {
    if (!isMap(card)) continue;
    const id = card.get("id");
    const locks = card.get("text", true);
    if (typeof id !== "string" || !isMap(locks)) continue;
    for (const part of partNames) {
      const byLang = locks.get(part, true);
      if (!isMap(byLang)) continue;
      for (const lang of langs) {
        const value = byLang.get(lang, true);
        if (isScalar(value) && typeof value.value === "string" && value.range) out.push({ id, part, lang, lock: value.value, start: value.range[0], end: value.range[1] });
      }
    }
  }
  return out;
}

/**
 * The locks of `text` that differ from the text generated today for the
 * checked `cards`, those of the cards `ids` only when given. A lock whose card
 * is not among `cards` (it did not check) is left alone.
 */
export function differingLocks(text: string, cards: readonly Card[], vocabulary: Vocabulary, ids?: readonly string[]): LockChange[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const renderers = new Map<Lang, TextRenderer>();
  const rendered = new Map<string, CardText>();
  const generate = (card: Card, lang: Lang): CardText => {
    const key = `${lang}\u0000${card.id}`;
    let t = rendered.get(key);
    if (t === undefined) {
      let r = renderers.get(lang);
      if (r === undefined) renderers.set(lang, (r = textRenderer(vocabulary, lang)));
      rendered.set(key, (t = r.card(card)));
    }
    return t;
  };
  return locksIn(text).sort((a, b) => a.start - b.start).flatMap((found) => {
    const card = byId.get(found.id);
    if (card === undefined || (ids !== undefined && !ids.includes(found.id))) return [];
    const generated = generate(card, found.lang).parts[found.part];
    return generated !== undefined && sameText(found.lock, generated) ? [] : [{ ...found, generated }];
  });
}

/** A lock as written to the file: the generated text with its non-breaking spaces as spaces (a lock compares them equal), so the file stays readable. */
export function lockText(generated: string): string {
  return generated.replace(/[\u00a0\u202f]/g, " ");
}

/** `value` written as a scalar where `old` was: in its quoting when that reads back as the same string, otherwise in double quotes. */
function scalarText(value: string, old: Scalar, inFlow: boolean): string {
  const double = JSON.stringify(value);
  if (old.type === Scalar.QUOTE_DOUBLE) return double;
  if (old.type === Scalar.QUOTE_SINGLE) return value.includes("\n") ? double : `'${value.replace(/'/g, "''")}'`;
  return yamlScalar(value, inFlow);
}

/**
 * `text` with each lock named by `updates` holding its new text. A lock that is
 * not in the file (no such card, part or language) is passed over: the result
 * says which were written.
 */
export function acceptLocks(text: string, updates: readonly LockUpdate[]): { readonly text: string; readonly written: readonly LockUpdate[] } {
  const doc = parseDocument(text);
  const edits: { start: number; end: number; with: string; update: LockUpdate }[] = [];
  for (const update of updates) {
    const card = cardsOf(doc).find((c) => isMap(c) && c.get("id") === update.id);
    const byLang = isMap(card) ? card.getIn(["text", update.part], true) : undefined;
    const value = isMap(byLang) ? byLang.get(update.lang, true) : undefined;
    if (!isScalar(value) || !value.range || !isMap(byLang)) continue;
    // A block scalar's range runs on over its last line break, which stays.
    let end = value.range[1];
    while (end > value.range[0] && /\s/.test(text[end - 1]!)) end--;
    edits.push({ start: value.range[0], end, with: scalarText(lockText(update.text), value, byLang.flow === true), update });
  }
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.with + out.slice(e.end);
  return { text: out, written: edits.map((e) => e.update) };
}

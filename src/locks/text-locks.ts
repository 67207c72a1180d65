/**
 * The text-locks stage, after check: a card may carry, under `text:`, the
 * wording a designer signed off for some of its printed parts, per language.
 * Each locked part is rendered from the checked card (src/text) and compared
 * with its lock, spaces normalised; a difference is S51-W401 with a word diff,
 * so a rules change that alters printed text never slips through unseen.
 *
 * Only cards with locks are rendered, so a set without locks costs nothing.
 */
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { diagnostic, type Diagnostic, type Severity } from "../diagnostics/diagnostic.js";
import { valueRange } from "../load/source-file.js";
import type { ParsedCard } from "../parse/parse-cards.js";
import type { LockedText } from "../schema/card-file.js";
import { partNames, textRenderer, type CardText, type PartName, type TextRenderer } from "../text/render.js";
import { langs, type Lang } from "../text/words.js";
import { sameText, wordDiff } from "./word-diff.js";

export interface TextLockOptions {
  /** `validate --strict`: a lock that differs is an error, not a warning. */
  readonly strict?: boolean;
}

const languageNames: Record<Lang, string> = { en: "English", fr: "French" };

/** The card fields a printed part is written from: what to change back. */
const sourceFields: Record<PartName, string> = {
  spoils: "`spoils`",
  agreement: "`agreement`",
  ability: "`ability`",
  production: "`ability`",
  contact: "`colour`, `range` or `price`",
  resources: "`resources`",
};

function lockDiagnostic(card: ParsedCard, part: PartName, lang: Lang, lock: string, generated: string | undefined, severity: Severity): Diagnostic {
  const where = valueRange(card.file, [...card.path, "text", part, lang]);
  const args = { language: languageNames[lang], part, id: card.data.id, diff: wordDiff(lock, generated ?? "") };
  // A Base prints an ability part only for a faction power, written in its `ability` after its production.
  const restore = card.data.kind === "base" && part === "ability" ? "a faction power in its `ability`" : `its ${sourceFields[part]} back`;
  const hint =
    generated === undefined
      ? `the card prints no ${part} part: remove this lock, or give the card ${restore}`
      : `if the new wording is right, update the lock to ${JSON.stringify(generated)}; if not, change the card's ${sourceFields[part]} back`;
  return diagnostic(card.file.path, where, "S51-W401", args, hint, severity);
}

/**
 * Compares every lock of every checked card with the text generated for it.
 * `parsed` gives each card's data (its locks) and place in its file; ids are
 * unique among them, since duplicates are dropped before parsing.
 */
export function checkTextLocks(
  parsed: readonly ParsedCard[],
  cards: readonly Card[],
  vocabulary: Vocabulary,
  out: Diagnostic[],
  options: TextLockOptions = {},
): void {
  const locked = new Map<string, ParsedCard>();
  for (const p of parsed) if (p.data.text !== undefined) locked.set(p.data.id, p);
  if (locked.size === 0) return;
  const severity: Severity = options.strict ? "error" : "warning";
  const renderers = new Map<Lang, TextRenderer>();
  const renderer = (lang: Lang): TextRenderer => {
    let r = renderers.get(lang);
    if (!r) renderers.set(lang, (r = textRenderer(vocabulary, lang)));
    return r;
  };
  for (const card of cards) {
    const source = locked.get(card.id);
    if (!source) continue;
    const locks = source.data.text as Readonly<Partial<Record<PartName, LockedText>>>;
    for (const lang of langs) {
      let text: CardText | undefined;
      for (const part of partNames) {
        const lock = locks[part]?.[lang];
        if (lock === undefined) continue;
        text ??= renderer(lang).card(card);
        const generated = text.parts[part];
        if (generated !== undefined && sameText(lock, generated)) continue;
        out.push(lockDiagnostic(source, part, lang, lock, generated, severity));
      }
    }
  }
}

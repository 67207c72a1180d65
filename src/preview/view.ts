/**
 * What the preview shows, worked out from one validation and the view
 * before it: every valid card rendered as it prints, English beside French,
 * and the set's diagnostics. A card that was valid and no longer is (its file
 * half-saved, a typo in its ability) keeps its last valid rendering, marked
 * stale, for as long as its file has errors: the designer still sees the rest
 * of the set, and the card reappears fresh once it validates again.
 */
import type { Card } from "../check/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { cardHtml } from "../print/card-html.js";
import type { ValidationResult } from "../pipeline/validate.js";
import type { CardKind } from "../schema/card-file.js";
import { textRenderer, type CardText } from "../text/render.js";

/** One card as the page shows it. */
export interface Entry {
  readonly id: string;
  readonly kind: CardKind;
  /** Where the card was written (the path as diagnostics give it) and its line. */
  readonly file: string;
  readonly line: number;
  /** The card printed in English and in French (from `cardHtml`, escaped there). */
  readonly en: string;
  readonly fr: string;
  /** What the filter matches: id, names, kind, types, faction, set; folded (see `fold`). */
  readonly search: string;
  /** Not valid now: this is its last valid rendering. */
  readonly stale: boolean;
}

export interface View {
  readonly entries: readonly Entry[];
  readonly diagnostics: readonly Diagnostic[];
  /** The cards valid now (for the summary line). */
  readonly cards: readonly Card[];
  /** Each file's text, for the diagnostics' code frames. */
  readonly texts: ReadonlyMap<string, string>;
}

/** Lower case without accents, so "decharge" finds « Décharge »; the page folds what is typed the same way. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function searchText(card: Card, texts: readonly CardText[]): string {
  const words = [card.id, card.kind, card.set, ...texts.flatMap((t) => [t.name, t.kindName, ...t.types, ...(t.faction === undefined ? [] : [t.faction])])];
  return fold([...new Set(words)].join(" "));
}

/** The entries of the cards valid in `result`, rendered in both languages. */
function freshEntries(result: ValidationResult): Entry[] {
  const en = textRenderer(result.vocabulary, "en");
  const fr = textRenderer(result.vocabulary, "fr");
  const looks = result.vocabulary.cardTypes;
  return result.cards.map((card) => {
    const texts = [en.card(card), fr.card(card)] as const;
    return {
      id: card.id,
      kind: card.kind,
      file: card.origin.file,
      line: card.origin.line,
      en: cardHtml(card, texts[0], looks),
      fr: cardHtml(card, texts[1], looks),
      search: searchText(card, texts),
      stale: false,
    };
  });
}

/**
 * The view after `result`: its valid cards, then each card of `previous` that
 * is gone while its file has errors (its last valid rendering, stale), in the
 * set's order (file, then line). A card gone from a file without errors was
 * removed or renamed, and goes.
 */
export function nextView(previous: View | undefined, result: ValidationResult): View {
  const fresh = freshEntries(result);
  const ids = new Set(fresh.map((e) => e.id));
  const broken = new Set(result.diagnostics.filter((d) => d.severity === "error").map((d) => d.file));
  const fileOrder = new Map(result.files.map((f, i) => [f, i]));
  const kept = (previous?.entries ?? []).filter((e) => !ids.has(e.id) && broken.has(e.file) && fileOrder.has(e.file)).map((e) => ({ ...e, stale: true }));
  const entries = [...fresh, ...kept].sort((a, b) => fileOrder.get(a.file)! - fileOrder.get(b.file)! || a.line - b.line || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { entries, diagnostics: result.diagnostics, cards: result.cards, texts: result.texts };
}

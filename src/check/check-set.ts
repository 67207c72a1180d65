/**
 * The check stage over a whole card set: vocabulary from every file, each
 * card against the rules of its kind, and ids unique across all files.
 */
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { valueRange, type DataPath, type SourceFile } from "../load/source-file.js";
import type { ParsedCard } from "../parse/parse-cards.js";
import { checkBase, checkContact, checkLeader, checkLocation, type CardContext, type CommonFields } from "./card-rules.js";
import type { Card } from "./model.js";
import type { Vocabulary } from "./vocabulary.js";

function checkCard(ctx: CardContext): Card | undefined {
  const { data, file, path, set } = ctx.card;
  const common: CommonFields = { id: data.id, name: data.name, set, origin: { file: file.path, line: valueRange(file, path).start.line } };
  switch (data.kind) {
    case "base":
      return checkBase(ctx, data, common);
    case "contact":
      return checkContact(ctx, data, common);
    case "leader":
      return checkLeader(ctx, data, common);
    case "location":
      return checkLocation(ctx, data, common);
  }
}

/** Where a card with an id was written: enough to report a duplicate. */
export interface CardPlace {
  readonly id: string;
  readonly file: SourceFile;
  readonly path: DataPath;
}

/**
 * Ids are unique across every loaded file. Runs on every card the schema
 * accepted, before parsing, so a duplicate is reported even when the card has
 * other problems. Returns the later copies.
 */
export function reportDuplicateIds<T extends CardPlace>(cards: readonly T[], out: Diagnostic[]): Set<T> {
  const first = new Map<string, T>();
  const duplicates = new Set<T>();
  for (const card of cards) {
    const earlier = first.get(card.id);
    if (!earlier) {
      first.set(card.id, card);
      continue;
    }
    const where = valueRange(earlier.file, [...earlier.path, "id"]).start;
    out.push(
      diagnostic(
        card.file.path,
        valueRange(card.file, [...card.path, "id"]),
        "S51-E307",
        { id: card.id },
        `first defined at ${earlier.file.path}:${where.line}:${where.column}; ids are unique across every loaded file`,
      ),
    );
    duplicates.add(card);
  }
  return duplicates;
}

/** Each faction has one Base card (rulebook, "Base cards"). */
function reportSecondBases(cards: readonly ParsedCard[], checked: readonly Card[], out: Diagnostic[]): void {
  const firstBase = new Map<string, ParsedCard>();
  for (const card of checked) {
    if (card.kind !== "base") continue;
    const parsed = cards.find((p) => p.data.id === card.id)!;
    const earlier = firstBase.get(card.faction);
    if (!earlier) {
      firstBase.set(card.faction, parsed);
      continue;
    }
    out.push(
      diagnostic(parsed.file.path, valueRange(parsed.file, [...parsed.path, "faction"]), "S51-E351", { faction: card.faction, base: earlier.data.id }, "each faction has exactly one Base card"),
    );
  }
}

export function checkCards(cards: readonly ParsedCard[], vocabulary: Vocabulary, out: Diagnostic[]): Card[] {
  const checked: Card[] = [];
  for (const card of cards) {
    const result = checkCard({ card, vocabulary, out });
    if (result) checked.push(result);
  }
  reportSecondBases(cards, checked, out);
  return checked;
}

/**
 * A card type's name as the constructs' sentences print it: English bare
 * ("a Scrap Location"), French between guillemets as the French rulebook
 * writes it (« une carte de type « Ferraille » »). One place, so every
 * construct that names a card type says it alike.
 */
import type { Sayings } from "../text/phrasebook.js";
import { aTerm, term, termName } from "../text/words.js";

/** "Scrap", "Weapons". */
export function typeEn(say: Sayings, id: string): string {
  return termName(term(say.vocabulary, "cardTypes", id), "en");
}

/** "a Scrap", "an Oil": the type with its English article, for "a Scrap card". */
export function aTypeEn(say: Sayings, id: string): string {
  return aTerm(term(say.vocabulary, "cardTypes", id));
}

/** « Ferraille » (typography adds the non-breaking spaces inside). */
export function typeFr(say: Sayings, id: string): string {
  return `« ${termName(term(say.vocabulary, "cardTypes", id), "fr")} »`;
}

/**
 * The language packs, one typed table: a language is a key of `Lang`
 * (words.ts) and one module exporting its pack (en.ts, fr.ts). The table's
 * type asks for every `Lang`, so a language without a pack, or a pack without
 * a piece, does not compile; nothing falls back to another language.
 */
import type { Vocabulary } from "../check/vocabulary.js";
import { englishPack } from "./en.js";
import { frenchPack } from "./fr.js";
import type { Phrasebook } from "./phrasebook.js";
import type { PartName } from "./render.js";
import { langs, type Lang } from "./words.js";

export interface LanguagePack<L extends Lang = Lang> {
  readonly lang: L;
  /** The sentences of a card, with the words of the vocabulary (its `L` names, forms, elision or article). */
  readonly phrasebook: (vocabulary: Vocabulary) => Phrasebook;
  /** Applied to every finished string in the language (French: non-breaking spaces, typographic apostrophes). */
  readonly typography: (text: string) => string;
  /** The printed parts' labels: "Spoils", "Butin". */
  readonly partLabels: { readonly [P in PartName]: string };
  /** "distance" in a Location's headline. */
  readonly distanceWord: string;
  /** The title of the whole set's text file. */
  readonly setTitle: string;
  /** The title of the example expansion's text (cards/examples/), in the language too: it is read as the set is. */
  readonly exampleSetTitle: string;
}

export const languagePacks: { readonly [L in Lang]: LanguagePack<L> } = { en: englishPack, fr: frenchPack };

/** One piece of every pack, by language: `perLanguage((p) => p.setTitle)`. */
export function perLanguage<T>(piece: (pack: LanguagePack) => T): { readonly [L in Lang]: T } {
  return Object.fromEntries(langs.map((l) => [l, piece(languagePacks[l])])) as { [L in Lang]: T };
}

/**
 * The vocabulary: every word the card language knows, merged from the
 * `vocabulary:` sections of all loaded files (the base set's, then any
 * expansion's). The checker resolves ability words here.
 */
import type { SentenceData, TermData, VocabularyData } from "../schema/card-file.js";

export type Namespace = Exclude<keyof VocabularyData, "lookoutAbilities">;

export interface Term extends TermData {
  readonly namespace: Namespace;
}

export interface Vocabulary {
  readonly resources: ReadonlyMap<string, Term>;
  readonly cardTypes: ReadonlyMap<string, Term>;
  readonly contactColours: ReadonlyMap<string, Term>;
  readonly factions: ReadonlyMap<string, Term>;
  readonly tokens: ReadonlyMap<string, Term>;
  readonly triggers: ReadonlyMap<string, Term>;
  readonly lookoutAbilities: ReadonlyMap<string, SentenceData>;
  /** Written word → term, per namespace (`workers` → worker). */
  readonly words: { readonly [N in Namespace]: ReadonlyMap<string, Term> };
}

export const namespaces: readonly Namespace[] = ["resources", "cardTypes", "contactColours", "factions", "tokens", "triggers"];

/** What a namespace is called in a message: "unknown resource". */
export const namespaceNoun: { readonly [N in Namespace | "lookoutAbilities"]: string } = {
  resources: "resource",
  cardTypes: "card type",
  contactColours: "contact colour",
  factions: "faction",
  tokens: "token",
  triggers: "leader trigger",
  lookoutAbilities: "Lookout ability",
};

export interface VocabularySource {
  readonly data: VocabularyData;
  /** Reports an entry that redefines an id; `index` is its place in its list. */
  readonly duplicate: (namespace: keyof VocabularyData, index: number, id: string) => void;
}

/** Merges vocabulary sections in load order; a redefined id is reported and the first one kept. */
export function buildVocabulary(sources: readonly VocabularySource[]): Vocabulary {
  const maps = Object.fromEntries(namespaces.map((n) => [n, new Map<string, Term>()])) as { [N in Namespace]: Map<string, Term> };
  const words = Object.fromEntries(namespaces.map((n) => [n, new Map<string, Term>()])) as { [N in Namespace]: Map<string, Term> };
  const lookoutAbilities = new Map<string, SentenceData>();
  for (const { data, duplicate } of sources) {
    for (const namespace of namespaces) {
      (data[namespace] ?? []).forEach((entry: TermData, index: number) => {
        if (maps[namespace].has(entry.id)) return duplicate(namespace, index, entry.id);
        const term: Term = { ...entry, namespace };
        maps[namespace].set(entry.id, term);
        for (const w of entry.words ?? [entry.id]) words[namespace].set(w, term);
      });
    }
    (data.lookoutAbilities ?? []).forEach((entry, index) => {
      if (lookoutAbilities.has(entry.id)) return duplicate("lookoutAbilities", index, entry.id);
      lookoutAbilities.set(entry.id, entry);
    });
  }
  return { ...maps, lookoutAbilities, words };
}

/** Is this resource one of the basic four (the universal resource is not)? */
export function isBasicResource(vocabulary: Vocabulary, id: string): boolean {
  return vocabulary.resources.get(id)?.basic !== false;
}

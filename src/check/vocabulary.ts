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
  /** The base set's vocabulary, the only one that may name the engine's own things. */
  readonly isBase: boolean;
  /** Reports a bad entry; `index` is its place in its list. */
  readonly problem: (namespace: keyof VocabularyData, index: number, message: string, hint: string) => void;
}

/**
 * Tokens, Leader triggers and Lookout abilities are things the engine must
 * know how to run, so only the base vocabulary names them; an expansion adds
 * resources, card types, contact colours and factions.
 */
const engineNamespaces: ReadonlySet<keyof VocabularyData> = new Set(["tokens", "triggers", "lookoutAbilities"]);

/**
 * Merges vocabulary sections in load order. A redefined id, a written word
 * that already means something else, a keyword of the language used as a
 * word, or an expansion naming engine things is reported, and the entry skipped.
 */
export function buildVocabulary(sources: readonly VocabularySource[], keywords: ReadonlySet<string> = new Set()): Vocabulary {
  const maps = Object.fromEntries(namespaces.map((n) => [n, new Map<string, Term>()])) as { [N in Namespace]: Map<string, Term> };
  const words = Object.fromEntries(namespaces.map((n) => [n, new Map<string, Term>()])) as { [N in Namespace]: Map<string, Term> };
  const lookoutAbilities = new Map<string, SentenceData>();
  const expansionOnly = "an expansion adds new words; it cannot redefine the base set's";
  for (const { data, isBase, problem } of sources) {
    for (const key of Object.keys(data) as (keyof VocabularyData)[]) {
      if (!isBase && engineNamespaces.has(key) && (data[key]?.length ?? 0) > 0) {
        const plural = key === "lookoutAbilities" ? "Lookout abilities" : `${namespaceNoun[key]}s`;
        problem(key, 0, `${plural} are the engine's own and come from the base vocabulary`, "an expansion may add resources, card types, contact colours and factions");
      }
    }
    for (const namespace of namespaces) {
      if (!isBase && engineNamespaces.has(namespace)) continue;
      (data[namespace] ?? []).forEach((entry: TermData, index: number) => {
        const noun = namespaceNoun[namespace];
        if (maps[namespace].has(entry.id)) return problem(namespace, index, `${noun} "${entry.id}" is already defined`, expansionOnly);
        const written = entry.words ?? [entry.id];
        // The base vocabulary's `card` is written with the grammar's own `card` keyword, on purpose.
        const keyword = isBase ? undefined : written.find((w) => keywords.has(w));
        if (keyword) return problem(namespace, index, `"${keyword}" is a keyword of the card language and cannot be a ${noun}`, "choose another word");
        const taken = written.find((w) => words[namespace].has(w));
        if (taken) return problem(namespace, index, `the word "${taken}" already means ${noun} "${words[namespace].get(taken)!.id}"`, expansionOnly);
        const term: Term = { ...entry, namespace };
        maps[namespace].set(entry.id, term);
        for (const w of written) words[namespace].set(w, term);
      });
    }
    if (!isBase) continue;
    (data.lookoutAbilities ?? []).forEach((entry, index) => {
      if (lookoutAbilities.has(entry.id)) return problem("lookoutAbilities", index, `Lookout ability "${entry.id}" is already defined`, expansionOnly);
      lookoutAbilities.set(entry.id, entry);
    });
  }
  return { ...maps, lookoutAbilities, words };
}

/** Is this resource one of the basic four (the universal resource is not)? */
export function isBasicResource(vocabulary: Vocabulary, id: string): boolean {
  return vocabulary.resources.get(id)?.basic !== false;
}

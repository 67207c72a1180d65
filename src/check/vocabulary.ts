/**
 * The vocabulary: every word the card language knows, merged from the
 * `vocabulary:` sections of all loaded files (the base set's, then any
 * expansion's). The checker resolves ability words here.
 */
import type { MessageArgs } from "../diagnostics/catalog.js";
import { didYouMean } from "../diagnostics/suggest.js";
import type { SentenceData, TermData, VocabularyData } from "../schema/card-file.js";
import { languageNames, langs, type Lang } from "../text/words.js";

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
  /** The files' entries the merge kept (by identity); a reported entry is skipped and not here. */
  readonly kept: ReadonlySet<TermData>;
}

export const namespaces: readonly Namespace[] = ["resources", "cardTypes", "contactColours", "factions", "tokens", "triggers"];

/** What a namespace is called in a message: "unknown resource". */
export const namespaceNoun: { readonly [N in Namespace | "lookoutAbilities"]: string } = {
  resources: "resource",
  cardTypes: "card type",
  contactColours: "contact colour",
  factions: "faction",
  tokens: "token",
  triggers: "trigger event",
  lookoutAbilities: "Lookout ability",
};

/** Where in an entry a problem is: its id (the default), one of its written words, or one of its printed names. */
export type EntryField = SpellingField | readonly ["action"];

/** The fields that spell an entry: its id, a written word, a printed name. */
type SpellingField = readonly ["id"] | readonly ["words", number] | readonly [Lang, "one" | "other"];

/** What a vocabulary problem is: an entry that clashes with another, a contact colour that performs no action, … */
export type VocabularyCode = "S51-E314" | "S51-E315" | "S51-E352" | "S51-E353" | "S51-E354" | "S51-E355" | "S51-E356" | "S51-E364";

export interface VocabularySource {
  readonly data: VocabularyData;
  /** The base set's vocabulary, the only one that may name the engine's own things. */
  readonly isBase: boolean;
  /** The file's `set`, named when two sets clash. */
  readonly set?: string;
  /** Reports a bad entry; `index` is its place in its list. */
  readonly problem: <C extends VocabularyCode>(namespace: keyof VocabularyData, index: number, code: C, args: MessageArgs<C>, hint: string, field?: EntryField) => void;
  /** "file:line:column" of an entry's field, for a message that points at a second place. */
  readonly place: (namespace: keyof VocabularyData, index: number, field?: EntryField) => string;
}

/**
 * Tokens, trigger events and Lookout abilities are things the engine must
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
  const kept = new Set<TermData>();
  const expansionOnly = "an expansion adds new words; it cannot redefine the base set's";
  const clashing = crossFileClashes(sources);
  for (const [sourceIndex, { data, isBase, problem }] of sources.entries()) {
    for (const key of Object.keys(data) as (keyof VocabularyData)[]) {
      if (!isBase && engineNamespaces.has(key) && (data[key]?.length ?? 0) > 0) {
        const plural = key === "lookoutAbilities" ? "Lookout abilities" : `${namespaceNoun[key]}s`;
        problem(key, 0, "S51-E355", { things: plural }, "an expansion may add resources, card types, contact colours and factions");
      }
    }
    for (const namespace of namespaces) {
      if (!isBase && engineNamespaces.has(namespace)) continue;
      (data[namespace] ?? []).forEach((entry: TermData, index: number) => {
        const noun = namespaceNoun[namespace];
        if (clashing.has(`${sourceIndex} ${namespace} ${index}`)) return;
        if (namespace === "contactColours" && !performsAction(entry, index, problem)) return;
        if (maps[namespace].has(entry.id)) return problem(namespace, index, "S51-E352", { noun, id: entry.id }, expansionOnly);
        // The engine counts tokens in objects keyed by id: a resource `constructor` read Object's function as its count.
        if (entry.id in Object.prototype) return problem(namespace, index, "S51-E364", { noun, id: entry.id }, `choose another id, e.g. "${entry.id}s"`, ["id"]);
        const written = entry.words ?? [entry.id];
        // The base vocabulary's `card` is written with the grammar's own `card` keyword, on purpose.
        const keyword = isBase ? undefined : written.find((w) => keywords.has(w));
        if (keyword) return problem(namespace, index, "S51-E353", { keyword, noun }, "choose another word");
        const taken = written.find((w) => words[namespace].has(w));
        if (taken) return problem(namespace, index, "S51-E354", { word: taken, noun, id: words[namespace].get(taken)!.id }, expansionOnly);
        const term: Term = { ...entry, namespace };
        kept.add(entry);
        maps[namespace].set(entry.id, term);
        for (const w of written) words[namespace].set(w, term);
      });
    }
    if (!isBase) continue;
    (data.lookoutAbilities ?? []).forEach((entry, index) => {
      if (lookoutAbilities.has(entry.id)) return problem("lookoutAbilities", index, "S51-E352", { noun: "Lookout ability", id: entry.id }, expansionOnly);
      lookoutAbilities.set(entry.id, entry);
    });
  }
  return { ...maps, lookoutAbilities, words, kept };
}

/** The actions a contact colour gives range for: `actions`, or the one `action`. */
export function colourActions(term: TermData): readonly DeployAction[] {
  const listed = term.actions ?? (term.action === undefined ? [] : [term.action]);
  return listed.filter((a): a is DeployAction => (deployActions as readonly string[]).includes(a));
}

/** The actions a Contact's range pays for (rulebook: Conquest, Cooperation, Incorporation). */
export const deployActions = ["conquer", "cooperate", "incorporate"] as const;
export type DeployAction = (typeof deployActions)[number];

/**
 * A contact colour must say which actions its contacts give range for: the
 * engine counts a contact's range only toward those (a colour it cannot place
 * would validate and then do nothing in play).
 */
function performsAction(entry: TermData, index: number, problem: VocabularySource["problem"]): boolean {
  if (entry.action !== undefined && !(deployActions as readonly string[]).includes(entry.action)) {
    const hint = didYouMean(entry.action, deployActions) ?? `a contact colour performs ${deployActions.join(", ")}`;
    problem("contactColours", index, "S51-E356", { action: entry.action }, hint, ["action"]);
    return false;
  }
  if (colourActions(entry).length > 0) return true;
  problem("contactColours", index, "S51-E315", { id: entry.id }, `add "actions: [cooperate]" (any of ${deployActions.join(", ")})`, ["id"]);
  return false;
}

/** One way an entry is written or printed, normalised for comparing (printed names ignore case). */
interface Spelling {
  readonly text: string;
  readonly source: number;
  readonly namespace: Namespace;
  readonly index: number;
  readonly field: SpellingField;
  readonly entry: TermData;
}

function spellingsOf(entry: TermData, source: number, namespace: Namespace, index: number): Spelling[] {
  const out: Spelling[] = [{ text: entry.id, source, namespace, index, field: ["id"], entry }];
  (entry.words ?? []).forEach((w, i) => out.push({ text: w, source, namespace, index, field: ["words", i], entry }));
  for (const lang of langs) {
    for (const form of ["one", "other"] as const) out.push({ text: entry[lang][form].normalize("NFC").toLocaleLowerCase(lang), source, namespace, index, field: [lang, form], entry });
  }
  return out;
}

function describeField(field: SpellingField): string {
  if (field[0] === "id") return "id";
  if (field[0] === "words") return "word";
  return `${languageNames[field[0]]} name`;
}

/**
 * An expansion's words must mean one thing whatever else is loaded: its ids,
 * written words and printed names (either language) may not equal any of
 * another loaded file's. Otherwise a resource written `worker` would shadow
 * the Workers of every Base, or two resources would print the same name.
 * Inside one file the same word may name a resource and a card type, as the
 * base set's `scrap` does. Each clash is reported on every expansion entry in
 * it, naming the other place, whichever file is loaded first. Returns the
 * clashing entries ("source namespace index"), which are then skipped.
 */
function crossFileClashes(sources: readonly VocabularySource[]): Set<string> {
  const first = new Map<string, Spelling[]>();
  sources.forEach((src, source) => {
    for (const namespace of namespaces) {
      (src.data[namespace] ?? []).forEach((entry, index) => {
        for (const sp of spellingsOf(entry, source, namespace, index)) {
          const list = first.get(sp.text);
          if (list) list.push(sp);
          else first.set(sp.text, [sp]);
        }
      });
    }
  });
  const clashing = new Set<string>();
  for (const list of first.values()) {
    for (const sp of list) {
      const src = sources[sp.source]!;
      if (src.isBase) continue;
      const key = `${sp.source} ${sp.namespace} ${sp.index}`;
      if (clashing.has(key)) continue;
      const other = list.find((o) => o.source !== sp.source);
      if (!other) continue;
      clashing.add(key);
      const otherSrc = sources[other.source]!;
      src.problem(
        sp.namespace,
        sp.index,
        "S51-E314",
        {
          field: describeField(sp.field),
          text: spellingText(sp),
          otherField: describeField(other.field),
          noun: namespaceNoun[other.namespace],
          id: other.entry.id,
          where: otherSrc.isBase ? "the base set" : otherSrc.set ? `set "${otherSrc.set}"` : "another file",
        },
        `see ${otherSrc.place(other.namespace, other.index, other.field)}; vocabulary is shared by every loaded set, so an expansion's ids, words and printed names must differ from every other file's (rename one, e.g. with its set's name)`,
        sp.field,
      );
    }
  }
  return clashing;
}

/** The spelling as the designer wrote it (names keep their case). */
function spellingText(sp: Spelling): string {
  const f = sp.field;
  if (f[0] === "id") return sp.entry.id;
  if (f[0] === "words") return sp.entry.words![f[1]]!;
  return sp.entry[f[0]][f[1]];
}

/** Is this resource one of the basic four (the universal resource is not)? */
export function isBasicResource(vocabulary: Vocabulary, id: string): boolean {
  return vocabulary.resources.get(id)?.basic !== false;
}

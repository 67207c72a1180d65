/**
 * Where things are defined: each vocabulary entry (by namespace and id) and
 * each card (by id) in the files of a card set, and what the word or id at a
 * place in a card file refers to.
 */
import { resolve } from "node:path";
import type { Location } from "vscode-languageserver";
import { pathToFileURL } from "node:url";
import { namespaces, type Namespace, type Vocabulary } from "../check/vocabulary.js";
import { valueRange } from "../load/source-file.js";
import { idNamespace, languageRule } from "./fields.js";
import { wordAround, type Place } from "./locate.js";
import { lspRange } from "./text-position.js";
import type { Analysis } from "./workspace.js";

/** What a word or id refers to: a vocabulary entry, a Lookout ability or a card. */
export type Target =
  | { readonly kind: "term"; readonly namespace: Namespace; readonly id: string }
  | { readonly kind: "lookout"; readonly id: string }
  | { readonly kind: "card"; readonly id: string };


/** Every entry a word written in the card language may be: `scrap` is a resource and a card type. */
export function targetsOfWord(word: string, vocabulary: Vocabulary): Target[] {
  const terms = namespaces.flatMap((namespace): Target[] => {
    const term = vocabulary.words[namespace].get(word);
    return term === undefined ? [] : [{ kind: "term", namespace, id: term.id }];
  });
  return vocabulary.lookoutAbilities.has(word) ? [...terms, { kind: "lookout", id: word }] : terms;
}

/** What the word or id at `place` refers to. */
export function targetsAt(place: Place, vocabulary: Vocabulary): Target[] {
  if (place.kind !== "card-value") return [];
  if (languageRule(place.field) !== undefined) {
    const word = wordAround(place.value, place.at);
    return word === undefined ? [] : targetsOfWord(word.word, vocabulary);
  }
  const namespace = idNamespace(place.field);
  if (namespace !== undefined) return vocabulary[namespace].has(place.value) ? [{ kind: "term", namespace, id: place.value }] : [];
  if (place.field === "id") return [{ kind: "card", id: place.value }];
  return [];
}

/** Where each target is written in the set's files (a card id written twice: both places). */
export function definitionsOf(targets: readonly Target[], analysis: Analysis): Location[] {
  const out: Location[] = [];
  for (const [shown, source] of analysis.result.sources) {
    const uri = pathToFileURL(resolve(analysis.set.cwd, shown)).href;
    const at = (path: readonly (string | number)[]): Location => ({ uri, range: lspRange(valueRange(source.file, path)) });
    const vocabulary = source.data?.vocabulary;
    for (const t of targets) {
      if (t.kind === "term") {
        const index = (vocabulary?.[t.namespace] ?? []).findIndex((e) => e.id === t.id);
        if (index >= 0) out.push(at(["vocabulary", t.namespace, index, "id"]));
      } else if (t.kind === "lookout") {
        const index = (vocabulary?.lookoutAbilities ?? []).findIndex((e) => e.id === t.id);
        if (index >= 0) out.push(at(["vocabulary", "lookoutAbilities", index, "id"]));
      } else {
        (source.data?.cards ?? []).forEach((c, index) => {
          if (c.id === t.id) out.push(at(["cards", index, "id"]));
        });
      }
    }
  }
  return out;
}

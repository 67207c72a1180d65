/**
 * Words from the vocabulary in the right form: singular or plural by the
 * language's own plural rules (Intl.PluralRules: French counts 0 and 1 as
 * singular, English only 1), French elision ("d'Essence", "de Ferraille") and
 * English "a"/"an".
 */
import type { Term, Vocabulary } from "../check/vocabulary.js";
import type { Forms } from "../schema/card-file.js";
import { indefiniteArticle } from "./article.js";

/**
 * The languages cards are printed in. Every per-language table is keyed by
 * `Lang` ({ [L in Lang]: … }), so a language added here is a compile error in
 * each table that lacks it (the packs in packs.ts, the constructs' text
 * pieces, the vocabulary's names) instead of a silent fall into another.
 */
export const langs = ["en", "fr"] as const;
export type Lang = (typeof langs)[number];

/** A language's name in a message written in English: "its French name". */
export const languageNames: { readonly [L in Lang]: string } = { en: "English", fr: "French" };

/** The words that join a list: "a, b and c", "a, b ou c". */
const conjunctions: { readonly [L in Lang]: { readonly and: string; readonly or: string } } = {
  en: { and: "and", or: "or" },
  fr: { and: "et", or: "ou" },
};

/**
 * Each language's own plural categories (its locale is its code), made on first
 * use: loading a locale's rules costs about half a millisecond at start, and
 * `validate` may never count anything.
 */
const pluralRules: { [L in Lang]?: Intl.PluralRules } = {};

/** "one" or "other" for a count, as the language counts. */
export function plural(lang: Lang, count: number): "one" | "other" {
  return (pluralRules[lang] ??= new Intl.PluralRules(lang)).select(count) === "one" ? "one" : "other";
}

/** A word's form for a count, a name's or a unit word's (1 coin, 2 coins; 1 pièce, 2 pièces). */
export function formFor(forms: Forms, lang: Lang, count: number): string {
  return forms[plural(lang, count)];
}

/** A term's name for a count (1 Worker, 2 Workers; 1 Arme, 2 Armes). */
export function termName(term: Term, lang: Lang, count = 1): string {
  return formFor(term[lang], lang, count);
}

/** English "a"/"an" and a term's name: "a Conquest", "an Incorporation" (or the term's own `en.article`). */
export function aTerm(term: Term): string {
  const name = termName(term, "en");
  return `${term.en.article ?? indefiniteArticle(name)} ${name}`;
}

/** French "de" before a term's name: "d'Essence", "de Ferraille". */
export function deTerm(term: Term, count = 1): string {
  const name = termName(term, "fr", count);
  return term.fr.elision ? `d'${name}` : `de ${name}`;
}

/** Looks up a term the checker already resolved; a missing one is a bug, not a designer's error. */
export function term(vocabulary: Vocabulary, namespace: "resources" | "cardTypes" | "contactColours" | "factions" | "tokens" | "triggers", id: string): Term {
  const t = vocabulary[namespace].get(id);
  if (!t) throw new Error(`text: no ${namespace} "${id}" in the vocabulary`);
  return t;
}

function joinWith(items: readonly string[], last: string): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

/** "a, b and c" / "a, b et c". */
export function joinList(items: readonly string[], lang: Lang): string {
  return joinWith(items, conjunctions[lang].and);
}

/** "a, b or c" / "a, b ou c": a choice's options. */
export function joinAlternatives(items: readonly string[], lang: Lang): string {
  return joinWith(items, conjunctions[lang].or);
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Clauses with a verb each, empty ones left out: "pay 1 Fuel and discard 1 card". */
export function clauses(lang: Lang, parts: readonly (readonly [verb: string, items: readonly string[]])[]): string {
  return joinList(
    parts.filter(([, items]) => items.length > 0).map(([verb, items]) => `${verb} ${joinList(items, lang)}`),
    lang,
  );
}

/**
 * A linter for generated card text: number agreement, "a"/"an", French
 * elision, French typography (non-breaking spaces, typographic apostrophes),
 * words left untranslated, leftover placeholders, raw control characters.
 *
 * Its word lists are the vocabulary's (every term's forms in both languages)
 * and the linter's own (the phrasebooks' fixed words, and the count nouns the
 * rulebooks use, so a vocabulary entry that says "1 Weapons" is caught).
 */
import type { Vocabulary } from "../src/check/vocabulary.js";
import { namespaces } from "../src/check/vocabulary.js";
import { indefiniteArticle } from "../src/text/article.js";
import { nbsp } from "../src/text/typography.js";
import { langs, type Lang } from "../src/text/words.js";

type Pair = readonly [one: string, other: string];

/** Count nouns as the rulebooks use them, singular and plural, whatever the vocabulary says. */
const countNouns: { readonly [L in Lang]: readonly Pair[] } = {
  en: [["Worker", "Workers"], ["card", "cards"], ["token", "tokens"], ["Weapon", "Weapons"], ["Building Material", "Building Materials"], ["Agreement", "Agreements"], ["resource", "resources"], ["point", "points"]],
  fr: [["jeton", "jetons"], ["carte", "cartes"], ["Travailleur", "Travailleurs"], ["Butin", "Butins"], ["Accord", "Accords"], ["Arme", "Armes"], ["Ressource", "Ressources"], ["point", "points"], ["pièce", "pièces"]],
};

/** The phrasebooks' own words of one language, which must not appear in the other's text. */
const phrasebookWords: { readonly [L in Lang]: readonly string[] } = {
  en: ["Gain", "gain", "Pay", "pay", "Discard", "discard", "Produces", "range", "Range", "Keep", "One time", "One-time", "Holds", "Each", "After", "the", "and", "your", "you"],
  fr: ["Gagnez", "gagnez", "Payez", "payez", "Défaussez", "défaussez", "Produit", "portée", "Portée", "jetons?", "cartes?", "PV", "le", "la", "les", "et", "ou", "vos", "votre", "vous"],
};

const pluralRules = Object.fromEntries(langs.map((l) => [l, new Intl.PluralRules(l)])) as { readonly [L in Lang]: Intl.PluralRules };

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A whole word or phrase: not inside a longer word (letters with accents count). */
const whole = (alternatives: readonly string[]): RegExp => new RegExp(`(?<![\\p{L}\\d'’-])(?:${alternatives.join("|")})(?![\\p{L}\\d'’-])`, "u");

interface Lexicon {
  /** Singular and plural pairs that differ, longest first (so "Redevelopment tokens" is read before "tokens"). */
  readonly nouns: { readonly [L in Lang]: readonly Pair[] };
  /** Words only the other language uses. */
  readonly foreign: { readonly [L in Lang]: RegExp };
  /** A word's own "a"/"an" where the vocabulary sets it. */
  readonly articles: ReadonlyMap<string, "a" | "an">;
}

function lexicon(vocabulary: Vocabulary | undefined): Lexicon {
  const terms = vocabulary ? namespaces.flatMap((n) => [...vocabulary[n].values()]) : [];
  const forms = (lang: Lang): Pair[] => terms.flatMap((t) => [[t[lang].one, t[lang].other] as const, ...(t[lang].unit ? [[t[lang].unit!.one, t[lang].unit!.other] as const] : [])]);
  const nouns = (lang: Lang): Pair[] => [...countNouns[lang], ...forms(lang)].filter(([one, other]) => one !== other).sort((a, b) => b[1].length - a[1].length);
  const words = (lang: Lang): Set<string> => new Set(forms(lang).flat());
  const sentences = (lang: Lang): string[] => (vocabulary ? [...vocabulary.lookoutAbilities.values()].map((s) => s.text[lang]) : []);
  const foreign = (lang: Lang): RegExp => {
    const own = words(lang);
    const others = langs.filter((l) => l !== lang);
    const theirs = others.flatMap((l) => [...words(l)].filter((w) => !own.has(w) && !sentences(lang).some((s) => s.includes(w))).map(escape));
    return whole([...others.flatMap((l) => phrasebookWords[l]), ...theirs]);
  };
  const articles = new Map(terms.flatMap((t) => (t.en.article ? [[t.en.one, t.en.article] as const] : [])));
  return {
    nouns: { en: nouns("en"), fr: nouns("fr") },
    foreign: { en: foreign("en"), fr: foreign("fr") },
    articles,
  };
}

const lexicons = new WeakMap<Vocabulary, Lexicon>();
const bare = lexicon(undefined);

function lexiconOf(vocabulary: Vocabulary | undefined): Lexicon {
  if (!vocabulary) return bare;
  if (!lexicons.has(vocabulary)) lexicons.set(vocabulary, lexicon(vocabulary));
  return lexicons.get(vocabulary)!;
}

function numberProblems(text: string, lang: Lang, nouns: readonly Pair[]): string[] {
  const problems: string[] = [];
  // Longest first, and a phrase read once: "2 Redevelopment tokens" is not also "tokens".
  let rest = text;
  for (const [one, other] of nouns) {
    // The space may be a non-breaking one (French keeps a number with its word).
    const pattern = new RegExp(`(?<![\\d,.])(\\d+)[ \u00a0](${escape(other)}|${escape(one)})(?![\\p{L}'’-])`, "gu");
    for (const m of rest.matchAll(pattern)) {
      const n = Number(m[1]);
      const wanted = pluralRules[lang].select(n) === "one" ? one : other;
      if (m[2] !== wanted) problems.push(`number: "${m[0]}" should be "${n} ${wanted}"`);
    }
    rest = rest.replace(pattern, "#");
  }
  return problems;
}

function articleProblems(text: string, articles: ReadonlyMap<string, "a" | "an">): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(/(?<![\p{L}'’-])([Aa]n?) ([\p{L}\d][\p{L}\d'’-]*(?: [\p{L}\d'’-]+)?)/gu)) {
    const [, article, words] = m;
    const first = words!.split(" ")[0]!;
    const set = articles.get(words!) ?? articles.get(first);
    const wanted = set ?? indefiniteArticle(first);
    if (article!.toLowerCase() !== wanted) problems.push(`article: "${article} ${first}" should be "${wanted} ${first}"`);
  }
  return problems;
}

/** Vowels, and the h of an h muet as the vocabulary spells its words (the elision module checks each term's flag). */
const frenchVowel = "[AEIOUYÉÈÊÀÂÎÔÛŒaeiouyéèêàâîôûœ]";

function frenchProblems(text: string): string[] {
  const problems: string[] = [];
  const elision = new RegExp(`(?<![\\p{L}'’-])(de|que|le|la|ne|se|jusque|lorsque|puisque) (${frenchVowel}[\\p{L}]*)`, "u").exec(text);
  if (elision) problems.push(`missing elision: "${elision[0]}"`);
  const wrongElision = /(?<![\p{L}])([dlnsjmtDLNSJMT]|qu)['’]([bcdfgjklmnpqrstvwxzBCDFGJKLMNPQRSTVWXZ])/u.exec(text);
  if (wrongElision) problems.push(`elision before a consonant: "${wrongElision[0]}"`);
  if (text.includes("'")) problems.push(`straight apostrophe in "${text}" (French prints ’)`);
  for (const m of text.matchAll(/(.?)([:;!?])(.?)/g)) {
    // "10:30" is a number, not punctuation.
    const inNumber = m[2] === ":" && /\d/.test(m[1]!) && /\d/.test(m[3]!);
    if (m[1] !== nbsp && !inNumber) problems.push(`missing non-breaking space before "${m[2]}" in "${text}"`);
  }
  if (new RegExp(`«(?!${nbsp})|(?<!${nbsp})»`).test(text)) problems.push(`missing non-breaking space inside « » in "${text}"`);
  const breakable = /(?<![\d,.])\d+ \p{L}/u.exec(text);
  if (breakable) problems.push(`breakable space between a number and its word: "${breakable[0]}" (a line must not break there)`);
  return problems;
}

/** C0 and C1 controls, and the bidi controls that reorder what a reader sees. */
const controls = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Every problem of one printed string; `vocabulary` adds its terms' forms to the word lists. */
export function lintText(text: string, lang: Lang, vocabulary?: Vocabulary): string[] {
  const lex = lexiconOf(vocabulary);
  const problems = numberProblems(text, lang, lex.nouns[lang]);
  if (/[{}]|\bundefined\b|\bNaN\b|\[object|\bnull\b|%s|\$\d/.test(text)) problems.push(`placeholder left in "${text}"`);
  const c = controls.exec(text);
  if (c) problems.push(`raw control character U+${c[0].codePointAt(0)!.toString(16).padStart(4, "0").toUpperCase()} in ${JSON.stringify(text)}`);
  const f = lex.foreign[lang].exec(text);
  if (f) problems.push(`untranslated word "${f[0]}" in "${text}"`);
  if (lang === "en") problems.push(...articleProblems(text, lex.articles));
  if (lang === "fr") problems.push(...frenchProblems(text));
  return problems;
}

/**
 * A linter for generated card text: number agreement, French elision,
 * French typography, words left untranslated, leftover placeholders.
 */
import type { Lang } from "../src/text/words.js";

const nbsp = "\u00a0";

/** Nouns with their singular and plural, as the renderers print them. */
const nouns: Record<Lang, [string, string][]> = {
  en: [["Worker", "Workers"], ["card", "cards"], ["token", "tokens"], ["Redevelopment token", "Redevelopment tokens"], ["Universal Resource", "Universal Resources"], ["resource", "resources"]],
  fr: [["jeton", "jetons"], ["carte", "cartes"], ["Travailleur", "Travailleurs"], ["Butin", "Butins"], ["Accord", "Accords"], ["Arme", "Armes"]],
};

const pluralRules = { en: new Intl.PluralRules("en"), fr: new Intl.PluralRules("fr") };

/** Words of one language that must not appear in the other's text. */
const foreign: Record<Lang, RegExp> = {
  fr: /\b(Scrap|Fuel|Weapons|Building Material|Spoils|Agreements?|Conquest|Cooperation|Incorporation|Redevelopment|Workers?|Gain|Pay|Discard|Produces|range|tokens?|cards?|Keep|One time|Holds?|Each|After)\b/,
  en: /\b(Ferraille|Essence|Armes?|Matériaux|Butins?|Accords?|Pillage|Coopération|Rattachement|Reconstruction|Travailleurs?|Gagnez|Payez|Défaussez|Produit|portée|jetons?|cartes?|PV)\b/,
};

export function lintText(text: string, lang: Lang): string[] {
  const problems: string[] = [];
  for (const [one, other] of nouns[lang]) {
    for (const m of text.matchAll(new RegExp(`\\b(\\d+) (${other}|${one})\\b`, "g"))) {
      const n = Number(m[1]);
      const wanted = pluralRules[lang].select(n) === "one" ? one : other;
      if (m[2] !== wanted) problems.push(`number: "${m[0]}" should be "${n} ${wanted}"`);
    }
  }
  if (/\$\{|\{\w+\}|\bundefined\b|\bNaN\b|\[object|\bnull\b|%s/.test(text)) problems.push(`placeholder left in "${text}"`);
  const f = foreign[lang].exec(text);
  if (f) problems.push(`untranslated word "${f[0]}"`);
  if (lang === "fr") {
    const elision = /\b(de|que|le|la) ([AEIOUYÉÈÊÀaeiouyéèêà]\w*)/.exec(text);
    if (elision) problems.push(`missing elision: "${elision[0]}"`);
    for (const m of text.matchAll(/(.)([:;!?])(.?)/g)) {
      // "10:30" is a number, not punctuation.
      const inNumber = m[2] === ":" && /\d/.test(m[1]!) && /\d/.test(m[3]!);
      if (m[1] !== nbsp && !inNumber) problems.push(`missing non-breaking space before "${m[2]}" in "${text}"`);
    }
    if (/«(?!\u00a0)|(?<!\u00a0)»/.test(text)) problems.push(`missing non-breaking space inside « » in "${text}"`);
    if (/ [:;!?]/.test(text)) problems.push(`plain space before punctuation in "${text}"`);
  }
  return problems;
}

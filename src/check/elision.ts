/**
 * French elision, checked against the word: a vocabulary term's
 * `fr.elision` flag decides between « d'Essence » and « de Ferraille », and a
 * wrong flag prints « 1 jeton d'Nourriture ». The flag stays the designer's
 * (it is what the text stage reads), but it must fit how the name begins:
 *
 * - a vowel, accented or not, or æ / œ: elision (d'Arme, d'Énergie, d'Œuvre);
 * - a consonant: none (de Ferraille);
 * - y before a vowel is sounded as a consonant: none (de Yaourt); y before a
 *   consonant is a vowel (d'Ypérite); a few vowel words take no elision
 *   either (le onze, le oui, le ouistiti);
 * - h: none before an h aspiré (de Hache), elision before an h muet
 *   (d'Huile). Which h is which is a matter of the dictionary, not of
 *   spelling. An h word not in the list is taken as h muet, and a designer
 *   whose word the list does not know says so with `h: aspirated` (or
 *   `h: mute`), which also overrides the list.
 *
 * The list of h aspiré words and the vowel exceptions are the npm package
 * french-contractions' (part of RosaeNLG; Apache-2.0 code, its list of about
 * 860 h aspiré words and names taken from Wikipedia's "Aspirated h", CC BY-SA 3.0).
 */
import contractions from "french-contractions";
import type { FrForms } from "../schema/card-file.js";

/** The h aspiré words, lower case (the library's own look-up misses its capitalised names: Hongrie, Hollande). */
const hAspireWords: ReadonlySet<string> = new Set(contractions.getCompleteList().map((w) => w.toLowerCase()));

/** Vowels as a French word can begin with; `isContractedVowelWord` below knows all but æ and œ (d'Œuvre). */
// From a string: esbuild writes strings in ASCII, not regular expressions, and the bundle must be ASCII (src/cli/bundle.mjs).
const vowels = new RegExp("^[aeiouyàáâäæèéêëìíîïòóôöœùúûüÿ]");

/** Why a word takes elision or not, in a hint's words: "begins with a vowel". */
export interface Onset {
  readonly elides: boolean;
  readonly reason: string;
  /** Taken as h muet for want of knowing better: the hint offers `h: aspirated`. */
  readonly presumed?: true;
}

// From strings, as `vowels` above.
const wordBreak = new RegExp("[\\s'’]");
const ligatureStart = new RegExp("^[æœ]");

/** The first word, lower case, as a dictionary lists it: "Hache de guerre" → "hache". */
function firstWord(name: string): string {
  return (name.trim().split(wordBreak)[0] ?? "").toLowerCase();
}

/** Is this h word in the list: the word itself, its singular (haches, hameaux), or its first part (hache-paille)? */
function isListedHAspire(word: string): boolean {
  const candidates = [word, word.replace(/[sx]$/, ""), word.split("-")[0] ?? word];
  return candidates.some((w) => hAspireWords.has(w));
}

function vowelOnset(word: string): Onset {
  // The library's rule for vowels: y before a vowel is a consonant (le yaourt), and a short list of exceptions (le onze, le oui, le ouistiti).
  if (ligatureStart.test(word) || contractions.isContractedVowelWord(word)) return { elides: true, reason: "begins with a vowel" };
  if (word.startsWith("y")) return { elides: false, reason: "begins with a y sounded as a consonant" };
  return { elides: false, reason: "is one of the vowel words that take no elision (le onze, le oui)" };
}

/**
 * How a French name begins, as elision sees it; undefined when it begins with
 * no letter (a figure, a quotation mark), which the check leaves alone.
 */
export function frenchOnset(name: string, h?: FrForms["h"]): Onset | undefined {
  const word = firstWord(name);
  if (word.startsWith("h")) {
    if (h === "aspirated") return { elides: false, reason: "begins with an h aspiré (h: aspirated)" };
    if (h === "mute") return { elides: true, reason: "begins with an h muet (h: mute)" };
    if (isListedHAspire(word)) return { elides: false, reason: "begins with an h aspiré" };
    return { elides: true, reason: "begins with an h that is not in the list of h aspiré words, so it is taken as h muet", presumed: true };
  }
  if (vowels.test(word)) return vowelOnset(word);
  return /^\p{L}/u.test(word) ? { elides: false, reason: "begins with a consonant" } : undefined;
}

/**
 * What is wrong, by the field of `fr` to point at: an `h:` on a name that
 * does not begin with h (S51-E357), or the elision flag that does not fit the
 * French name `name` (S51-E316).
 */
export type ElisionProblem = { readonly field: "h"; readonly hint: string } | { readonly field: "elision"; readonly name: string; readonly hint: string };

/** « d'Essence » or « de Ferraille »: what the flag prints before a name. */
function withDe(name: string, elides: boolean): string {
  return elides ? `« d'${name} »` : `« de ${name} »`;
}

/** Checks a term's French names (`one`, then `other`) against its elision flag. */
export function elisionProblem(fr: FrForms): ElisionProblem | undefined {
  if (fr.h !== undefined && !firstWord(fr.one).startsWith("h")) {
    return { field: "h", hint: "remove h: (it tells whether a name's initial h is aspiré or muet)" };
  }
  const onsets = [fr.one, fr.other].map((name) => ({ name, onset: frenchOnset(name, fr.h) }));
  const wrong = onsets.find(({ onset }) => onset !== undefined && onset.elides !== fr.elision);
  if (!wrong?.onset) return undefined;
  const { name, onset } = wrong;
  const fix = `"${name}" ${onset.reason}: write elision: ${onset.elides} (${withDe(name, onset.elides)})`;
  const fitting = onsets.find((o) => o.onset !== undefined && o.onset.elides === fr.elision);
  if (fitting) {
    // `one` and `other` begin differently (Œil, Yeux): no single flag fits both.
    return { field: "elision", name, hint: `${fix}, but "${fitting.name}" needs elision: ${fr.elision}: one flag cannot fit both names` };
  }
  return { field: "elision", name, hint: onset.presumed ? `${fix}; if its h is aspiré, write h: aspirated` : fix };
}

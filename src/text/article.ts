/**
 * English "a" or "an" before a word, by its sound: "an" before a vowel sound.
 * Spelling is a good guide, so the rule is the letter's, with the usual
 * exceptions by how the word begins:
 *
 * - a vowel letter sounded as a consonant takes "a": "a unit", "a useful",
 *   "a European", "a one-off", "a once-great";
 * - a silent h takes "an": "an hour", "an honest", "an honour", "an heir".
 *
 * Anything else the rule gets wrong (an initialism like "an SOS") is the
 * designer's to set with the vocabulary's `en.article`.
 */

/** Vowel letters sounded "yoo" or "w", lower case: "a unit", "a one-time". */
const consonantSounding = /^(uni|use|usu|uti|eu|ewe|one\b|once\b)/;
/** Words whose h is silent: "an hour". */
const silentH = /^(hour|honest|honou?r|heir)/;
// From a string: esbuild writes strings in ASCII, not regular expressions, and the bundle must be ASCII (src/cli/bundle.mjs).
const vowelStart = new RegExp("^[aeiouàáâäèéêëìíîïòóôöùúûü]");

export function indefiniteArticle(word: string): "a" | "an" {
  const w = word.trim().toLowerCase();
  if (silentH.test(w)) return "an";
  if (consonantSounding.test(w)) return "a";
  return vowelStart.test(w) ? "an" : "a";
}

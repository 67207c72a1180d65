import { closest, distance } from "fastest-levenshtein";

/**
 * "Did you mean" for a misspelled word: the closest candidate, if it is close
 * enough to be a likely typo (at most a third of the word's letters differ).
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  if (list.length === 0) return undefined;
  const lower = word.toLowerCase();
  const best = closest(lower, list);
  const limit = Math.max(1, Math.floor(Math.max(lower.length, best.length) / 3));
  return distance(lower, best) <= limit ? best : undefined;
}

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const best = suggest(word, candidates);
  return best === undefined ? undefined : `did you mean "${best}"?`;
}

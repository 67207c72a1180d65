import { closest, distance } from "fastest-levenshtein";

/**
 * "Did you mean" for a misspelled word: the closest candidate, if it is close
 * enough to be a likely typo: one edit for short words, two (a swapped pair
 * of letters, "fule") or a third of the letters for longer ones.
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  if (list.length === 0) return undefined;
  const lower = word.toLowerCase();
  const best = closest(lower, list);
  const length = Math.max(lower.length, best.length);
  const limit = length <= 3 ? 1 : Math.max(2, Math.floor(length / 3));
  return distance(lower, best) <= limit ? best : undefined;
}

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const best = suggest(word, candidates);
  return best === undefined ? undefined : `did you mean "${best}"?`;
}

/**
 * "Did you mean" for a misspelled word: the closest candidate, if it is close
 * enough to be a likely typo: one edit for short words, two or a third of the
 * letters for longer ones. A swapped pair of neighbouring letters ("crad",
 * "fule") is one edit, so a transposition is ranked before any word two plain
 * edits away ("crad" is "card", not "scrap").
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(lower, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  const length = Math.max(lower.length, best.length);
  const limit = length <= 3 ? 1 : Math.max(2, Math.floor(length / 3));
  return bestDistance <= limit ? best : undefined;
}

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const best = suggest(word, candidates);
  return best === undefined ? undefined : `did you mean "${best}"?`;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours, each 1. */
export function editDistance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

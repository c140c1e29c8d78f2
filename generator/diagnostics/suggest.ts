// "Did you mean …?" suggestions for misspelled keys and names, by edit distance.

/** Damerau-free Levenshtein distance, case-insensitive (a wrong case is a cheap mistake). */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const prev = new Array<number>(t.length + 1);
  const cur = new Array<number>(t.length + 1);
  for (let j = 0; j <= t.length; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    for (let j = 0; j <= t.length; j++) prev[j] = cur[j] ?? 0;
  }
  return prev[t.length] ?? 0;
}

/**
 * The closest candidate, if it is close enough to be a plausible typo: at most a third of the
 * word's length (minimum 1, maximum 3) edits away. Ties go to the alphabetically first candidate.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of [...candidates].sort()) {
    const d = editDistance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(word, candidates);
  return match === undefined ? undefined : `did you mean \`${match}\`?`;
}

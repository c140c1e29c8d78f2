// "Did you mean …?" suggestions for misspelled keys and names, by edit distance.

/**
 * Edit distance with adjacent transpositions (optimal string alignment), case-insensitive: a
 * swapped pair (`titel`) or a wrong case is one cheap mistake, not two.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= t.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[s.length]?.[t.length] ?? 0;
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

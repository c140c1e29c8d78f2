// String keywords: lengths in code points and the matcher interface of "pattern".

/** String length in code points, as JSON Schema counts it (a surrogate pair is one). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** What a compiled "pattern" is to the helpers: a RegExp, or a linear-time matcher. */
export interface TextMatcher {
  test(text: string): boolean;
}

/** "pattern": the predicate of a matcher compiled once, at module load. */
export function matching(matcher: TextMatcher) {
  return (text: string): boolean => matcher.test(text);
}

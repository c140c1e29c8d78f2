// Prettier, memoized per module for `mcp-gen dev`. Every generated module's header carries the
// manifest's sha256, so any edit changes every module's text; most modules' code does not change
// (an edit to one tool leaves testing.ts, often schemas.ts, as they were). The key is the text
// with that hash replaced by a placeholder; the cached output gets the new hash back. Prettier
// copies comments verbatim, so the result is byte for byte what formatting the new text gives.
import { formatTypeScript } from "../generate/format-code.js";

const PLACEHOLDER = "0".repeat(64);
const HASH_LINE = /^(\/\/ manifest sha256: )([0-9a-f]{64})$/m;
/** Memo entries kept: a few generations of every module. */
const LIMIT = 64;

export function memoizedFormat(): (code: string) => Promise<string> {
  const memo = new Map<string, string>();
  return async (code) => {
    const match = HASH_LINE.exec(code);
    if (!match) return formatTypeScript(code);
    const hash = match[2]!;
    const key = code.replace(HASH_LINE, `$1${PLACEHOLDER}`);
    const cached = memo.get(key);
    if (cached !== undefined) return cached.replace(HASH_LINE, `$1${hash}`);
    const formatted = await formatTypeScript(code);
    // Only when the hash line came through unchanged, exactly once, is the substitution exact.
    if (formatted.split(hash).length === 2 && HASH_LINE.exec(formatted)?.[2] === hash) {
      if (memo.size >= LIMIT) memo.delete(memo.keys().next().value!);
      memo.set(key, formatted.replace(HASH_LINE, `$1${PLACEHOLDER}`));
    }
    return formatted;
  };
}

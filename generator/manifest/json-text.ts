/**
 * DECISION (measured, bench `scale-gen`): a manifest written as JSON (JSON is YAML, and
 * `mcp-gen import` or a script may write one) is read with `JSON.parse`: 5 ms instead of 660 ms
 * of YAML parsing for a 700 KB, 1,000-tool manifest. The YAML is then parsed only if a
 * diagnostic needs a line:col (the Reporter's lazy source, as for `mcp-gen import`).
 *
 * Only where both read the same value: the text must parse as JSON and hold no duplicate key
 * (YAML reports it, JSON.parse keeps the last), no tab (YAML rejects some as indentation), no
 * `"<<"` key (a YAML merge key) and no `"__proto__"` key. Anything else is left to the YAML path.
 */
export function parseJsonManifest(text: string): unknown {
  const start = text.search(/\S/);
  if (start < 0 || text[start] !== "{" || text.includes("\t") || text.includes('"<<"') || text.includes('"__proto__"')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return hasDuplicateKey(text, start) ? undefined : value;
}

/** Scans JSON text that JSON.parse accepted: true when an object repeats a key. */
function hasDuplicateKey(text: string, start: number): boolean {
  // One entry per open container: the keys seen so far (objects) or undefined (arrays).
  const stack: (Set<string> | undefined)[] = [];
  let expectKey = false;
  for (let i = start; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      while (text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c /* \ */ ? ((escaped = true), 2) : 1;
      if (expectKey) {
        const raw = text.slice(i, end + 1);
        const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const keys = stack.at(-1)!;
        if (keys.has(key)) return true;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (ch === 0x7b /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (ch === 0x5b /* [ */) {
      stack.push(undefined);
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      stack.pop();
    } else if (ch === 0x2c /* , */) {
      expectKey = stack.at(-1) !== undefined;
    }
  }
  return false;
}

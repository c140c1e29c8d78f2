// JSON Pointer (RFC 6901) handling for `$ref` fragments and diagnostic locations: one home for
// the generator (manifest schemas, the zod emitter) and the runtime's validator compiler.
//
// DECISION: a `$ref` fragment is a URI fragment, so it is percent-decoded first (RFC 3986
// §2.1, as ajv does) and only then split into reference tokens, whose `~1` and `~0`
// escapes are undone in that order (RFC 6901 §4: `~01` means the token `~1`, not `/`).

/** Reference tokens of a pointer; the empty list is the whole document. */
export type JsonPointerTokens = readonly string[];

/** Encodes tokens as a JSON pointer string: `["a/b", "~"]` → `/a~1b/~0`. */
export function encodePointer(tokens: JsonPointerTokens): string {
  return tokens.map((token) => "/" + token.replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** Decodes a JSON pointer string (`""` or `/...`); undefined when it is not a pointer. */
export function decodePointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Decodes the fragment of a `$ref` (the part after `#`), percent-escapes included. */
export function decodeFragmentPointer(fragment: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  return decodePointer(decoded);
}

/** Follows tokens from `root`; undefined when a token names nothing. */
export function valueAtPointer(root: unknown, tokens: JsonPointerTokens): unknown {
  let current: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(?:0|[1-9][0-9]*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (typeof current === "object" && current !== null && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return current;
}

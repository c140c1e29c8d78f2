// Turning schema names into TypeScript identifiers.
//
// RULE (documented, deterministic): a name is split into runs of ASCII letters and
// digits; each run gets an upper-case first letter and the runs are joined
// ("list-items" → "ListItems", "foo.bar_baz" → "FooBarBaz", "Foo" stays "Foo"). An empty
// result becomes "Schema"; a leading digit gets a "_" prefix ("2fa" → "_2fa"). When two
// names map to the same identifier, the one whose original name sorts first (by code
// unit) keeps it and the others get "_2", "_3", … in that order. The zod constant is
// `<Identifier>Schema`, the type is `<Identifier>`. Starting with an upper-case letter
// keeps every type name clear of TypeScript's reserved words and of the lower-case
// helper functions the emitter imports or inlines; every top-level name of the helper
// source (types such as JsonKind, Evaluation, TextMatcher included) is reserved first, so a
// definition named "JsonKind" becomes "JsonKind_2".

export function identifierFor(name: string): string {
  const runs = name.match(/[A-Za-z0-9]+/g) ?? [];
  const joined = runs.map((run) => run.charAt(0).toUpperCase() + run.slice(1)).join("");
  if (joined === "") return "Schema";
  return /^[0-9]/.test(joined) ? "_" + joined : joined;
}

/** Hands out unique identifiers; `claim` order must itself be deterministic. */
export class IdentifierPool {
  private readonly taken = new Set<string>();

  claim(preferred: string): string {
    let candidate = preferred;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${preferred}_${n}`;
    this.taken.add(candidate);
    return candidate;
  }
}

/** A property key as it must appear in a TypeScript type literal. */
export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

/**
 * A property key as it must appear in an object literal EXPRESSION. `__proto__` (bare or
 * quoted) would set the literal's prototype instead of creating a key, so it is computed.
 */
export function valueKey(key: string): string {
  return key === "__proto__" ? '["__proto__"]' : propertyKey(key);
}

/** JSDoc block for a description, or "" when there is none. */
export function jsDoc(description: unknown, indent = ""): string {
  if (typeof description !== "string" || description.trim() === "") return "";
  const lines = description
    .replace(/\*\//g, "*\\/")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd());
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line === "" ? "" : " " + line}`).join("\n")}\n${indent} */\n`;
}

// Small helpers that lay out generated code: one-line calls when short, one argument per
// line otherwise, two-space indentation, trailing commas (prettier's defaults, so a later
// prettier pass changes little).

const MAX_LINE = 80;

/** Indents every line after the first by `prefix` (the first line continues the caller's line). */
export function indentTail(code: string, prefix = "  "): string {
  return code.replace(/\n/g, "\n" + prefix);
}

/** `fn(a, b)` on one line when it fits, else one argument per line. */
export function call(fn: string, args: readonly string[]): string {
  const oneLine = `${fn}(${args.join(", ")})`;
  if (oneLine.length <= MAX_LINE && !oneLine.includes("\n")) return oneLine;
  // Hug a trailing multi-line object/array literal: `fn(a, {` … `})`, as prettier does.
  const last = args[args.length - 1];
  const init = args.slice(0, -1);
  if (last !== undefined && /^[[{]\n/.test(last) && init.every((arg) => !arg.includes("\n"))) {
    return `${fn}(${[...init, last].join(", ")})`;
  }
  return `${fn}(\n${args.map((arg) => `  ${indentTail(arg)},`).join("\n")}\n)`;
}

/** `[a, b]` on one line when it fits, else one element per line. */
export function arrayLiteral(items: readonly string[]): string {
  const oneLine = `[${items.join(", ")}]`;
  if (oneLine.length <= MAX_LINE && !oneLine.includes("\n")) return oneLine;
  return `[\n${items.map((item) => `  ${indentTail(item)},`).join("\n")}\n]`;
}

/** `{ a: x, b: y }` from `key: value` entries (each entry may carry a leading JSDoc). */
export function objectLiteral(entries: readonly string[]): string {
  if (entries.length === 0) return "{}";
  const oneLine = `{ ${entries.join(", ")} }`;
  if (oneLine.length <= MAX_LINE && !oneLine.includes("\n")) return oneLine;
  return `{\n${entries.map((entry) => `  ${indentTail(entry)},`).join("\n")}\n}`;
}

/**
 * Appends method calls (`.refine(…)`, `.min(1)`): on the same line when they all fit,
 * otherwise one per line, indented under the expression (a prettier member chain).
 */
export function appendCalls(code: string, calls: readonly string[]): string {
  if (calls.length === 0) return code;
  const lastLine = code.slice(code.lastIndexOf("\n") + 1);
  const inline = calls.join("");
  if (!inline.includes("\n") && lastLine.length + inline.length <= MAX_LINE) return code + inline;
  return code + calls.map((next) => `\n  ${indentTail(next)}`).join("");
}

/** A JSON value as a TypeScript literal, spaced like prettier (key order kept: deterministic). */
export function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    // A computed `["__proto__"]` creates the key; a plain one would set the prototype.
    const entries = Object.entries(value).map(
      ([key, item]) => `${key === "__proto__" ? '["__proto__"]' : JSON.stringify(key)}: ${literal(item)}`,
    );
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

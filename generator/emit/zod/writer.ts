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
  // Hug a trailing object/array literal, broken over lines: `fn(a, {` … `})`, as prettier does.
  const init = args.slice(0, -1);
  const last = args[args.length - 1];
  const hugged = last === undefined ? undefined : /^[[{]\n/.test(last) ? last : expandLiteral(last);
  if (hugged !== undefined && init.every((arg) => !arg.includes("\n"))) {
    return `${fn}(${[...init, hugged].join(", ")})`;
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

/** A one-line `{ a, b }` / `[a, b]` literal laid out one entry per line; undefined for anything else. */
function expandLiteral(code: string): string | undefined {
  const open = code.charAt(0);
  const close = open === "{" ? "}" : open === "[" ? "]" : undefined;
  if (close === undefined || !code.endsWith(close) || code.includes("\n")) return undefined;
  const entries = splitTopLevel(code.slice(1, -1));
  if (entries === undefined || entries.length === 0) return undefined;
  return `${open}\n${entries.map((entry) => `  ${entry},`).join("\n")}\n${close}`;
}

/** Splits generated code at top-level commas (strings are JSON strings); undefined if unbalanced. */
function splitTopLevel(code: string): string[] | undefined {
  const entries: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < code.length; i++) {
    const ch = code.charAt(i);
    if (ch === '"') {
      for (i++; i < code.length && code.charAt(i) !== '"'; i++) if (code.charAt(i) === "\\") i++;
    } else if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      entries.push(code.slice(start, i).trim());
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0) return undefined;
  const rest = code.slice(start).trim();
  if (rest !== "") entries.push(rest);
  return entries;
}

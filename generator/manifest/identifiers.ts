// Turning manifest names into TypeScript identifiers. Emitters name functions, properties and
// types after tools, prompts and so on; two names that map to one identifier would produce
// clashing declarations, so the loader rejects them up front (MCPGEN1202).
//
// DECISION RECORD — MAPPING. Split on every run of characters that cannot appear in an
// identifier, keep each word's own casing and capitalize the first letter of every word after
// the first: `get-user`, `get_user` and `get.user` all become `getUser`. A leading digit gets
// a `_` prefix. Casing is otherwise preserved, so `GetUser` and `getUser` stay distinct.

const RESERVED = new Set([
  // ECMAScript reserved words (ES2023 §12.7.2), strict-mode and future reserved words.
  "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
  "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
  "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof",
  "var", "void", "while", "with", "yield", "let", "static", "implements", "interface", "package",
  "private", "protected", "public",
  // Names that cannot be bound in strict code or that TypeScript reserves for types.
  "arguments", "eval", "undefined", "any", "boolean", "never", "number", "object", "string", "symbol",
  "unknown", "bigint",
  // Object-model names that silently change meaning as object keys or class members.
  "constructor", "prototype", "__proto__",
]);

export function toIdentifier(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  if (words.length === 0) return "";
  const joined = words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join("");
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

export function isReservedIdentifier(identifier: string): boolean {
  return RESERVED.has(identifier);
}

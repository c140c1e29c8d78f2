// The one shape every manifest problem takes, from YAML syntax to protocol rules.
// A diagnostic names a stable code (registry: codes.ts; docs: docs/diagnostics.md), a position in a file,
// the JSON path of the offending node, a human message and a hint on how to fix it.
import type { DiagnosticCode } from "./codes.js";

export type Severity = "error" | "warning";

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** Path of the file as the user gave it (relative paths stay relative). */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** Dotted path inside the manifest, e.g. `tools.get-user.input`; empty for the document. */
  readonly path: string;
  readonly message: string;
  readonly hint: string;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Orders by file, then position, then code, so output is stable across runs. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      a.code.localeCompare(b.code) ||
      a.path.localeCompare(b.path) ||
      a.message.localeCompare(b.message),
  );
}

/** Drops exact repeats (same code, place and message): several checks may reach one node. */
export function dedupeDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const key = `${d.code}\u0000${d.file}\u0000${d.line}\u0000${d.column}\u0000${d.path}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

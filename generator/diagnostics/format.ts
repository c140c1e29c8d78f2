// Renders diagnostics for people (compiler-style text with the source line and a caret) and
// for machines (`--format json`). Both carry the same fields.
import type { Diagnostic } from "./diagnostic.js";

export interface TextFormatOptions {
  /** Source text per file, to print the offending line under each diagnostic. */
  readonly sources?: ReadonlyMap<string, string>;
}

export function formatDiagnosticText(d: Diagnostic, options: TextFormatOptions = {}): string {
  const where = d.path === "" ? "" : ` ${d.path}:`;
  const lines = [`${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}${where} ${d.message}`];
  const source = options.sources?.get(d.file);
  if (source !== undefined) {
    const text = source.split(/\r?\n/)[d.line - 1];
    if (text !== undefined && text.trim() !== "") {
      const gutter = String(d.line).padStart(4);
      lines.push(`${gutter} | ${text}`);
      lines.push(`${" ".repeat(gutter.length)} | ${" ".repeat(Math.max(0, d.column - 1))}^`);
    }
  }
  if (d.hint !== "") lines.push(`  hint: ${d.hint}`);
  return lines.join("\n");
}

export function formatDiagnosticsText(diagnostics: readonly Diagnostic[], options: TextFormatOptions = {}): string {
  if (diagnostics.length === 0) return "";
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const body = diagnostics.map((d) => formatDiagnosticText(d, options)).join("\n");
  return `${body}\n${errors} error(s), ${warnings} warning(s)\n`;
}

export function formatDiagnosticsJson(diagnostics: readonly Diagnostic[]): string {
  const rows = diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    file: d.file,
    line: d.line,
    column: d.column,
    path: d.path,
    message: d.message,
    hint: d.hint,
  }));
  return JSON.stringify({ diagnostics: rows }, null, 2) + "\n";
}

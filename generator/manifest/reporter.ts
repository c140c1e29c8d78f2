// Collects diagnostics for one manifest file, turning JSON paths into `line:col`.
import type { Diagnostic, Severity } from "../diagnostics/diagnostic.js";
import { type DiagnosticCode, severityOf, type WarningCode } from "../diagnostics/codes.js";
import { formatPath, type JsonPath } from "../diagnostics/json-path.js";
import { locatePath, type ParsedYaml, type Position, scalarSourceAt } from "./source.js";

export type Target = "key" | "value";

export interface ReportOptions {
  readonly severity?: Severity;
  /** Point at the key naming the node rather than its value. */
  readonly target?: Target;
  /** An exact position, when a check knows better than the path (e.g. inside a URI template). */
  readonly position?: Position;
}

export class Reporter {
  private parsedSource: ParsedYaml | (() => ParsedYaml) | undefined;

  /**
   * @param source the parsed file, or a function parsing it on first need (a caller that
   *   checks data it serialized itself pays for the YAML tree only when something is reported)
   * @param diagnostics where reports go; reporters for files pulled in by `$ref` share the
   *   manifest's list, so one run still returns one sorted list.
   */
  constructor(
    readonly file: string,
    source: ParsedYaml | (() => ParsedYaml) | undefined,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    this.parsedSource = source;
  }

  private get source(): ParsedYaml | undefined {
    if (typeof this.parsedSource === "function") this.parsedSource = this.parsedSource();
    return this.parsedSource;
  }

  report(code: DiagnosticCode, path: JsonPath, message: string, hint: string, options: ReportOptions = {}): void {
    const pos = options.position ?? (this.source ? locatePath(this.source, path, options.target ?? "value") : { line: 1, column: 1 });
    this.diagnostics.push({
      code,
      severity: options.severity ?? severityOf(code),
      file: this.file,
      line: pos.line,
      column: pos.column,
      path: formatPath(path),
      message,
      hint,
    });
  }

  warn(code: WarningCode, path: JsonPath, message: string, hint: string, options: ReportOptions = {}): void {
    this.report(code, path, message, hint, { ...options, severity: "warning" });
  }

  locate(path: JsonPath, target: Target = "value"): Position {
    return this.source ? locatePath(this.source, path, target) : { line: 1, column: 1 };
  }

  /** The scalar at `path` exactly as the user wrote it, for hints that quote it back. */
  sourceText(path: JsonPath): string | undefined {
    return this.source ? scalarSourceAt(this.source, path) : undefined;
  }

  get parsed(): ParsedYaml | undefined {
    return this.source;
  }
}

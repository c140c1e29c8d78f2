/** How much a change matters to existing users of the old side. */
export type Level = "breaking" | "warning" | "info";

/** Ordered from most to least severe; output groups and `--fail-on` follow this order. */
export const LEVELS: readonly Level[] = ["breaking", "warning", "info"];

/** What a change is about; `path` is read in the vocabulary of its kind. */
export type ChangeKind =
  | "revision"
  | "method"
  | "notification"
  | "definition"
  | "property"
  | "capability"
  | "error-code"
  | "tool"
  | "prompt"
  | "resource"
  | "template"
  | "handle"
  | "input-request"
  | "auth";

/**
 * One rule of the diff: a stable UPPER_SNAKE id (never reused or renamed: CI configs and
 * suppressions name it), sorted categories, a fixed level and a one-sentence purpose.
 * Modelled on buf's breaking rules, so a rule id reads like a lint id.
 */
export interface Rule {
  readonly id: string;
  readonly categories: readonly string[];
  readonly level: Level;
  readonly purpose: string;
}

/** One reported change. The JSON output prints exactly these five fields. */
export interface Change {
  readonly rule: string;
  readonly level: Level;
  readonly kind: ChangeKind;
  readonly path: string;
  readonly message: string;
}

export interface DiffResult {
  /** The old side as the user named it (revision name or file path). */
  readonly old: string;
  readonly new: string;
  readonly changes: readonly Change[];
}

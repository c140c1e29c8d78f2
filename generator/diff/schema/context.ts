import type { SchemaFact } from "./facts.js";
import type { Resolver } from "./resolve.js";

export interface CompareOptions {
  readonly resolveOld: Resolver;
  readonly resolveNew: Resolver;
  /**
   * Spec mode: two `$ref`s to the same target are not followed, because that target is a
   * definition diffed on its own (following would report one change at every use site).
   */
  readonly opaqueSameRefs?: boolean;
}

/** What a keyword comparator gets: where facts go, and how to compare two subschemas. */
export interface WalkContext {
  readonly options: CompareOptions;
  readonly facts: SchemaFact[];
  /** Compares two subschemas found at `path` (recursion, with cycle detection). */
  readonly walk: (oldSchema: unknown, newSchema: unknown, path: string) => void;
}

// "unevaluatedProperties"/"unevaluatedItems" (JSON Schema 2020-12 §11) over an evaluation
// descriptor the generator writes: what the sibling keywords evaluated, as far as it could
// decide statically, plus branches whose contribution depends on whether their subschema
// matched (anyOf/oneOf arms, if/then/else, dependentSchemas).
import type { z } from "zod";
import { jsonKind } from "./json.js";
import { isPresent } from "./objects.js";
import type { TextMatcher } from "./strings.js";

/** What the siblings of an "unevaluated*" keyword evaluated. */
export interface Evaluation {
  readonly allProperties?: boolean;
  readonly names?: readonly string[];
  readonly patterns?: readonly TextMatcher[];
  readonly allItems?: boolean;
  readonly prefixItems?: number;
  readonly branches?: readonly EvaluationBranch[];
}

/** A part of an Evaluation that counts only when its condition holds for the value. */
export interface EvaluationBranch {
  /** The branch applies when this schema accepts the value (or rejects it, with `negate`). */
  readonly when?: z.ZodType;
  readonly negate?: boolean;
  /** The branch applies when this property is present ("dependentSchemas"). */
  readonly whenKey?: string;
  readonly evaluation: Evaluation;
}

function branchApplies(branch: EvaluationBranch, value: unknown): boolean {
  if (branch.whenKey !== undefined && !isPresent(value, branch.whenKey)) return false;
  if (branch.when === undefined) return true;
  return branch.when.safeParse(value).success !== (branch.negate === true);
}

function propertyEvaluated(evaluation: Evaluation, key: string, value: unknown): boolean {
  if (evaluation.allProperties === true || evaluation.names?.includes(key) === true) return true;
  if (evaluation.patterns?.some((pattern) => pattern.test(key)) === true) return true;
  return (evaluation.branches ?? []).some(
    (branch) => branchApplies(branch, value) && propertyEvaluated(branch.evaluation, key, value),
  );
}

function itemEvaluated(evaluation: Evaluation, index: number, items: readonly unknown[]): boolean {
  if (evaluation.allItems === true || index < (evaluation.prefixItems ?? 0)) return true;
  return (evaluation.branches ?? []).some(
    (branch) => branchApplies(branch, items) && itemEvaluated(branch.evaluation, index, items),
  );
}

/** "unevaluatedProperties"/"unevaluatedItems": what no sibling evaluated must satisfy the schema. */
export function unevaluated(
  evaluation: Evaluation,
  properties: z.ZodType | false | undefined,
  items: z.ZodType | false | undefined,
) {
  const accepts = (schema: z.ZodType | false, value: unknown) => schema !== false && schema.safeParse(value).success;
  return (value: unknown): boolean => {
    const kind = jsonKind(value);
    if (kind === "object" && properties !== undefined) {
      const object = value as Record<string, unknown>;
      return Object.keys(object).every(
        (key) => propertyEvaluated(evaluation, key, value) || accepts(properties, object[key]),
      );
    }
    if (kind === "array" && items !== undefined) {
      const array = value as unknown[];
      return array.every((item, index) => itemEvaluated(evaluation, index, array) || accepts(items, item));
    }
    return true;
  };
}

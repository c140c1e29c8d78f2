// `unevaluatedProperties` / `unevaluatedItems` (2020-12 core §11).
//
// DECISION: what counts as "evaluated" depends on the annotations of the sibling
// keywords and of every subschema applied in place ($ref, allOf, anyOf, oneOf, if/then/
// else, dependentSchemas) — and for anyOf/oneOf/if only on the arms that MATCHED. The
// generator collects the static part (declared names, patterns, prefix lengths, whole-
// instance evaluation by additionalProperties/items) and turns every arm whose
// contribution depends on the value into a branch that is re-checked at runtime with that
// arm's schema. The inlined `unevaluated` helper then applies the schema to the rest.
// A `$ref` cycle back to a schema already on the path contributes nothing new.
//
// DECISION (where ajv departs from the spec, reported as MCPGEN0307, spec emitted):
// - ITEMS: ajv tracks evaluated items statically — prefixItems/items under anyOf/oneOf/
//   if count whether or not their arm matched — so unevaluatedItems next to item keywords
//   under a value-dependent branch is reported. A non-trivial `contains` evaluates every
//   item in ajv; that static case is reproduced exactly.
// - IF/THEN/ELSE: ajv counts the `if` subschema's properties only together with the first
//   clause present, nothing at all without a clause that can fail, and loses even sibling
//   properties when no present clause applies; unevaluatedProperties next to an `if` is
//   reported. anyOf/oneOf/dependentSchemas properties follow the spec in ajv, and here.

import { ajvAlwaysValid, encodePointer, valueAtPointer } from "@mcp-gen/runtime/core";
import { isRecord } from "../../jsonschema/resource.js";
import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { chain, type ZodExpr } from "./expr.js";
import { emitSchema } from "./recurse.js";
import { compilablePattern } from "./string.js";
import { arrayLiteral, call, literal, objectLiteral } from "./writer.js";

interface Evaluation {
  allProperties: boolean;
  names: string[];
  patterns: string[];
  allItems: boolean;
  prefixItems: number;
  branches: { when?: string; negate?: boolean; whenKey?: string; evaluation: Evaluation }[];
  /** Pointers of item keywords found under a value-dependent branch (not reproducible). */
  dynamicItemKeywords: string[];
  /** Pointers of if/then/else whose evaluation ajv tracks in its own way (not reproducible). */
  conditionals: string[];
}

export function applyUnevaluated(
  node: Record<string, unknown>,
  at: readonly string[],
  ctx: EmitContext,
  base: ZodExpr,
): ZodExpr {
  if (ctx.dialect !== "2020-12") return base;
  const properties = node["unevaluatedProperties"];
  const items = node["unevaluatedItems"];
  const propertiesArg = restArgument(properties, [...at, "unevaluatedProperties"], ctx);
  const itemsArg = restArgument(items, [...at, "unevaluatedItems"], ctx);
  if (propertiesArg === "undefined" && itemsArg === "undefined") return base;
  const evaluation = evaluationOf(node, at, ctx.quiet(), new Set(), true, false);
  if (itemsArg !== "undefined" && evaluation.dynamicItemKeywords.length > 0) {
    ctx.report(
      DIAGNOSTIC_CODES.ajvQuirk,
      "error",
      at,
      "unevaluatedItems",
      `ajv evaluates items under anyOf/oneOf/if/dependentSchemas statically (${evaluation.dynamicItemKeywords.join(", ")}); the emitted schema follows the spec`,
    );
  }
  if (propertiesArg !== "undefined" && evaluation.conditionals.length > 0) {
    ctx.report(
      DIAGNOSTIC_CODES.ajvQuirk,
      "error",
      at,
      "unevaluatedProperties",
      `ajv's evaluated properties through if/then/else (${evaluation.conditionals.join(", ")}) differ from the spec; the emitted schema follows the spec`,
    );
  }
  const check = call(ctx.helper("unevaluated"), [evaluationCode(evaluation), propertiesArg, itemsArg]);
  return chain(base, `.refine(${check}, "Unevaluated properties or items are not allowed")`);
}

function restArgument(schema: unknown, at: readonly string[], ctx: EmitContext): string {
  if (schema === undefined || schema === true) return "undefined";
  if (schema === false) return "false";
  const expr = emitSchema(schema, at, ctx);
  return expr.isUnknown ? "undefined" : expr.code;
}

function emptyEvaluation(): Evaluation {
  return {
    allProperties: false,
    names: [],
    patterns: [],
    allItems: false,
    prefixItems: 0,
    branches: [],
    dynamicItemKeywords: [],
    conditionals: [],
  };
}

function isEmpty(evaluation: Evaluation): boolean {
  return (
    !evaluation.allProperties &&
    !evaluation.allItems &&
    evaluation.names.length === 0 &&
    evaluation.patterns.length === 0 &&
    evaluation.prefixItems === 0 &&
    evaluation.branches.length === 0
  );
}

function merge(into: Evaluation, from: Evaluation): void {
  into.allProperties ||= from.allProperties;
  into.allItems ||= from.allItems;
  into.names.push(...from.names.filter((name) => !into.names.includes(name)));
  into.patterns.push(...from.patterns.filter((pattern) => !into.patterns.includes(pattern)));
  into.prefixItems = Math.max(into.prefixItems, from.prefixItems);
  into.branches.push(...from.branches);
  into.dynamicItemKeywords.push(...from.dynamicItemKeywords);
  into.conditionals.push(...from.conditionals);
}

function evaluationOf(
  node: unknown,
  at: readonly string[],
  ctx: EmitContext,
  path: Set<unknown>,
  top: boolean,
  dynamic: boolean,
): Evaluation {
  const evaluation = emptyEvaluation();
  if (!isRecord(node) || path.has(node)) return evaluation;
  path.add(node);
  if (isRecord(node["properties"])) evaluation.names.push(...Object.keys(node["properties"]));
  if (isRecord(node["patternProperties"])) {
    for (const pattern of Object.keys(node["patternProperties"])) {
      const regex = compilablePattern(pattern, at, "patternProperties", ctx);
      if (regex !== undefined) evaluation.patterns.push(regex);
    }
  }
  if (node["additionalProperties"] !== undefined || (!top && node["unevaluatedProperties"] !== undefined)) {
    evaluation.allProperties = true;
  }
  const itemKeywords = ["prefixItems", "items", "contains", ...(top ? [] : ["unevaluatedItems"])].filter(
    (key) => node[key] !== undefined,
  );
  if (dynamic) evaluation.dynamicItemKeywords.push(...itemKeywords.map((key) => encodePointer([...at, key])));
  if (Array.isArray(node["prefixItems"])) evaluation.prefixItems = node["prefixItems"].length;
  if (node["items"] !== undefined || (!top && node["unevaluatedItems"] !== undefined)) evaluation.allItems = true;
  if (containsEvaluatesAll(node, ctx)) evaluation.allItems = true;

  if (typeof node["$ref"] === "string") {
    const target = ctx.resource.resolve(node["$ref"]);
    if (target.kind === "local") {
      merge(
        evaluation,
        evaluationOf(valueAtPointer(ctx.resource.root, target.tokens), [...target.tokens], ctx, path, false, dynamic),
      );
    }
  }
  if (Array.isArray(node["allOf"])) {
    node["allOf"].forEach((arm, i) =>
      merge(evaluation, evaluationOf(arm, [...at, "allOf", String(i)], ctx, path, false, dynamic)),
    );
  }
  const dependentBranch = (branch: Evaluation["branches"][number]) => {
    evaluation.dynamicItemKeywords.push(...branch.evaluation.dynamicItemKeywords);
    evaluation.conditionals.push(...branch.evaluation.conditionals);
    if (!isEmpty(branch.evaluation)) evaluation.branches.push(branch);
  };
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const arms = node[keyword];
    if (!Array.isArray(arms)) continue;
    arms.forEach((arm, i) => {
      const armAt = [...at, keyword, String(i)];
      dependentBranch({
        when: emitSchema(arm, armAt, ctx).code,
        evaluation: evaluationOf(arm, armAt, ctx, path, false, true),
      });
    });
  }
  if (node["if"] !== undefined) {
    // Spec: the `if` annotations and `then` when `if` matched, `else` otherwise.
    evaluation.conditionals.push(encodePointer([...at, "if"]));
    const condition = emitSchema(node["if"], [...at, "if"], ctx).code;
    const matched = evaluationOf(node["if"], [...at, "if"], ctx, path, false, true);
    merge(matched, evaluationOf(node["then"], [...at, "then"], ctx, path, false, true));
    dependentBranch({ when: condition, evaluation: matched });
    dependentBranch({
      when: condition,
      negate: true,
      evaluation: evaluationOf(node["else"], [...at, "else"], ctx, path, false, true),
    });
  }
  if (isRecord(node["dependentSchemas"])) {
    for (const [key, schema] of Object.entries(node["dependentSchemas"])) {
      dependentBranch({
        whenKey: key,
        evaluation: evaluationOf(schema, [...at, "dependentSchemas", key], ctx, path, false, true),
      });
    }
  }
  path.delete(node);
  return evaluation;
}

/**
 * ajv marks every item evaluated once a `contains` with a schema that can fail is
 * checked (it skips that when `minContains: 0` has no `maxContains`).
 */
function containsEvaluatesAll(node: Record<string, unknown>, ctx: EmitContext): boolean {
  if (node["contains"] === undefined || ajvAlwaysValid(node["contains"], ctx.dialect)) return false;
  return !(node["minContains"] === 0 && node["maxContains"] === undefined);
}

function evaluationCode(evaluation: Evaluation): string {
  const entries: string[] = [];
  if (evaluation.allProperties) entries.push("allProperties: true");
  if (evaluation.names.length > 0) entries.push(`names: ${literal(evaluation.names)}`);
  if (evaluation.patterns.length > 0) entries.push(`patterns: ${arrayLiteral(evaluation.patterns)}`);
  if (evaluation.allItems) entries.push("allItems: true");
  if (evaluation.prefixItems > 0) entries.push(`prefixItems: ${evaluation.prefixItems}`);
  if (evaluation.branches.length > 0) {
    const branches = evaluation.branches.map((branch) => {
      const fields: string[] = [];
      if (branch.when !== undefined) fields.push(`when: ${branch.when}`);
      if (branch.negate === true) fields.push("negate: true");
      if (branch.whenKey !== undefined) fields.push(`whenKey: ${literal(branch.whenKey)}`);
      fields.push(`evaluation: ${evaluationCode(branch.evaluation)}`);
      return objectLiteral(fields);
    });
    entries.push(`branches: ${arrayLiteral(branches)}`);
  }
  return objectLiteral(entries);
}

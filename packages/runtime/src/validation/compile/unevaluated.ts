// unevaluatedProperties / unevaluatedItems (2020-12 core §11), as the zod emitter decides them
// (emit/zod/unevaluated.ts): what the siblings and every in-place subschema ($ref, allOf)
// evaluate is collected once; anyOf/oneOf arms, if/then/else and dependentSchemas contribute only
// when they apply to the value, so they become branches re-checked per value. ajv's "a contains
// that can fail evaluates every item" is reproduced, as there.
import type { TextMatcher } from "../strings.js";
import { ACCEPT, type Check, failAt, isObject, under } from "./check.js";
import { ajvAlwaysValid } from "../../core/json-schema-dialect.js";
import type { Compiler } from "./compiler.js";
import { compilePattern } from "./resource.js";

interface Evaluation {
  allProperties: boolean;
  names: Set<string>;
  patterns: TextMatcher[];
  allItems: boolean;
  prefixItems: number;
  branches: Branch[];
}

interface Branch {
  readonly when?: Check;
  readonly negate?: boolean;
  readonly whenKey?: string;
  readonly evaluation: Evaluation;
}

export function unevaluatedCheck(node: Record<string, unknown>, c: Compiler, base: Check): Check {
  if (c.dialect !== "2020-12") return base;
  const properties = restOf(node["unevaluatedProperties"], c);
  const items = restOf(node["unevaluatedItems"], c);
  if (properties === undefined && items === undefined) return base;
  const evaluation = evaluationOf(node, c, new Set(), true);
  const check: Check = (value, issues) => {
    if (properties !== undefined && isObject(value)) {
      for (const key of Object.keys(value)) {
        if (propertyEvaluated(evaluation, key, value)) continue;
        if (properties === false) return failAt(issues, key, "is not an allowed property (unevaluatedProperties)");
        if (!properties(value[key], issues)) return under(issues, key);
      }
    } else if (items !== undefined && Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (itemEvaluated(evaluation, i, value)) continue;
        if (items === false) return failAt(issues, i, "is not an allowed item (unevaluatedItems)");
        if (!items(value[i], issues)) return under(issues, i);
      }
    }
    return true;
  };
  return (value, issues) => base(value, issues) && check(value, issues);
}

function restOf(schema: unknown, c: Compiler): Check | false | undefined {
  if (schema === undefined || schema === true) return undefined;
  if (schema === false) return false;
  const check = c.compile(schema);
  return check === ACCEPT ? undefined : check;
}

function empty(): Evaluation {
  return { allProperties: false, names: new Set(), patterns: [], allItems: false, prefixItems: 0, branches: [] };
}

function isEmpty(e: Evaluation): boolean {
  return !e.allProperties && !e.allItems && e.names.size === 0 && e.patterns.length === 0 && e.prefixItems === 0 && e.branches.length === 0;
}

function merge(into: Evaluation, from: Evaluation): void {
  into.allProperties ||= from.allProperties;
  into.allItems ||= from.allItems;
  for (const name of from.names) into.names.add(name);
  into.patterns.push(...from.patterns);
  into.prefixItems = Math.max(into.prefixItems, from.prefixItems);
  into.branches.push(...from.branches);
}

function evaluationOf(node: unknown, c: Compiler, path: Set<unknown>, top: boolean): Evaluation {
  const evaluation = empty();
  if (!isObject(node) || path.has(node)) return evaluation;
  path.add(node);
  if (isObject(node["properties"])) for (const name of Object.keys(node["properties"])) evaluation.names.add(name);
  if (isObject(node["patternProperties"])) {
    for (const source of Object.keys(node["patternProperties"])) {
      const matcher = compilePattern(c.resource.settings, source);
      if (matcher !== undefined) evaluation.patterns.push(matcher);
    }
  }
  if (node["additionalProperties"] !== undefined || (!top && node["unevaluatedProperties"] !== undefined)) evaluation.allProperties = true;
  if (Array.isArray(node["prefixItems"])) evaluation.prefixItems = node["prefixItems"].length;
  if (node["items"] !== undefined || (!top && node["unevaluatedItems"] !== undefined)) evaluation.allItems = true;
  const contains = node["contains"];
  if (contains !== undefined && !ajvAlwaysValid(contains, c.dialect) && !(node["minContains"] === 0 && node["maxContains"] === undefined)) {
    evaluation.allItems = true;
  }
  if (typeof node["$ref"] === "string") {
    const target = c.resource.resolve(node["$ref"]);
    if (target.kind === "local") merge(evaluation, evaluationOf(target.node, c, path, false));
  }
  if (Array.isArray(node["allOf"])) for (const arm of node["allOf"]) merge(evaluation, evaluationOf(arm, c, path, false));
  const branch = (b: Branch) => {
    if (!isEmpty(b.evaluation)) evaluation.branches.push(b);
  };
  for (const keyword of ["anyOf", "oneOf"]) {
    const arms = node[keyword];
    if (Array.isArray(arms)) for (const arm of arms) branch({ when: c.compile(arm), evaluation: evaluationOf(arm, c, path, false) });
  }
  if (node["if"] !== undefined) {
    // Spec: the `if` annotations and `then` when `if` matched, `else` otherwise.
    const condition = c.compile(node["if"]);
    const matched = evaluationOf(node["if"], c, path, false);
    merge(matched, evaluationOf(node["then"], c, path, false));
    branch({ when: condition, evaluation: matched });
    branch({ when: condition, negate: true, evaluation: evaluationOf(node["else"], c, path, false) });
  }
  if (isObject(node["dependentSchemas"])) {
    for (const [key, schema] of Object.entries(node["dependentSchemas"])) branch({ whenKey: key, evaluation: evaluationOf(schema, c, path, false) });
  }
  path.delete(node);
  return evaluation;
}

function applies(branch: Branch, value: unknown): boolean {
  if (branch.whenKey !== undefined && (value as Record<string, unknown>)[branch.whenKey] === undefined) return false;
  if (branch.when === undefined) return true;
  return branch.when(value, undefined) !== (branch.negate === true);
}

function propertyEvaluated(e: Evaluation, key: string, value: unknown): boolean {
  if (e.allProperties || e.names.has(key)) return true;
  for (const matcher of e.patterns) if (matcher.test(key)) return true;
  for (const b of e.branches) if (applies(b, value) && propertyEvaluated(b.evaluation, key, value)) return true;
  return false;
}

function itemEvaluated(e: Evaluation, index: number, items: readonly unknown[]): boolean {
  if (e.allItems || index < e.prefixItems) return true;
  for (const b of e.branches) if (applies(b, items) && itemEvaluated(b.evaluation, index, items)) return true;
  return false;
}

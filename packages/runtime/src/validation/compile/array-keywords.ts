// items, prefixItems (draft-07: array-valued items + additionalItems), minItems, maxItems,
// uniqueItems, contains with minContains/maxContains (2020-12 only). Prefix schemas constrain
// the first items without requiring them to exist (2020-12 core §10.3.1.1).
import { allUnique } from "../json.js";
import { ACCEPT, type Check, type SchemaIssue, fail, under } from "./check.js";
import type { Compiler } from "./compiler.js";

type ArrayCheck = (items: readonly unknown[], issues: SchemaIssue[] | undefined) => boolean;

export function arrayKeywords(node: Record<string, unknown>, c: Compiler): ArrayCheck[] {
  const checks: ArrayCheck[] = [];
  const { prefix, rest } = itemSchemas(node, c);
  if (prefix.length > 0 || rest !== undefined) {
    checks.push((items, issues) => {
      for (let i = 0; i < items.length; i++) {
        const check = i < prefix.length ? prefix[i]! : rest;
        if (check !== undefined && !check(items[i], issues)) return under(issues, i);
      }
      return true;
    });
  }
  const min = node["minItems"];
  if (typeof min === "number" && min > 0) {
    checks.push((items, issues) => items.length >= min || fail(issues, `must have at least ${min} items`));
  }
  const max = node["maxItems"];
  if (typeof max === "number") {
    checks.push((items, issues) => items.length <= max || fail(issues, `must have at most ${max} items`));
  }
  if (node["uniqueItems"] === true) checks.push((items, issues) => allUnique(items) || fail(issues, "items must be unique"));
  if (node["contains"] !== undefined) {
    const modern = c.dialect === "2020-12";
    const low = modern && typeof node["minContains"] === "number" ? node["minContains"] : 1;
    const high = modern && typeof node["maxContains"] === "number" ? node["maxContains"] : Infinity;
    if (low > 0 || high !== Infinity) {
      const contains = c.compile(node["contains"]);
      const message = high === Infinity ? `must contain at least ${low} matching item${low === 1 ? "" : "s"}` : `must contain between ${low} and ${high} matching items`;
      checks.push((items, issues) => {
        let count = 0;
        for (const item of items) if (contains(item, undefined)) count++;
        return (count >= low && count <= high) || fail(issues, message);
      });
    }
  }
  return checks;
}

/** Per-position checks and the check of the items after them (undefined: anything). */
function itemSchemas(node: Record<string, unknown>, c: Compiler): { prefix: Check[]; rest: Check | undefined } {
  const items = node["items"];
  if (c.dialect === "2020-12") {
    const prefixItems = Array.isArray(node["prefixItems"]) ? node["prefixItems"] : [];
    return {
      prefix: prefixItems.map((schema) => c.compile(schema)),
      // An array `items` is invalid in 2020-12 (ajv rejects the schema); the zod emitter ignores it.
      rest: items === undefined || Array.isArray(items) ? undefined : nonTrivial(c.compile(items)),
    };
  }
  if (Array.isArray(items)) {
    const additional = node["additionalItems"];
    return {
      prefix: items.map((schema) => c.compile(schema)),
      rest: additional === undefined ? undefined : nonTrivial(c.compile(additional)),
    };
  }
  return { prefix: [], rest: items === undefined ? undefined : nonTrivial(c.compile(items)) };
}

const nonTrivial = (check: Check): Check | undefined => (check === ACCEPT ? undefined : check);

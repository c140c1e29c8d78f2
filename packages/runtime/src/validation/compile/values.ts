// `const` and `enum`: JSON equality (2020-12 validation §6.1.2, §6.1.3), so 1 and 1.0 are equal
// and objects compare by their members, not by key order.
import { jsonEqual } from "../json.js";
import { type Check, fail, shown } from "./check.js";

export function constCheck(value: unknown): Check {
  const message = `must be equal to ${shown(value)}`;
  if (value === null || typeof value !== "object") return (candidate, issues) => candidate === value || fail(issues, message);
  return (candidate, issues) => jsonEqual(value, candidate) || fail(issues, message);
}

export function enumCheck(values: unknown): Check {
  // Not a non-empty array: ajv rejects the schema; fail closed.
  if (!Array.isArray(values) || values.length === 0) return (_value, issues) => fail(issues, "invalid enum in schema");
  const message = `must be one of ${shown(values)}`;
  const primitives = values.every((value) => value === null || typeof value !== "object");
  if (primitives) {
    const set = new Set<unknown>(values);
    return (candidate, issues) => set.has(candidate) || fail(issues, message);
  }
  return (candidate, issues) => values.some((value) => jsonEqual(value, candidate)) || fail(issues, message);
}

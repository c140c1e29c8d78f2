// allOf, anyOf, oneOf, not, if/then/else (2020-12 core §10.2). Arms of anyOf/oneOf, `not` and
// `if` only decide; allOf arms and the chosen then/else branch report their own issue.
import { ACCEPT, allOf, type Check, fail } from "./check.js";
import type { Compiler } from "./compiler.js";

export function allOfChecks(arms: unknown, c: Compiler): Check[] {
  // Not a non-empty array: ajv rejects the schema; the zod emitter adds nothing.
  return Array.isArray(arms) ? arms.map((arm) => c.compile(arm)) : [];
}

export function anyOfCheck(arms: unknown, c: Compiler): Check {
  if (!Array.isArray(arms) || arms.length === 0) return (_value, issues) => fail(issues, "invalid anyOf in schema");
  const checks = arms.map((arm) => c.compile(arm));
  if (checks.length === 1) return checks[0]!;
  if (checks.includes(ACCEPT)) return ACCEPT;
  return (value, issues) => {
    for (const check of checks) if (check(value, undefined)) return true;
    return fail(issues, "must match at least one schema in anyOf");
  };
}

export function oneOfCheck(arms: unknown, c: Compiler): Check {
  if (!Array.isArray(arms) || arms.length === 0) return (_value, issues) => fail(issues, "invalid oneOf in schema");
  const checks = arms.map((arm) => c.compile(arm));
  if (checks.length === 1) return checks[0]!;
  return (value, issues) => {
    let matched = 0;
    for (const check of checks) if (check(value, undefined) && ++matched > 1) break;
    if (matched === 1) return true;
    return fail(issues, matched === 0 ? "must match exactly one schema in oneOf (matches none)" : "must match exactly one schema in oneOf (matches more than one)");
  };
}

/** `not` and `if`/`then`/`else` over the rest of the schema (`base`). */
export function conditionals(node: Record<string, unknown>, c: Compiler, base: Check): Check {
  const checks = [base];
  if (node["not"] !== undefined) {
    const negated = c.compile(node["not"]);
    if (negated === ACCEPT) return (_value, issues) => fail(issues, 'no value is allowed here ("not" of a schema that accepts everything)');
    checks.push((value, issues) => !negated(value, undefined) || fail(issues, 'must not match the "not" schema'));
  }
  if (node["if"] !== undefined && (node["then"] !== undefined || node["else"] !== undefined)) {
    const condition = c.compile(node["if"]);
    const then = node["then"] === undefined ? ACCEPT : c.compile(node["then"]);
    const otherwise = node["else"] === undefined ? ACCEPT : c.compile(node["else"]);
    checks.push((value, issues) => (condition(value, undefined) ? then(value, issues) : otherwise(value, issues)));
  }
  return allOf(checks);
}

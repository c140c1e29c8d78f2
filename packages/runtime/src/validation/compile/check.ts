// What a compiled JSON Schema is: a closure over the value, built once per schema node.
//
// DECISION (errors cost nothing on success): a check returns only its verdict. When the caller
// passes an `issues` list, the FIRST failing keyword pushes one issue with an empty path, and
// every enclosing check that failed because of it prefixes its own property name or index on
// the way out. So a valid value never builds a path, and an invalid one reports where and why
// (`/items/0/name: must be a string`). Sub-verdicts that only decide (anyOf arms, `not`, `if`,
// `contains`) are asked without a list.

/** One reason a value failed: where (property names and indexes) and which rule. */
export interface SchemaIssue {
  readonly path: (string | number)[];
  readonly message: string;
}

/** A compiled schema: true when `value` is valid; on failure, one issue is added to `issues` if given. */
export type Check = (value: unknown, issues: SchemaIssue[] | undefined) => boolean;

/** Records a failure of the value itself. */
export function fail(issues: SchemaIssue[] | undefined, message: string): false {
  issues?.push({ path: [], message });
  return false;
}

/** Records that a failure reported by a sub-check happened under `key`. */
export function under(issues: SchemaIssue[] | undefined, key: string | number): false {
  const last = issues?.[issues.length - 1];
  last?.path.unshift(key);
  return false;
}

export const ACCEPT: Check = () => true;

/** A check that fails every value with `message`. */
export function reject(message: string): Check {
  return (_value, issues) => fail(issues, message);
}

/** All checks must pass, in order (the first failure is reported). */
export function allOf(checks: readonly Check[]): Check {
  const list = checks.filter((check) => check !== ACCEPT);
  if (list.length === 0) return ACCEPT;
  if (list.length === 1) return list[0]!;
  if (list.length === 2) {
    const [a, b] = list as [Check, Check];
    return (value, issues) => a(value, issues) && b(value, issues);
  }
  return (value, issues) => {
    for (const check of list) if (!check(value, issues)) return false;
    return true;
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON value in a message: short, never the whole of a large one. */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Records a failure at property or index `key` of the value (a missing or forbidden one). */
export function failAt(issues: SchemaIssue[] | undefined, key: string | number, message: string): false {
  issues?.push({ path: [key], message });
  return false;
}

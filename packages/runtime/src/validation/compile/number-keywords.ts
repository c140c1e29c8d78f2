// minimum, maximum, exclusiveMinimum, exclusiveMaximum (numbers only, as ajv reads 2020-12 and
// draft-07), multipleOf (ajv's formula: ../multiple-of.ts), the number formats (int32, int64).
import { multipleOf } from "../multiple-of.js";
import { type SchemaIssue, fail } from "./check.js";
import { NUMBER_FORMATS } from "./formats.js";

type NumberCheck = (value: number, issues: SchemaIssue[] | undefined) => boolean;

export function numberKeywords(node: Record<string, unknown>): NumberCheck[] {
  const checks: NumberCheck[] = [];
  const bound = (keyword: string, holds: (value: number, limit: number) => boolean, relation: string) => {
    const limit = node[keyword];
    if (typeof limit !== "number") return;
    const message = `must be ${relation} ${limit}`;
    checks.push((value, issues) => holds(value, limit) || fail(issues, message));
  };
  bound("minimum", (v, l) => v >= l, ">=");
  bound("exclusiveMinimum", (v, l) => v > l, ">");
  bound("maximum", (v, l) => v <= l, "<=");
  bound("exclusiveMaximum", (v, l) => v < l, "<");
  const divisor = node["multipleOf"];
  if (typeof divisor === "number") {
    // A divisor <= 0 makes ajv reject the schema: fail closed.
    const multiple = divisor > 0 ? multipleOf(divisor) : () => false;
    const message = `must be a multiple of ${divisor}`;
    checks.push((value, issues) => multiple(value) || fail(issues, message));
  }
  const format = node["format"];
  if (typeof format === "string" && Object.hasOwn(NUMBER_FORMATS, format)) {
    const valid = NUMBER_FORMATS[format]!;
    const message = `must be a valid ${format}`;
    checks.push((value, issues) => valid(value) || fail(issues, message));
  }
  return checks;
}

// minLength, maxLength (code points, 2020-12 validation §6.3.1), pattern (linear-time where the
// pattern allows it: the engine given, ../pattern.ts in generated servers), format. As in the zod emitter (emit/zod/string.ts, issue
// 21 #3), a failed length bound ends the string's checks: a pattern never runs on a string
// already known to be too long or too short.
import { codePointLength } from "../strings.js";
import { type SchemaIssue, fail } from "./check.js";
import { STRING_FORMATS } from "./formats.js";
import { type CompileSettings, compilePattern } from "./resource.js";

/** The checks of a value already known to be a string. */
export function stringKeywords(node: Record<string, unknown>, settings: CompileSettings): ((text: string, issues: SchemaIssue[] | undefined) => boolean)[] {
  const checks: ((text: string, issues: SchemaIssue[] | undefined) => boolean)[] = [];
  const min = node["minLength"];
  const max = node["maxLength"];
  const lower = typeof min === "number" && min > 0 ? min : undefined;
  const upper = typeof max === "number" ? max : undefined;
  if (lower !== undefined || upper !== undefined) {
    checks.push((text, issues) => {
      // Only a string longer (in UTF-16 units) than the lower bound can be too short in code points.
      const length = lower === undefined && text.length <= upper! ? 0 : codePointLength(text);
      if (lower !== undefined && length < lower) return fail(issues, `must be at least ${lower} character${lower === 1 ? "" : "s"} long`);
      if (upper !== undefined && text.length > upper && length > upper) return fail(issues, `must be at most ${upper} character${upper === 1 ? "" : "s"} long`);
      return true;
    });
  }
  const source = node["pattern"];
  if (typeof source === "string") {
    // Not a valid `u` regex: ajv rejects the schema; fail closed.
    const matcher = compilePattern(settings, source);
    const message = `must match the pattern ${source}`;
    checks.push(matcher === undefined ? (_t, issues) => fail(issues, "invalid pattern in schema") : (text, issues) => matcher.test(text) || fail(issues, message));
  }
  const format = node["format"];
  if (typeof format === "string" && Object.hasOwn(STRING_FORMATS, format)) {
    const valid = STRING_FORMATS[format]!;
    const message = `must be a valid ${format}`;
    checks.push((text, issues) => valid(text) || fail(issues, message));
  }
  return checks;
}

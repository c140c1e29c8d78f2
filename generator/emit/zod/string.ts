// `type: "string"` and its keywords: minLength, maxLength, pattern, format.

import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import type { EmitContext } from "./context.js";
import type { ZodExpr } from "./expr.js";
import { FORMAT_CHECKERS, UNSUPPORTED_FORMATS } from "./formats.js";
import { appendCalls } from "./writer.js";

export const STRING_KEYWORDS = ["minLength", "maxLength", "pattern"] as const;

export function emitString(node: Record<string, unknown>, at: readonly string[], ctx: EmitContext): ZodExpr {
  const calls: string[] = [];
  // DECISION: lengths are counted in code points (JSON Schema 2020-12 validation §6.3.1;
  // ajv does the same), so zod's .min()/.max() — UTF-16 units — cannot be used.
  // DECISION (issue 21 #3): a failed length bound aborts the string's remaining checks
  // (zod's `abort`), so a pattern or format never runs on a string already known to be too
  // long: `^(a+)+$` behind `maxLength: 10` took 55 s on 31 characters. The verdict is the
  // same (invalid); the error lists the length issue only.
  const min = node["minLength"];
  if (typeof min === "number" && min > 0) {
    calls.push(
      `.refine((text) => ${ctx.helper("codePointLength")}(text) >= ${min}, { message: "Expected at least ${min} characters", abort: true })`,
    );
  }
  const max = node["maxLength"];
  if (typeof max === "number") {
    calls.push(
      `.refine((text) => ${ctx.helper("codePointLength")}(text) <= ${max}, { message: "Expected at most ${max} characters", abort: true })`,
    );
  }
  const pattern = node["pattern"];
  if (typeof pattern === "string") {
    const source = compilablePattern(pattern, at, "pattern", ctx);
    // Fail closed on an invalid pattern (the diagnostic is an error).
    calls.push(
      source === undefined
        ? `.refine(() => false, "Invalid pattern in schema")`
        : `.refine(${ctx.helper("matching")}(${source}), ${JSON.stringify(`Must match the pattern ${pattern}`)})`,
    );
  }
  const format = formatCheck(node, "string", at, ctx);
  if (format !== "") calls.push(format);
  return { code: appendCalls("z.string()", calls), type: "string", zod: "z.ZodString" };
}

/**
 * The code of a compiled pattern (a `TextMatcher`), or undefined (with a diagnostic) when the
 * pattern is not a valid unicode regex: ajv compiles patterns with the "u" flag and rejects
 * the whole schema otherwise. With runtime helpers, `pattern(…)` picks the linear-time
 * engine where the pattern allows it; inlined modules (zod only) use `new RegExp(…, "u")`.
 */
export function compilablePattern(
  pattern: string,
  at: readonly string[],
  keyword: string,
  ctx: EmitContext,
): string | undefined {
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    ctx.report(
      DIAGNOSTIC_CODES.invalidPattern,
      "error",
      at,
      keyword,
      `invalid regular expression: ${(error as Error).message}`,
    );
    return undefined;
  }
  const literal = JSON.stringify(pattern);
  return ctx.settings.helpers === "import" ? `${ctx.helper("pattern")}(${literal})` : `new RegExp(${literal}, "u")`;
}

/** The `.refine(...)` for `format`, when the format applies to `kind` and ajv-formats checks it. */
export function formatCheck(
  node: Record<string, unknown>,
  kind: "string" | "number",
  at: readonly string[],
  ctx: EmitContext,
): string {
  const format = node["format"];
  if (typeof format !== "string") return "";
  if (UNSUPPORTED_FORMATS.has(format)) {
    // Fail closed: reported as an error by typed.ts.
    return kind === "string" ? `.refine(() => false, ${JSON.stringify(`Unsupported format ${format}`)})` : "";
  }
  const checker = FORMAT_CHECKERS[format];
  if (checker === undefined || checker.kind !== kind || checker.helper === undefined) return "";
  return `.refine(${ctx.helper(checker.helper)}, ${JSON.stringify(`Invalid ${format}`)})`;
}

// "pattern" and "patternProperties" matched in time linear in the input where the pattern
// allows it (issue 21: `^(a+)+$` on 31 characters blocked the event loop for seconds).
//
// DECISION (engine): re2js, a pure-JS port of RE2 (no native build, no WASM), over native
// RegExp or a native `re2` binding. Measured on this repo's machine: ~0.4-0.8 µs per test on
// short strings against ~0.03 µs native, linear on hostile input (1 ms for `^(a+)+$` on
// 100,000 characters, where native needs seconds for 30). Patterns RE2 cannot express
// exactly (see re2-syntax.ts: backreferences, lookaround, …) stay on native RegExp;
// `mcp-gen validate` warns about those a ReDoS checker finds super-linear.
import { RE2JS } from "re2js";
import { toRe2Syntax } from "./re2-syntax.js";
import type { TextMatcher } from "./strings.js";

/** The linear-time matcher of a pattern, or undefined when only the backtracking engine can run it. */
export function linearMatcher(source: string): TextMatcher | undefined {
  const re2Source = toRe2Syntax(source);
  if (re2Source === undefined) return undefined;
  try {
    const compiled = RE2JS.compile(re2Source);
    return { test: (text: string) => compiled.test(text) };
  } catch {
    // e.g. a repetition count over RE2's limit of 1000.
    return undefined;
  }
}

/** A JSON Schema pattern, compiled once: linear-time where possible, else `new RegExp(source, "u")`. */
export function pattern(source: string): TextMatcher {
  return linearMatcher(source) ?? new RegExp(source, "u");
}

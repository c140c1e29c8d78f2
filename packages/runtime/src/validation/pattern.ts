// "pattern" and "patternProperties" matched in time linear in the input where the pattern
// allows it (issue 21: `^(a+)+$` on 31 characters blocked the event loop for seconds).
//
// DECISION (engine): re2js, a pure-JS port of RE2 (no native build, no WASM), over native
// RegExp or a native `re2` binding (a compiled addon the generated packages would have to
// build). Measured on this repo's machine (re2js 2.10, Node 20): a slug and a date pattern on
// short strings 0.81 / 0.36 µs per test against 0.033 / 0.023 µs native; a 1 KB e-mail-like
// string 14 µs against 0.9 µs — slower by 15-25×, still far below a request's cost — and
// linear on hostile input: `^(a+)+$` on 100,000 characters in ~1-12 ms, where native RegExp
// needs 0.76 s for 28 characters and doubles per character. Patterns RE2 cannot express
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

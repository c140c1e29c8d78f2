// ReDoS check of the regular expressions a manifest's schemas carry (`pattern`, the keys of
// `patternProperties`): a warning, with the pattern's position, for each one a ReDoS checker
// finds super-linear (issue 21).
//
// DECISION (checker: recheck, pure-JS backend): measured on 14 known patterns (exponential,
// polynomial and safe ones; list in docs/manifest.md), recheck 4.5 classified all 14
// correctly, safe-regex2 5.1 missed 4 (`^(a|a)*$`, `^(a|aa)+$`, `^\d+\d+$`, `^.*a.*a$`) and
// flagged 2 safe ones (`^(?:[a-z0-9-]+\.)+[a-z]{2,}$`, `^([a-z]+){0,1}$`). recheck's pure
// backend needs no JVM or native binary (its optional packages are never started: the sync
// backend is forced to "pure") and takes 2-400 ms per pattern, so patterns without unbounded
// repetition (which cannot be super-linear) are not sent, results are cached per process, and
// each check is cut at CHECK_TIMEOUT_MS (then no warning: "unknown" is not evidence).
//
// What the warning means depends on the engine (packages/runtime/src/validation/pattern.ts):
// generated servers run most patterns on RE2 (linear) anyway, but every other validator of the
// published schema (clients, ajv) backtracks; patterns RE2 cannot express stay on RegExp in
// the generated server too. Both cases warn; the hint says which.
import { createRequire } from "node:module";
import type { JsonPath } from "../diagnostics/json-path.js";
import { entriesOf, INPUT_OWNERS, isMap } from "./raw.js";
import type { Reporter } from "./reporter.js";
import { runtimeValidation } from "./runtime-lazy.js";
import { childrenOf, isSchemaObject } from "./schema-walk.js";

const CHECK_TIMEOUT_MS = 500;

interface ReDoSVerdict {
  readonly complexity: "exponential" | "polynomial";
  readonly attack: string | undefined;
}

type Recheck = {
  checkSync(
    source: string,
    flags: string,
    params: { timeout: number },
  ): { status: string; complexity?: { type: string }; attack?: { pattern: string } };
};

let recheck: Recheck | undefined;
const verdicts = new Map<string, ReDoSVerdict | undefined>();

/** recheck's verdict on a `u`-flag pattern: undefined when safe, unknown or not checkable. */
export function superLinear(source: string): ReDoSVerdict | undefined {
  // Without `*`, `+` or `{n,}` every match attempt is bounded: nothing to find.
  if (!/[*+]|\{\d+,\}/.test(source)) return undefined;
  if (verdicts.has(source)) return verdicts.get(source);
  recheck ??= createRequire(import.meta.url)("recheck") as Recheck;
  const previous = process.env["RECHECK_SYNC_BACKEND"];
  process.env["RECHECK_SYNC_BACKEND"] = "pure";
  let verdict: ReDoSVerdict | undefined;
  try {
    const result = recheck.checkSync(source, "u", { timeout: CHECK_TIMEOUT_MS });
    const type = result.complexity?.type;
    if (result.status === "vulnerable" && (type === "exponential" || type === "polynomial")) {
      verdict = { complexity: type, attack: result.attack?.pattern };
    }
  } catch {
    verdict = undefined; // an invalid pattern is reported by the schema checks (MCPGEN1507)
  } finally {
    if (previous === undefined) delete process.env["RECHECK_SYNC_BACKEND"];
    else process.env["RECHECK_SYNC_BACKEND"] = previous;
  }
  verdicts.set(source, verdict);
  return verdict;
}

function checkOne(source: string, path: JsonPath, reporter: Reporter, target: "key" | "value"): void {
  const verdict = superLinear(source);
  if (verdict === undefined) return;
  const attack = verdict.attack === undefined ? "" : ` (e.g. on ${verdict.attack})`;
  const linear = runtimeValidation().linearMatcher(source) !== undefined;
  const hint = linear
    ? "generated servers match it in linear time (RE2), but clients and other validators of this schema backtrack: rewrite it without nested or overlapping repetition, and bound the string with `maxLength`"
    : "RE2 cannot run it (backreference, lookaround or a construct without an exact RE2 form), so generated servers use the backtracking engine too: rewrite it, and bound the string with `maxLength`";
  reporter.warn("MCPGEN1509", path, `pattern \`${source}\` can take ${verdict.complexity} time in a backtracking regex engine${attack}`, hint, { target });
}

function walk(schema: unknown, path: JsonPath, reporter: Reporter, seen: Set<unknown>): void {
  if (!isSchemaObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  const pattern = schema["pattern"];
  if (typeof pattern === "string") checkOne(pattern, [...path, "pattern"], reporter, "value");
  for (const key of Object.keys(isMap(schema["patternProperties"]) ? schema["patternProperties"] : {})) {
    checkOne(key, [...path, "patternProperties", key], reporter, "key");
  }
  for (const child of childrenOf(schema)) walk(child.schema, [...path, ...child.segments], reporter, seen);
}

/** Warns (MCPGEN1509) on super-linear patterns in the schemas written in the manifest itself. */
export function checkPatterns(data: unknown, reporter: Reporter): void {
  if (!isMap(data)) return;
  const seen = new Set<unknown>();
  for (const [name, schema] of entriesOf(data["definitions"])) walk(schema, ["definitions", name], reporter, seen);
  for (const [name, tool] of entriesOf(data["tools"])) {
    if (!isMap(tool)) continue;
    for (const key of ["input", "output"]) walk(tool[key], ["tools", name, key], reporter, seen);
  }
  for (const owner of INPUT_OWNERS) {
    for (const [name, entry] of entriesOf(data[owner])) {
      for (const [key, request] of entriesOf(isMap(entry) ? entry["inputs"] : undefined)) {
        const elicit = isMap(request) ? request["elicit"] : undefined;
        if (isMap(elicit)) walk(elicit["schema"], [owner, name, "inputs", key, "elicit", "schema"], reporter, seen);
      }
    }
  }
}

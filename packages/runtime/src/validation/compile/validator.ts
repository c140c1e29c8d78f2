// `jsonSchemaValidator`: a JSON Schema (2020-12, or draft-07 when its `$schema` says so) as a
// `safeParse` function, compiled to closures on FIRST USE and cached per schema object, so a
// server with a hundred tools pays nothing at import and nothing for tools never called.
//
// DECISION (no code generation at run time): no `new Function`/eval — Cloudflare Workers forbid
// them, and closures are fast enough (one call per keyword). DECISION (the verdicts): the same as
// the zod schemas mcp-gen emits for the schema, keyword by keyword (test/validation-compile/
// checks this against ajv on the emitter's corpora).
import type { SchemaIssue } from "./check.js";
import { encodePointer } from "../../core/json-pointer.js";
import { detectDialect } from "../../core/json-schema-dialect.js";
import { type CompileSettings, type Dialect, type PatternEngine, SchemaResource } from "./resource.js";
import { compilerFor } from "./schema.js";

export type { SchemaIssue } from "./check.js";
export type { Dialect, PatternEngine } from "./resource.js";

export interface JsonSchemaValidatorOptions {
  /** Dialect when the schema has no `$schema` (default 2020-12, MCP's default dialect). */
  readonly dialect?: Dialect;
  /**
   * A `$ref` to another document is never fetched: "accept" (default) lets any value through,
   * as generated packages do (`mcp-gen generate` warns MCPGEN0302); "reject" fails every value.
   */
  readonly externalRefs?: CompileSettings["externalRefs"];
  /** A JSON pointer to the subschema to validate with (default: the whole schema). */
  readonly at?: string;
  /**
   * The engine of `pattern`/`patternProperties`: `pattern` from `@mcp-gen/runtime/patterns`
   * (linear-time where RE2 can express the pattern exactly, else native RegExp). A subpath of its
   * own, so that a server whose schemas have no pattern never loads it (re2js is ~260 KB). Without
   * it, a schema that uses a pattern cannot be compiled (the first safeParse throws).
   */
  readonly patterns?: PatternEngine;
}

/** Why a value failed its schema: `issues` (one, the first found) and a readable message. */
export class SchemaValidationError extends Error {
  override readonly name = "SchemaValidationError";
  constructor(readonly issues: readonly SchemaIssue[]) {
    super(issues.map((issue) => `${pointerOf(issue.path)}: ${issue.message}`).join("; "));
  }
}

export type ValidationResult<T> = { success: true; data: T } | { success: false; error: SchemaValidationError };

export interface JsonSchemaValidator<T> {
  readonly schema: unknown;
  /** The value itself (never copied or coerced) when valid, else the first issue found. */
  readonly safeParse: (value: unknown) => ValidationResult<T>;
}

type Compiled = (value: unknown, issues: SchemaIssue[] | undefined) => boolean;
const cache = new WeakMap<object, Map<string, Compiled>>();

/** A validator of `schema`; nothing is compiled before the first safeParse. */
export function jsonSchemaValidator<T = unknown>(schema: unknown, options: JsonSchemaValidatorOptions = {}): JsonSchemaValidator<T> {
  let check: Compiled | undefined;
  const safeParse = (value: unknown): ValidationResult<T> => {
    check ??= compiled(schema, options);
    const issues: SchemaIssue[] = [];
    let valid: boolean;
    try {
      valid = check(value, issues);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      issues.push({ path: [], message: "is nested too deeply to check" });
      valid = false;
    }
    if (valid) return { success: true, data: value as T };
    if (issues.length === 0) issues.push({ path: [], message: "is invalid" });
    return { success: false, error: withoutStack(issues) };
  };
  return { schema, safeParse };
}

const engineIds = new WeakMap<PatternEngine, number>();

/**
 * The error of a rejected value, without a captured stack: it describes the value, not a fault of
 * the code, and capturing a stack was most of the cost of a rejected call (~9 of ~12 µs, measured
 * on a one-property schema), which a client sending bad arguments in a loop would make us pay.
 */
function withoutStack(issues: readonly SchemaIssue[]): SchemaValidationError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new SchemaValidationError(issues);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function compiled(schema: unknown, options: JsonSchemaValidatorOptions): Compiled {
  const fallback = options.dialect ?? "2020-12";
  const settings: CompileSettings = { externalRefs: options.externalRefs ?? "accept", patterns: options.patterns };
  const at = options.at ?? "";
  if (typeof schema !== "object" || schema === null) return compileIn(schema, fallback, settings, at);
  let byOptions = cache.get(schema);
  if (byOptions === undefined) cache.set(schema, (byOptions = new Map()));
  let engine = 0;
  if (settings.patterns !== undefined) {
    engine = engineIds.get(settings.patterns) ?? engineIds.set(settings.patterns, nextEngineId++).get(settings.patterns)!;
  }
  const key = `${fallback} ${settings.externalRefs} ${engine} ${at}`;
  let check = byOptions.get(key);
  if (check === undefined) byOptions.set(key, (check = compileIn(schema, fallback, settings, at)));
  return check;
}
let nextEngineId = 1;

function compileIn(schema: unknown, fallback: Dialect, settings: CompileSettings, at: string): Compiled {
  const resource = new SchemaResource(schema, detectDialect(schema, fallback), settings);
  const compiler = compilerFor(resource);
  if (at === "") return compiler.compile(schema);
  const target = resource.resolve(`#${at}`);
  if (target.kind !== "local") throw new Error(`jsonSchemaValidator: nothing at ${at} in the schema`);
  return compiler.compile(target.node);
}

/** `["items", 0, "a/b"]` → `/items/0/a~1b`; the value itself is `(root)`. */
function pointerOf(path: readonly (string | number)[]): string {
  if (path.length === 0) return "(root)";
  return encodePointer(path.map(String));
}

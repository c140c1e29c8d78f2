// Ajv instances: one strict validator for the manifest itself, one lenient 2020-12 instance for
// checking and compiling the user's own JSON Schemas (which may carry any `x-` annotation).
import { createRequire } from "node:module";
import type { ErrorObject, ValidateFunction } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { manifestSchema } from "./manifest-schema.js";
import { MANIFEST_OPTIONS, META_SCHEMA_2020_12, USER_SCHEMA_OPTIONS, loadMetaStandaloneValidator, loadStandaloneValidator } from "./standalone-validator.js";

/**
 * ajv and ajv-formats (CommonJS), required on first use.
 *
 * DECISION (measured, bench `scale-gen`): the build writes both fixed validators as standalone
 * code (standalone-validator.ts), so a manifest whose tool schemas need no compile
 * (compile-needed.ts) validates without ajv's ~90 modules (~80 ms of CPU per process).
 */
function newAjv(options: Record<string, unknown>): Ajv2020 {
  const require = createRequire(import.meta.url);
  const { Ajv2020: Ajv } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const formats = require("ajv-formats") as { default?: unknown };
  const addFormats = (formats.default ?? formats) as (ajv: Ajv2020) => Ajv2020;
  const ajv = new Ajv(options);
  addFormats(ajv);
  return ajv;
}

let manifestValidator: ValidateFunction | undefined;

export function manifestValidatorFn(): ValidateFunction {
  // DECISION (measured, bench `scale-gen`): the schema is mcp-gen's own and fixed. Its check
  // against the meta-schema (test/generate/manifest-validator.test.ts does it) and ajv's code
  // optimisation pass are skipped (250 → 135 ms of CPU per process, same verdicts), and the build
  // writes the compiled validator as standalone code (standalone-validator.ts), loaded instead
  // of compiling (~135 → ~8 ms) unless the schema changed since the build.
  manifestValidator ??= loadStandaloneValidator(import.meta.url, manifestSchema()) ?? newAjv({ ...MANIFEST_OPTIONS, code: { optimize: false } }).compile(manifestSchema());
  return manifestValidator;
}

let userAjv: Ajv2020 | undefined;

/**
 * The lenient instance for user schemas, shared because building one costs more than checking a
 * whole manifest. Callers remove every schema they compile (`removeSchema()`), so `$id`s in one
 * schema never leak into the next.
 */
export function userSchemaAjv(): Ajv2020 {
  userAjv ??= newAjv({ ...USER_SCHEMA_OPTIONS });
  return userAjv;
}

let metaStandalone: ValidateFunction | null | undefined;

/**
 * Checks a user schema against its meta-schema with the instance `ajv` gives, as its
 * `validateSchema` does.
 * DECISION (measured, bench `scale-gen`): with the shared userSchemaAjv and a schema in the
 * 2020-12 dialect (no `$schema`, or 2020-12's), the build's standalone code of that meta-schema's
 * validator is used (standalone-validator.ts): Ajv compiles the meta-schema on the first call,
 * ~90 ms of CPU per process, and ajv itself need not load.
 */
export function checkAgainstMetaSchema(schema: Record<string, unknown>, ajv: () => Ajv2020): { valid: boolean; errors: ErrorObject[] } {
  if (ajv === userSchemaAjv && (schema["$schema"] === undefined || schema["$schema"] === META_SCHEMA_2020_12)) {
    if (metaStandalone === undefined) metaStandalone = loadMetaStandaloneValidator(import.meta.url) ?? null;
    if (metaStandalone !== null) {
      const valid = metaStandalone(schema) as boolean;
      return { valid, errors: metaStandalone.errors ?? [] };
    }
  }
  const instance = ajv();
  const valid = instance.validateSchema(schema) as boolean;
  return { valid, errors: instance.errors ?? [] };
}

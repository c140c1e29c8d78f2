// Ajv instances: one strict validator for the manifest itself, one lenient 2020-12 instance for
// checking and compiling the user's own JSON Schemas (which may carry any `x-` annotation).
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { manifestSchema } from "./manifest-schema.js";
import { loadStandaloneValidator, manifestAjv } from "./standalone-validator.js";

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

let manifestValidator: ValidateFunction | undefined;

export function manifestValidatorFn(): ValidateFunction {
  // DECISION (measured, bench `scale-gen`): the schema is mcp-gen's own and fixed. Its check
  // against the meta-schema (test/generate/manifest-validator.test.ts does it) and ajv's code
  // optimisation pass are skipped (250 → 135 ms of CPU per process, same verdicts), and the build
  // writes the compiled validator as standalone code (standalone-validator.ts), loaded instead
  // of compiling (~135 → ~15 ms) unless the schema changed since the build.
  manifestValidator ??= loadStandaloneValidator(import.meta.url, manifestSchema()) ?? manifestAjv().compile(manifestSchema());
  return manifestValidator;
}

let userAjv: Ajv2020 | undefined;

/**
 * The lenient instance for user schemas, shared because building one costs more than checking a
 * whole manifest. Callers remove every schema they compile (`removeSchema()`), so `$id`s in one
 * schema never leak into the next.
 */
export function userSchemaAjv(): Ajv2020 {
  if (!userAjv) {
    userAjv = new Ajv2020({ allErrors: true, verbose: true, strict: false, validateFormats: true, logger: false });
    addFormats(userAjv);
  }
  return userAjv;
}

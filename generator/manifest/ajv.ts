// Ajv instances: one strict validator for the manifest itself, one lenient 2020-12 instance for
// checking and compiling the user's own JSON Schemas (which may carry any `x-` annotation).
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { manifestSchema } from "./manifest-schema.js";

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

let manifestValidator: ValidateFunction | undefined;

export function manifestValidatorFn(): ValidateFunction {
  if (!manifestValidator) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
    addFormats(ajv);
    manifestValidator = ajv.compile(manifestSchema());
  }
  return manifestValidator;
}

/** A fresh lenient instance per manifest, so `$id`s in one manifest never leak into the next. */
export function userSchemaAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

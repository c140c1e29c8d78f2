// The compiled validator of one emitter-scenario declaration, set up as the ajv oracle is
// (test/fixtures/emitter/support.ts): roots are their own resource (2020-12 unless `$schema`
// says otherwise), document declarations are pointers into the document.
import { detectDialect } from "../../packages/runtime/src/core/json-schema-dialect.js";
import type { ZodModule } from "../../generator/emit/zod/module.js";
import { jsonSchemaValidator } from "../../packages/runtime/src/validation/compile/index.js";
import { pattern } from "../../packages/runtime/src/validation/pattern.js";
import type { ScenarioInput } from "../fixtures/emitter/support.js";

export type Verdict = (value: unknown) => boolean;

export function compiledValidators(input: ScenarioInput, emitted: ZodModule): Map<string, Verdict> {
  const externalRefs = input.externalRefs === "unknown" ? "accept" : "reject";
  const validators = new Map<string, Verdict>();
  for (const declaration of emitted.declarations) {
    const schema = declaration.root === undefined ? input.document : input.roots![declaration.root]!;
    const dialect = declaration.root === undefined ? detectDialect(input.document) : "2020-12";
    const at = declaration.pointer
      .split("/")
      .map((token) => encodeURIComponent(token))
      .join("/");
    const validator = jsonSchemaValidator(schema, { dialect, externalRefs, at, patterns: pattern });
    validators.set(declaration.name, (value) => validator.safeParse(value).success);
  }
  return validators;
}

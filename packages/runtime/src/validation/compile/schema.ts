// The dispatcher: one JSON Schema node → one Check. A schema is the conjunction of independent
// parts — `type` with each kind's keywords (typed.ts), `$ref`, `const`/`enum`, `allOf`, `anyOf`,
// `oneOf` — then `not`/`if` (combinators.ts) and `unevaluated*` (unevaluated.ts), exactly the
// split of the zod emitter (generator/emit/zod/schema.ts), so both give the same verdicts.
// Annotations and keywords outside the dialect add nothing.
import { ACCEPT, allOf, type Check, reject } from "./check.js";
import { allOfChecks, anyOfCheck, conditionals, oneOfCheck } from "./combinators.js";
import type { Compiler } from "./compiler.js";
import type { SchemaResource } from "./resource.js";
import { typedCheck } from "./typed.js";
import { unevaluatedCheck } from "./unevaluated.js";
import { constCheck, enumCheck } from "./values.js";

const FALSE_SCHEMA = reject("no value is allowed here");

/** The compiler of one resource: every node compiled at most once (cached by identity). */
export function compilerFor(resource: SchemaResource): Compiler {
  const compiler: Compiler = {
    resource,
    dialect: resource.dialect,
    compile(node) {
      if (node === true) return ACCEPT;
      if (node === false) return FALSE_SCHEMA;
      // Not a schema: ajv rejects it; the zod emitter accepts (and reports an error diagnostic).
      if (typeof node !== "object" || node === null || Array.isArray(node)) return ACCEPT;
      const cached = resource.compiled.get(node);
      if (cached !== undefined) return cached;
      // A `$ref` cycle reaches this node again while it is built: it gets a forwarding check.
      let built: Check | undefined;
      resource.compiled.set(node, (value, issues) => built!(value, issues));
      built = build(node as Record<string, unknown>, compiler);
      resource.compiled.set(node, built);
      return built;
    },
  };
  return compiler;
}

function build(node: Record<string, unknown>, c: Compiler): Check {
  const parts: Check[] = [];
  if (c.dialect === "2020-12" && (node["$dynamicRef"] !== undefined || node["$recursiveRef"] !== undefined)) {
    // Dynamic scope resolution is not supported (the zod emitter fails closed too).
    parts.push(reject("unsupported schema ($dynamicRef)"));
  }
  const typed = typedCheck(node, c);
  if (typed !== undefined) parts.push(typed);
  if (node["$ref"] !== undefined) parts.push(refCheck(node["$ref"], c));
  if (node["const"] !== undefined) parts.push(constCheck(node["const"]));
  if (node["enum"] !== undefined) parts.push(enumCheck(node["enum"]));
  if (node["allOf"] !== undefined) parts.push(...allOfChecks(node["allOf"], c));
  if (node["anyOf"] !== undefined) parts.push(anyOfCheck(node["anyOf"], c));
  if (node["oneOf"] !== undefined) parts.push(oneOfCheck(node["oneOf"], c));
  return unevaluatedCheck(node, c, conditionals(node, c, allOf(parts)));
}

function refCheck(ref: unknown, c: Compiler): Check {
  if (typeof ref !== "string") return ACCEPT; // invalid: ajv rejects the schema, the zod emitter ignores it
  const target = c.resource.resolve(ref);
  if (target.kind === "local") return c.compile(target.node);
  if (target.kind === "external" && c.resource.settings.externalRefs === "accept") return ACCEPT;
  return reject(target.kind === "external" ? `cannot check $ref ${ref} (outside this schema)` : `unresolvable $ref ${ref}`);
}

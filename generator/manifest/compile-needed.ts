// Whether a meta-valid user schema still needs Ajv's compile to find out if it compiles.
//
// DECISION (measured): compiling every tool schema with Ajv was most of the loader's time
// (2.1 s of 3.2 s for 1,000 small tools; ~6 s for the 346 operations of the Gitea import, whose
// schemas each pull in dozens of `$defs`). After `validateSchema` has passed and the patterns
// were checked (schemas.ts, MCPGEN1507), what is left for `compile` to reject with
// `strict: false` is reference resolution: `$ref`s that lead nowhere or into data, and the base
// URI and anchor machinery (`$id`, `$anchor`, `$dynamic*`, draft 2019-09 `$recursive*`). A
// schema without any of those keywords and whose every `$ref` is `#` or a chain of `$defs`
// entries that exists (the shape the bundler writes) cannot fail there, so it is not compiled.
// Anything else is compiled exactly as before, and so is a schema using a keyword Ajv 2020 acts
// on that the meta-schema lets through: `id` and `$async` (Ajv throws on them), OpenAPI
// `nullable` (throws without `type`), `dependencies` (compiled, but its subschemas are not
// walked by the pattern check), a nested `$schema`, and `enum: []` (Ajv throws on it).
// test/manifest/compile-needed.test.ts compares this verdict with Ajv's on many schemas.
import { followPointer } from "./schema-refs.js";
import { childrenOf, isSchemaObject } from "./schema-walk.js";

const COMPILE_KEYWORDS = ["$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor", "id", "$async", "nullable", "dependencies"];
const DEFS_CHAIN = /^#(?:\/\$defs\/[^/]+)*$/;

/** False when Ajv's compile of `schema` (already meta-valid) is known to succeed. */
export function compileNeeded(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  let root = true;
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isSchemaObject(node)) continue;
    for (const keyword of COMPILE_KEYWORDS) if (Object.hasOwn(node, keyword)) return true;
    if (!root && Object.hasOwn(node, "$schema")) return true;
    if (Array.isArray(node["enum"]) && node["enum"].length === 0) return true;
    if (Object.hasOwn(node, "$ref") && !resolvesLocally(schema, node["$ref"])) return true;
    for (const child of childrenOf(node)) stack.push(child.schema);
    root = false;
  }
  return false;
}

function resolvesLocally(root: unknown, ref: unknown): boolean {
  if (typeof ref !== "string" || !DEFS_CHAIN.test(ref)) return false;
  let target: { found: boolean; value: unknown };
  try {
    target = followPointer(root, ref.slice(1));
  } catch {
    return false; // a malformed %-escape: let Ajv say what it makes of it
  }
  return target.found && (isSchemaObject(target.value) || typeof target.value === "boolean");
}

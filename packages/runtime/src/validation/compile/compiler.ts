// What a keyword family needs from the compiler: the resource (dialect, `$ref` targets) and a
// way to compile its subschemas. Passed in rather than imported, so keyword modules and the
// dispatcher (schema.ts) do not import each other.
import type { Check } from "./check.js";
import type { Dialect, SchemaResource } from "./resource.js";

export interface Compiler {
  readonly resource: SchemaResource;
  readonly dialect: Dialect;
  /** The check of a subschema (cached per node; a node under compilation forwards to itself). */
  compile(node: unknown): Check;
}

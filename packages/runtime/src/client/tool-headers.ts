// `x-mcp-header` annotations on tool input schemas
// [S26:basic/transports/streamable-http § Schema Extension; S26:server/tools § x-mcp-header].
//
// A tool whose annotations break any rule is dropped from `tools/list` on HTTP (with a
// warning naming the tool and the reason), so one malformed definition never blocks the
// others. The walk below only looks at schema keywords; it never resolves `$ref`
// (same-document or network: SEP-2106 forbids fetching, and an annotation behind a `$ref`
// is invalid anyway).

/** One mirrored parameter: where its value lives in `arguments`, and its header name. */
export interface HeaderParam {
  /** Chain of `properties` keys from the schema root to the annotated property. */
  path: string[];
  /** The `{Name}` part: the header sent is `Mcp-Param-{Name}`. */
  name: string;
}

export type ToolHeaderPlan = { ok: true; params: HeaderParam[] } | { ok: false; reason: string };

// RFC 9110 tchar: "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE_TYPES = new Set(["string", "integer", "boolean"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function annotatedTypeIsPrimitive(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  if (typeof type === "string") return PRIMITIVE_TYPES.has(type);
  if (Array.isArray(type)) {
    // A nullable primitive (["string","null"]) still mirrors its non-null values; the header is omitted for null.
    const nonNull = type.filter((t) => t !== "null");
    return nonNull.length > 0 && nonNull.every((t) => typeof t === "string" && PRIMITIVE_TYPES.has(t));
  }
  return false;
}

/**
 * Find every annotation in `schema`. `reachablePath` is the `properties` chain when the
 * current node is statically reachable from the root, or null once the walk has passed
 * through any other keyword.
 */
function collect(node: unknown, reachablePath: string[] | null, found: Array<{ path: string[] | null; schema: Record<string, unknown> }>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, null, found);
    return;
  }
  if (!isObject(node)) return;
  if ("x-mcp-header" in node) found.push({ path: reachablePath, schema: node });
  for (const [key, child] of Object.entries(node)) {
    if (key === "properties" && isObject(child)) {
      for (const [prop, propSchema] of Object.entries(child)) {
        collect(propSchema, reachablePath === null ? null : [...reachablePath, prop], found);
      }
    } else if (key !== "x-mcp-header" && key !== "enum" && key !== "const" && key !== "default" && key !== "examples") {
      // Every other keyword (items, anyOf, $defs, if/then/else, …) breaks static reachability.
      collect(child, null, found);
    }
  }
}

/** Validate a tool's `inputSchema` annotations and return the headers to mirror. */
export function planToolHeaders(inputSchema: unknown): ToolHeaderPlan {
  const found: Array<{ path: string[] | null; schema: Record<string, unknown> }> = [];
  collect(inputSchema, [], found);
  const params: HeaderParam[] = [];
  const seen = new Set<string>();
  for (const { path, schema } of found) {
    const name = schema["x-mcp-header"];
    if (typeof name !== "string" || name.length === 0) return { ok: false, reason: "x-mcp-header must be a non-empty string" };
    if (!TOKEN.test(name)) return { ok: false, reason: `x-mcp-header "${name}" is not an HTTP token (no spaces, colons, control or non-ASCII characters)` };
    if (path === null || path.length === 0) return { ok: false, reason: `x-mcp-header "${name}" is not reachable from the root through "properties" alone` };
    if (!annotatedTypeIsPrimitive(schema)) return { ok: false, reason: `x-mcp-header "${name}" is on a parameter of type ${JSON.stringify(schema.type ?? "unspecified")}; only string, integer and boolean may be mirrored` };
    const folded = name.toLowerCase();
    if (seen.has(folded)) return { ok: false, reason: `x-mcp-header "${name}" is not unique (names compare case-insensitively)` };
    seen.add(folded);
    params.push({ path, name });
  }
  return { ok: true, params };
}

/** Read the value at a `properties` path inside call arguments (undefined when absent). */
export function valueAtPath(args: unknown, path: readonly string[]): unknown {
  let current: unknown = args;
  for (const key of path) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

// A JSON Schema flattened into the rows of a parameter table: one row per property, nested
// objects (also inside array items, maps and `$ref`'d definitions) as indented rows below their
// parent, variants of `anyOf`/`oneOf`/`allOf` as labelled rows. Local `$ref`s are resolved against
// the bundled root (the loader puts every definition a schema uses into its `$defs`); a
// definition met again inside itself is named, not expanded, so recursive schemas end.
import { decodeFragmentPointer, valueAtPointer } from "@mcp-gen/runtime/core";
import type { JsonSchema } from "../manifest/ir.js";
import { jsonText } from "./html.js";
import { constraintTexts, enumTexts, noteTexts, typeText } from "./schema-type.js";

type Node = Readonly<Record<string, unknown>>;

export type RowKind = "property" | "additional" | "pattern" | "variant";

export interface SchemaRow {
  /** 0 for the root's own properties; +1 per nesting level. */
  readonly depth: number;
  readonly kind: RowKind;
  /** Property name; `{key}` for map values, the pattern for patternProperties, `one of 1` … for variants. */
  readonly name: string;
  readonly type: string;
  /** Referenced definition (`$ref` target name), when the value is one. */
  readonly ref?: string;
  /** Allowed values as JSON texts (enum or const). */
  readonly values?: readonly string[];
  readonly constraints: readonly string[];
  /** undefined for rows that are not properties. */
  readonly required?: boolean;
  readonly default?: string;
  readonly title?: string;
  readonly description?: string;
  readonly notes: readonly string[];
}

/** Deeper than this is shown as "…": a guard against absurd nesting, far beyond real schemas. */
const MAX_DEPTH = 16;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function refName(ref: string): string {
  const last = ref.split("/").pop() ?? ref;
  try {
    return decodeURIComponent(last).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return last;
  }
}

interface Resolved {
  readonly node: Node | boolean | undefined;
  /** Name of the last definition followed. */
  readonly ref?: string;
  /** The ref leads back into a definition being expanded. */
  readonly recursive: boolean;
  /** A ref that does not point into this schema. */
  readonly external?: string;
  /** Every local ref followed. */
  readonly chain: readonly string[];
}

class Flattener {
  readonly rows: SchemaRow[] = [];
  constructor(private readonly root: JsonSchema) {}

  /** Follows `$ref` chains (local only); `seen` holds the refs being expanded above this node. */
  private resolve(schema: unknown, seen: ReadonlySet<string>): Resolved {
    let node = schema;
    let ref: string | undefined;
    const chain: string[] = [];
    for (let hops = 0; isNode(node) && typeof node["$ref"] === "string"; hops++) {
      const target = node["$ref"];
      if (!target.startsWith("#")) return { node, external: target, recursive: false, chain };
      if (seen.has(target) || chain.includes(target) || hops > 32) return { node, ref: refName(target), recursive: true, chain };
      chain.push(target);
      const tokens = decodeFragmentPointer(target.slice(1));
      const next = tokens === undefined ? undefined : valueAtPointer(this.root, tokens);
      if (!isNode(next) && typeof next !== "boolean") return { node, external: target, recursive: false, chain };
      // Keywords beside the $ref (2020-12) still describe the value: keep the description of the using site.
      ref = refName(target);
      node = isNode(next) ? { ...next, ...withoutRef(node) } : next;
    }
    return { node: isNode(node) || typeof node === "boolean" ? node : undefined, ...(ref !== undefined ? { ref } : {}), recursive: false, chain };
  }

  /** Rows for the children of `schema` (its properties, map values, variants) at `depth`. */
  children(schema: unknown, depth: number, outer: ReadonlySet<string>): void {
    const resolved = this.resolve(schema, outer);
    const node = resolved.node;
    if (!isNode(node) || resolved.recursive) return;
    const seen = union(outer, resolved.chain);
    if (depth > MAX_DEPTH) {
      this.rows.push({ depth, kind: "variant", name: "…", type: "nested too deep to show", constraints: [], notes: [] });
      return;
    }
    const required = new Set(Array.isArray(node["required"]) ? node["required"].filter((r): r is string => typeof r === "string") : []);
    if (isNode(node["properties"])) {
      for (const [name, sub] of Object.entries(node["properties"])) this.row(sub, depth, seen, "property", name, required.has(name));
    }
    if (isNode(node["patternProperties"])) {
      for (const [pattern, sub] of Object.entries(node["patternProperties"])) this.row(sub, depth, seen, "pattern", `/${pattern}/`);
    }
    const extra = node["additionalProperties"];
    if (isNode(extra) || extra === true) this.row(extra, depth, seen, "additional", "{key}");
    for (const keyword of ["oneOf", "anyOf", "allOf"] as const) {
      const variants = node[keyword];
      if (!Array.isArray(variants)) continue;
      const label = keyword === "oneOf" ? "one of" : keyword === "anyOf" ? "any of" : "all of";
      variants.forEach((sub, i) => this.row(sub, depth, seen, "variant", `${label} ${i + 1}`));
    }
  }

  private row(schema: unknown, depth: number, seen: ReadonlySet<string>, kind: RowKind, name: string, required?: boolean): void {
    const resolved = this.resolve(schema, seen);
    const node = resolved.node;
    const base = { depth, kind, name, ...(kind === "property" ? { required: required === true } : {}) };
    if (resolved.external !== undefined) {
      this.rows.push({ ...base, type: `$ref ${resolved.external}`, constraints: [], notes: ["not resolved: outside this schema"] });
      return;
    }
    if (resolved.recursive) {
      this.rows.push({ ...base, type: `${resolved.ref} (recursive)`, ref: resolved.ref as string, constraints: [], notes: [`the same ${resolved.ref} as above`] });
      return;
    }
    if (typeof node === "boolean" || node === undefined) {
      this.rows.push({ ...base, type: node === false ? "never (no value allowed)" : "any", constraints: [], notes: [] });
      return;
    }
    const inner = union(seen, resolved.chain);
    const items = this.resolve(node["items"], inner);
    const itemNode = isNode(items.node) ? items.node : undefined;
    const itemType = itemNode ? (items.ref ?? typeText(itemNode)) : undefined;
    const values = enumTexts(node);
    this.rows.push({
      ...base,
      type: typeText(node, itemType),
      ...(resolved.ref !== undefined ? { ref: resolved.ref } : {}),
      ...(values !== undefined ? { values } : {}),
      constraints: constraintTexts(node),
      ...("default" in node ? { default: jsonText(node["default"]) } : {}),
      ...(typeof node["title"] === "string" ? { title: node["title"] } : {}),
      ...(typeof node["description"] === "string" ? { description: node["description"] } : {}),
      notes: noteTexts(node),
    });
    this.children(node, depth + 1, inner);
    // An array's item object: its properties are the next level down, under the array's row.
    if (itemNode && !items.recursive) this.children(node["items"], depth + 1, inner);
    // A tuple: `prefixItems` (2020-12) or an `items` array (draft-07), one row per position.
    const tuple = Array.isArray(node["prefixItems"]) ? node["prefixItems"] : Array.isArray(node["items"]) ? node["items"] : [];
    tuple.forEach((sub, i) => this.row(sub, depth + 1, inner, "variant", `[${i}]`));
    if (items.recursive) this.rows.push({ depth: depth + 1, kind: "variant", name: "items", type: `${items.ref} (recursive)`, constraints: [], notes: [`the same ${items.ref} as above`] });
  }
}

function withoutRef(node: Node): Node {
  const { $ref: _ref, ...rest } = node;
  return rest;
}

/** `seen` plus the refs just followed: the definitions now being expanded. */
function union(seen: ReadonlySet<string>, chain: readonly string[]): ReadonlySet<string> {
  return chain.length === 0 ? seen : new Set([...seen, ...chain]);
}

/** The rows of a schema's table: the root's properties (and variants), nested below. */
export function schemaRows(schema: JsonSchema): SchemaRow[] {
  const flattener = new Flattener(schema);
  flattener.children(schema, 0, new Set());
  return flattener.rows;
}

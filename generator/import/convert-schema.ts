// OpenAPI Schema Objects → JSON Schema 2020-12, exactly.
//
// DECISION RECORD — 3.0 → 2020-12. An OpenAPI 3.0 Schema Object is a JSON Schema draft-04/05
// dialect [OpenAPI 3.0.3 § 4.7.24]. The differences that change which values are valid:
// `nullable: true` adds "null" to the types of an explicit `type` (only then; an `enum` keeps
// its own list, as the 3.0.3 clarification says) → `type: [T, "null"]`; `exclusiveMinimum` /
// `exclusiveMaximum` are booleans modifying `minimum` / `maximum` → the 2020-12 numeric forms;
// a `$ref` ignores its siblings [3.0.3 § 4.7.25] → they are dropped. 3.1 Schema Objects are
// 2020-12 already [OpenAPI 3.1.1 § 4.8.24]. In both, OpenAPI's own annotations with no
// validation meaning (`discriminator`, `xml`, `externalDocs`, `x-*` extensions) are dropped, and
// `example` becomes `examples: [example]`. References become manifest `definitions`
// (`#/definitions/<name>`), so a shared or recursive schema stays one definition.
import { UserError } from "../errors.js";
import { isReservedIdentifier, toIdentifier } from "../manifest/identifiers.js";
import type { DocumentSet, Place, Target } from "./refs.js";

type Json = Record<string, unknown>;

const SCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas", "$defs"] as const;
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
const SCHEMA_ONE = ["additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems"] as const;
const DROPPED = new Set(["discriminator", "xml", "externalDocs", "example", "nullable", "$schema", "$id"]);

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

interface Pending {
  readonly name: string;
  readonly target: Target;
}

export class SchemaConverter {
  /** Converted definitions by manifest name. */
  readonly definitions = new Map<string, unknown>();
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly pending: Pending[] = [];

  constructor(
    private readonly docs: DocumentSet,
    /** OpenAPI 3.0 semantics (nullable, boolean exclusive bounds, `$ref` siblings ignored). */
    private readonly legacy: boolean,
  ) {}

  /** A unique definition name the manifest (and TypeScript) can use. */
  private nameFor(target: Target): string {
    const key = `${target.doc.url}#${target.pointer.join("/")}`;
    const known = this.names.get(key);
    if (known !== undefined) return known;
    const p = target.pointer;
    const inRoot = target.doc === this.docs.root;
    const component = p.length === 3 && p[0] === "components" && p[1] === "schemas";
    const stem = inRoot ? "" : `${(target.doc.url.split("/").pop() ?? "file").replace(/\.[^.]*$/, "")}_`;
    const raw = component ? `${stem}${p[2]}` : `${stem}${p.slice(-3).join("_")}` || "schema";
    const base = raw.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "schema";
    let name = /^[0-9]/.test(base) ? `S${base}` : base;
    for (let n = 2; this.taken.has(toIdentifier(name)) || isReservedIdentifier(toIdentifier(name)); n++) name = `${base}_${n}`;
    this.taken.add(toIdentifier(name));
    this.names.set(key, name);
    this.pending.push({ name, target });
    return name;
  }

  /** Converts one schema written at `at`. */
  async convert(schema: unknown, at: Place): Promise<unknown> {
    if (typeof schema === "boolean" && !this.legacy) return schema;
    if (!isObject(schema)) throw new UserError("MCPGEN3004", `${at.doc.locate(at.pointer)}: a schema must be an object${this.legacy ? "" : " or a boolean"}`, "fix the schema");
    const out: Json = {};
    if (typeof schema["$ref"] === "string") {
      const target = await this.docs.resolve(schema["$ref"], at);
      out["$ref"] = `#/definitions/${this.nameFor(target)}`;
      if (this.legacy) return out;
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" || DROPPED.has(key) || key.startsWith("x-")) continue;
      const here = (...rest: string[]): Place => ({ doc: at.doc, pointer: [...at.pointer, key, ...rest] });
      if ((SCHEMA_MAPS as readonly string[]).includes(key) && isObject(value)) {
        const map: Json = {};
        for (const [name, sub] of Object.entries(value)) map[name] = await this.convert(sub, here(name));
        out[key] = map;
      } else if ((SCHEMA_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
        out[key] = await Promise.all(value.map((sub, i) => this.convert(sub, here(String(i)))));
      } else if ((SCHEMA_ONE as readonly string[]).includes(key) && (isObject(value) || typeof value === "boolean")) {
        out[key] = typeof value === "boolean" ? value : await this.convert(value, here());
      } else if (this.legacy && (key === "exclusiveMinimum" || key === "exclusiveMaximum")) {
        const bound = key === "exclusiveMinimum" ? "minimum" : "maximum";
        if (value === true && typeof schema[bound] === "number") out[key] = schema[bound];
      } else if (this.legacy && (key === "minimum" || key === "maximum") && schema[key === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] === true) {
        continue;
      } else {
        out[key] = value;
      }
    }
    if (schema["example"] !== undefined && out["examples"] === undefined) out["examples"] = [schema["example"]];
    if (this.legacy && schema["nullable"] === true && typeof schema["type"] === "string") out["type"] = [schema["type"], "null"];
    return out;
  }

  /** Converts every definition referenced so far (and those they reference). */
  async finish(): Promise<void> {
    for (let next = this.pending.shift(); next; next = this.pending.shift()) {
      this.definitions.set(next.name, await this.convert(next.target.value, next.target));
    }
  }

  /** Follows `$ref`s to the schema they name (for shape decisions such as "is the root an object?"). */
  async root(schema: unknown, at: Place): Promise<Target> {
    return this.docs.deref(schema, at);
  }
}

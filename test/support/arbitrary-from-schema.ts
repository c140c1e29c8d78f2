import fc from "fast-check";

/**
 * fast-check arbitraries of VALID values for the JSON Schema subset the MCP spec schemas use
 * ($ref, anyOf, allOf of objects, type/type arrays, properties/required, additionalProperties,
 * items, enum, const, bounds, formats uri/byte/uri-template). Used to make valid messages for
 * the revisions that ship no examples. Recursion is cut at `maxDepth` by preferring scalar
 * arms and empty containers.
 */

type Schema = Record<string, any>;

export interface ArbitraryContext {
  readonly definitions: Record<string, Schema>;
  readonly maxDepth: number;
}

const uri = fc.constantFrom("https://example.com/a", "file:///tmp/x.txt", "notes://1", "urn:isbn:123");
const base64 = fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString("base64"));
const uriTemplate = fc.constantFrom("notes://{id}", "file:///{path}", "https://x.test/{a}{?b}");
const shortString = fc.string({ maxLength: 8 });

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === "uri") return uri;
  if (schema.format === "byte") return base64;
  if (schema.format === "uri-template") return uriTemplate;
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, 8) });
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === "number" ? schema.minimum : -1000;
  const max = typeof schema.maximum === "number" ? schema.maximum : 1000;
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function resolveRef(ref: string, ctx: ArbitraryContext): Schema {
  const name = ref.split("/").pop()!;
  const target = ctx.definitions[name];
  if (!target) throw new Error(`unresolved ${ref}`);
  return target;
}

/** Merges allOf arms of object schemas (the only use of allOf in the spec schemas). */
function mergeAllOf(schema: Schema, ctx: ArbitraryContext): Schema {
  const { allOf, ...rest } = schema;
  let merged: Schema = { ...rest };
  for (const arm of allOf as Schema[]) {
    const part = arm.$ref ? resolveRef(arm.$ref, ctx) : arm;
    const flat = part.allOf ? mergeAllOf(part, ctx) : part;
    merged = {
      ...flat,
      ...merged,
      type: merged.type ?? flat.type,
      properties: { ...(flat.properties ?? {}), ...(merged.properties ?? {}) },
      required: [...new Set([...(flat.required ?? []), ...(merged.required ?? [])])],
    };
  }
  return merged;
}

export function arbitraryFor(schema: Schema | boolean, ctx: ArbitraryContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || (typeof schema === "object" && Object.keys(schema).filter((k) => k !== "description").length === 0)) {
    return depth >= ctx.maxDepth ? fc.constant("any") : fc.jsonValue({ maxDepth: 1 });
  }
  if (schema === false) throw new Error("no value satisfies false");
  if (schema.$ref) return arbitraryFor(resolveRef(schema.$ref, ctx), ctx, depth);
  if (schema.allOf) return arbitraryFor(mergeAllOf(schema, ctx), ctx, depth);
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.anyOf) {
    const arms = (schema.anyOf as Schema[]).map((arm) => arbitraryFor(arm, ctx, depth + 1));
    // Terminates because containers past the depth limit are built empty (see typedArbitrary).
    return fc.oneof(...arms);
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ["object"];
  return fc.oneof(...types.map((type) => typedArbitrary(type, schema, ctx, depth)));
}

function typedArbitrary(type: string, schema: Schema, ctx: ArbitraryContext, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const deep = depth >= ctx.maxDepth;
      // Build no item arbitrary past the depth limit: construction is eager and schemas recurse.
      if (deep && !(schema.minItems > 0)) return fc.constant([]);
      const item = schema.items ? arbitraryFor(schema.items, ctx, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      const maxLength = deep ? 0 : Math.min(schema.maxItems ?? 2, 2);
      return fc.array(item, { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength });
    }
    case "object": {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const deep = depth >= ctx.maxDepth;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(properties)) {
        if (deep && !required.has(key)) continue;
        record[key] = arbitraryFor(sub, ctx, depth + 1);
      }
      const requiredKeys = Object.keys(record).filter((k) => required.has(k));
      const base = fc.record(record, { requiredKeys });
      const extra = schema.additionalProperties;
      if (extra && typeof extra === "object" && Object.keys(extra).length > 0 && !deep) {
        return fc.tuple(base, fc.dictionary(fc.constantFrom("k1", "k2"), arbitraryFor(extra, ctx, depth + 1), { maxKeys: 1 })).map(
          ([known, more]) => ({ ...more, ...known }),
        );
      }
      return base;
    }
    default:
      throw new Error(`unsupported type ${type}`);
  }
}

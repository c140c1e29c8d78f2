// `type: "object"` and its keywords.
//
// DECISION (unknown keys): JSON Schema accepts keys it does not mention unless
// `additionalProperties` says otherwise, and a parse must not lose data, so:
//   absent / true / {}      → z.looseObject (unknown keys kept as they are)
//   false                   → z.strictObject (unknown keys rejected)
//   a schema                → z.object(...).catchall(schema)
// With `patternProperties` the split between "matched", "declared" and "additional"
// keys is not expressible in zod's object builders, so the object stays loose and one
// refinement (`otherProperties`) applies patternProperties and additionalProperties.
// A required key not listed in `properties` is added to the shape as `z.unknown()`
// (zod then demands its presence) when the object is loose.

import { dialectApplies } from "@mcp-gen/runtime/core";
import { isRecord } from "../../jsonschema/resource.js";
import type { EmitContext } from "./context.js";
import { type ObjectShape, type ZodExpr, optionalZod, unionType } from "./expr.js";
import { jsDoc, propertyKey, valueKey } from "./names.js";
import { emitSchema } from "./recurse.js";
import { compilablePattern } from "./string.js";
import { appendCalls, arrayLiteral, call, indentTail, literal, objectLiteral } from "./writer.js";

export const OBJECT_KEYWORDS = [
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
] as const;

export function emitObject(node: Record<string, unknown>, at: readonly string[], ctx: EmitContext): ZodExpr {
  const properties = isRecord(node["properties"]) ? node["properties"] : {};
  const required = new Set(
    Array.isArray(node["required"]) ? node["required"].filter((key): key is string => typeof key === "string") : [],
  );
  const shapeEntries: string[] = [];
  const typeEntries: string[] = [];
  // The shape's zod types (`key: z.ZodString`); undefined once one is not modelled.
  let zodEntries: string[] | undefined = [];
  const shapeMap = new Map<string, ZodExpr>();

  for (const [key, subschema] of Object.entries(properties)) {
    const expr = emitSchema(subschema, [...at, "properties", key], ctx);
    shapeMap.set(key, expr);
    const optional = !required.has(key);
    const description = isRecord(subschema) ? subschema["description"] : undefined;
    shapeEntries.push(`${jsDoc(description)}${valueKey(key)}: ${expr.code}${optional ? ".optional()" : ""}`);
    typeEntries.push(propertyType(key, expr.type, optional));
    zodEntries = zodEntry(zodEntries, key, optional ? optionalZod(expr.zod) : expr.zod);
  }

  const patterns = isRecord(node["patternProperties"]) ? Object.entries(node["patternProperties"]) : [];
  const additional = node["additionalProperties"];
  const additionalExpr =
    additional === undefined || additional === true
      ? undefined
      : emitSchema(additional, [...at, "additionalProperties"], ctx);
  const restIsOpen = additionalExpr === undefined || additionalExpr.isUnknown === true;
  const missingRequired = [...required].filter((key) => !Object.hasOwn(properties, key));
  const refinements: string[] = [];

  let code: string;
  let type: string;
  let zod: string | undefined;
  if (patterns.length === 0 && additional === false) {
    code = call("z.strictObject", [objectLiteral(shapeEntries)]);
    type = typeLiteral(typeEntries);
    zod = objectZod(zodEntries, "$strict");
    // Unsatisfiable (the key may not exist), yet exact: report the verdict ajv gives.
    if (missingRequired.length > 0)
      refinements.push(`.refine(${ctx.helper("hasKeys")}(${literal(missingRequired)}), "Missing required properties")`);
  } else if (patterns.length === 0 && !restIsOpen && additionalExpr !== undefined) {
    for (const key of missingRequired) {
      shapeEntries.push(`${valueKey(key)}: ${additionalExpr.code}`);
      typeEntries.push(propertyType(key, additionalExpr.type, false));
    }
    code =
      shapeEntries.length === 0
        ? call("z.record", ["z.string()", additionalExpr.code])
        : `${call("z.object", [objectLiteral(shapeEntries)])}.catchall(${additionalExpr.code})`;
    for (const key of missingRequired) zodEntries = zodEntry(zodEntries, key, additionalExpr.zod);
    const restZod = additionalExpr.zod;
    zod =
      restZod === undefined
        ? undefined
        : shapeEntries.length === 0
          ? `z.ZodRecord<z.ZodString, ${restZod}>`
          : objectZod(zodEntries, `$catchall<${restZod}>`);
    const rest = `{ [key: string]: ${additionalExpr.type} }`;
    type = typeEntries.length === 0 ? rest : `${typeLiteral(typeEntries)} & ${rest}`;
  } else {
    for (const key of missingRequired) {
      shapeEntries.push(`${valueKey(key)}: z.unknown()`);
      typeEntries.push(propertyType(key, "unknown", false));
      zodEntries = zodEntry(zodEntries, key, "z.ZodUnknown");
    }
    code = call("z.looseObject", [objectLiteral(shapeEntries)]);
    zod = objectZod(zodEntries, "$loose");
    type = typeLiteral([...typeEntries, "[key: string]: unknown"]);
    if (patterns.length > 0) {
      const patternCode = patterns.flatMap(([pattern, subschema]) => {
        const regex = compilablePattern(pattern, [...at, "patternProperties"], pattern, ctx);
        if (regex === undefined) return [];
        const expr = emitSchema(subschema, [...at, "patternProperties", pattern], ctx);
        return [`[${regex}, ${expr.code}]`];
      });
      const rest = additional === false ? "false" : restIsOpen ? "undefined" : additionalExpr.code;
      refinements.push(
        `.refine(${call(ctx.helper("otherProperties"), [literal(Object.keys(properties)), arrayLiteral(patternCode), rest])}, "Invalid property")`,
      );
    }
  }

  refinements.push(...objectRefinements(node, at, ctx));
  const shape: ObjectShape = { properties: shapeMap, required };
  return { code: appendCalls(code, refinements), type, zod, shape };
}

/** Adds `key: zod` to the modelled shape; undefined (not modelled) for a key TypeScript may print otherwise. */
function zodEntry(entries: string[] | undefined, key: string, zod: string | undefined): string[] | undefined {
  if (entries === undefined || zod === undefined || key === "__proto__" || propertyKey(key) !== key) return undefined;
  return [...entries, `${key}: ${zod}`];
}

/** `z.strictObject(shape)` is `z.ZodObject<shape, z.core.$strict>` (`$loose`, `$catchall<T>` for the others). */
function objectZod(entries: readonly string[] | undefined, config: string): string | undefined {
  if (entries === undefined) return undefined;
  return `z.ZodObject<${entries.length === 0 ? "{}" : `{ ${entries.join("; ")} }`}, z.core.${config}>`;
}

/** propertyNames, min/maxProperties, dependentRequired/dependentSchemas (and draft-07 dependencies). */
function objectRefinements(node: Record<string, unknown>, at: readonly string[], ctx: EmitContext): string[] {
  const refinements: string[] = [];
  if (node["propertyNames"] !== undefined) {
    const names = emitSchema(node["propertyNames"], [...at, "propertyNames"], ctx);
    if (!names.isUnknown)
      refinements.push(`.refine(${ctx.helper("keysMatch")}(${names.code}), "Invalid property name")`);
  }
  const min = node["minProperties"];
  const max = node["maxProperties"];
  if (typeof min === "number" || typeof max === "number") {
    const lower = typeof min === "number" ? min : 0;
    const upper = typeof max === "number" ? String(max) : "Infinity";
    refinements.push(`.refine(${ctx.helper("propertyCount")}(${lower}, ${upper}), "Wrong number of properties")`);
  }
  const requiredDeps: Record<string, string[]> = {};
  const schemaDeps: string[] = [];
  const collect = (keyword: string, value: unknown) => {
    if (!isRecord(value)) return;
    for (const [key, dependency] of Object.entries(value)) {
      if (Array.isArray(dependency)) {
        requiredDeps[key] = [
          ...(requiredDeps[key] ?? []),
          ...dependency.filter((name): name is string => typeof name === "string"),
        ];
      } else {
        const expr = emitSchema(dependency, [...at, keyword, key], ctx);
        if (!expr.isUnknown) schemaDeps.push(`[${literal(key)}, ${expr.code}]`);
      }
    }
  };
  collect("dependencies", node["dependencies"]);
  if (dialectApplies(ctx.dialect, "dependentRequired")) collect("dependentRequired", node["dependentRequired"]);
  if (dialectApplies(ctx.dialect, "dependentSchemas")) collect("dependentSchemas", node["dependentSchemas"]);
  if (Object.keys(requiredDeps).length > 0) {
    refinements.push(
      `.refine(${ctx.helper("dependentRequired")}(${literal(requiredDeps)}), "Missing dependent property")`,
    );
  }
  if (schemaDeps.length > 0) {
    refinements.push(
      `.refine(${call(ctx.helper("dependentSchemas"), [arrayLiteral(schemaDeps)])}, "Invalid dependent schema")`,
    );
  }
  return refinements;
}

function propertyType(key: string, type: string, optional: boolean): string {
  // A key whose value may be anything is written optional: zod infers `key?: unknown` for
  // z.unknown() members, and an optional member accepts both inferences.
  if (type === "unknown") return `${propertyKey(key)}?: unknown`;
  return optional ? `${propertyKey(key)}?: ${unionType([type, "undefined"])}` : `${propertyKey(key)}: ${type}`;
}

function typeLiteral(entries: readonly string[]): string {
  if (entries.length === 0) return "{}";
  const oneLine = `{ ${entries.join("; ")} }`;
  if (oneLine.length <= 100 && !oneLine.includes("\n")) return oneLine;
  return `{\n${entries.map((entry) => `  ${indentTail(entry)};`).join("\n")}\n}`;
}

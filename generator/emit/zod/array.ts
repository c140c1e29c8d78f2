// `type: "array"` and its keywords.
//
// DECISION (tuples): `prefixItems` (draft-07: array-valued `items`) constrains the first
// items WITHOUT requiring them to exist (2020-12 core §10.3.1.1), so every tuple element
// is `.optional()`; the rest is `items` (draft-07: `additionalItems`), unconstrained when
// absent and forbidden when `false`.

import { ajvAlwaysValid } from "@mcp-gen/runtime/core";
import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { type ZodExpr, UNKNOWN, atomicType, optionalZod } from "./expr.js";
import { emitSchema } from "./recurse.js";
import { appendCalls, arrayLiteral, call } from "./writer.js";

export const ARRAY_KEYWORDS = [
  "items",
  "prefixItems",
  "additionalItems",
  "contains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minContains",
  "maxContains",
] as const;

export function emitArray(node: Record<string, unknown>, at: readonly string[], ctx: EmitContext): ZodExpr {
  const { prefix, rest, tupleSchemas } = itemSchemas(node, at, ctx);
  const refinements: string[] = [];
  // AJV TUPLE QUIRK (reported, not reproduced). ajv 8 validates prefix items with
  // `if (len > i) { var valid = … }` and runs `contains` and `uniqueItems` only
  // `if (valid)`. For an array too short to reach the first prefix schema that can fail,
  // `valid` is whatever an EARLIER check left in that hoisted variable (undefined on a
  // fresh call, true after a previous item in a loop), so ajv's verdict depends on
  // validation history. No schema can reproduce that; we emit the spec's meaning and
  // report an error where the quirk can change a verdict: `contains` (at least one match
  // required) with such a prefix, or `uniqueItems` when two items fit before it.
  const firstCheckedPrefix = tupleSchemas.findIndex((schema) => !ajvAlwaysValid(schema, ctx.dialect));
  if (firstCheckedPrefix >= 0) {
    const keyword = containsRequiresMatch(node, ctx)
      ? "contains"
      : node["uniqueItems"] === true && firstCheckedPrefix >= 2
        ? "uniqueItems"
        : undefined;
    if (keyword !== undefined) {
      ctx.report(
        DIAGNOSTIC_CODES.ajvQuirk,
        "error",
        at,
        keyword,
        `ajv skips "${keyword}" for arrays of at most ${firstCheckedPrefix} items depending on earlier validation state (tuple quirk); the emitted schema applies it as the spec says`,
      );
    }
  }
  let code: string;
  let type: string;
  let zod: string | undefined;
  const min = typeof node["minItems"] === "number" ? node["minItems"] : undefined;
  const max = typeof node["maxItems"] === "number" ? node["maxItems"] : undefined;
  if (prefix.length === 0) {
    const items = rest ?? UNKNOWN;
    code = call("z.array", [items.code]);
    type = `${atomicType(items.type)}[]`;
    // `.min()`/`.max()` and refinements return `this`.
    zod = items.zod === undefined ? undefined : `z.ZodArray<${items.zod}>`;
    if (min !== undefined && min > 0) refinements.push(`.min(${min})`);
    if (max !== undefined) refinements.push(`.max(${max})`);
  } else {
    const elements = arrayLiteral(prefix.map((element) => `${element.code}.optional()`));
    const restOpen = rest === undefined || rest.isUnknown === true;
    const restForbidden = rest !== undefined && rest.code === "z.never()";
    code = restForbidden ? call("z.tuple", [elements]) : call("z.tuple", [elements, (rest ?? UNKNOWN).code]);
    const items = prefix.map((element) => optionalZod(element.zod));
    const restZod = restForbidden ? "null" : (rest ?? UNKNOWN).zod;
    zod = restZod === undefined || items.some((item) => item === undefined) ? undefined : `z.ZodTuple<[${items.join(", ")}], ${restZod}>`;
    const elementTypes = prefix.map((element) => `${atomicType(element.type)}?`);
    if (!restForbidden) elementTypes.push(`...${atomicType(restOpen ? "unknown" : rest.type)}[]`);
    type = `[${elementTypes.join(", ")}]`;
    if (min !== undefined && min > 0) refinements.push(`.refine((items) => items.length >= ${min}, "Too few items")`);
    if (max !== undefined) refinements.push(`.refine((items) => items.length <= ${max}, "Too many items")`);
  }
  if (node["uniqueItems"] === true) refinements.push(`.refine(${ctx.helper("allUnique")}, "Items must be unique")`);
  if (node["contains"] !== undefined) {
    const contains = emitSchema(node["contains"], [...at, "contains"], ctx);
    const modern = ctx.dialect === "2020-12";
    const minContains = modern && typeof node["minContains"] === "number" ? node["minContains"] : 1;
    const maxContains = modern && typeof node["maxContains"] === "number" ? String(node["maxContains"]) : "Infinity";
    if (minContains > 0 || maxContains !== "Infinity") {
      refinements.push(
        `.refine(${call(ctx.helper("containsCount"), [contains.code, String(minContains), maxContains])}, "Wrong number of matching items")`,
      );
    }
  }
  return { code: appendCalls(code, refinements), type, zod };
}

function itemSchemas(
  node: Record<string, unknown>,
  at: readonly string[],
  ctx: EmitContext,
): { prefix: ZodExpr[]; rest: ZodExpr | undefined; tupleSchemas: readonly unknown[] } {
  const items = node["items"];
  if (ctx.dialect === "2020-12") {
    if (Array.isArray(items)) {
      ctx.report(
        DIAGNOSTIC_CODES.invalidSchema,
        "error",
        at,
        "items",
        "items must be a schema in 2020-12 (use prefixItems; ajv rejects the schema)",
      );
    }
    const prefixItems = Array.isArray(node["prefixItems"]) ? node["prefixItems"] : [];
    return {
      prefix: prefixItems.map((schema, i) => emitSchema(schema, [...at, "prefixItems", String(i)], ctx)),
      rest: items === undefined || Array.isArray(items) ? undefined : emitSchema(items, [...at, "items"], ctx),
      tupleSchemas: prefixItems,
    };
  }
  if (Array.isArray(items)) {
    if (items.length === 0) {
      ctx.report(
        DIAGNOSTIC_CODES.invalidSchema,
        "error",
        at,
        "items",
        "items must not be an empty array (ajv rejects the schema)",
      );
    }
    const additional = node["additionalItems"];
    return {
      prefix: items.map((schema, i) => emitSchema(schema, [...at, "items", String(i)], ctx)),
      rest: additional === undefined ? undefined : emitSchema(additional, [...at, "additionalItems"], ctx),
      tupleSchemas: items,
    };
  }
  return {
    prefix: [],
    rest: items === undefined ? undefined : emitSchema(items, [...at, "items"], ctx),
    tupleSchemas: [],
  };
}

/** True when `contains` demands at least one matching item (ajv's bounds for the dialect). */
function containsRequiresMatch(node: Record<string, unknown>, ctx: EmitContext): boolean {
  if (node["contains"] === undefined) return false;
  const minContains = ctx.dialect === "2020-12" && typeof node["minContains"] === "number" ? node["minContains"] : 1;
  return minContains > 0;
}

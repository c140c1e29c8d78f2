// The `type` keyword together with the keywords that only constrain one JSON kind.
//
// DECISION (keywords without `type`): JSON Schema applies e.g. `properties` only when the
// instance IS an object; any other value passes it (2020-12 core §10.3.2). So without
// `type`, the constrained kinds become `byKind({ object: …, string: … })`: a value is
// checked by the schema of its own kind, and values of other kinds pass.
// With `type`, the instance must be one of the listed kinds, each checked by its own
// schema; two kinds where one is "null" read as `.nullable()`.

import { dialectApplies } from "@mcp-gen/runtime/core";
import { emitArray, ARRAY_KEYWORDS } from "./array.js";
import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { type ZodExpr, unionType, unionZod } from "./expr.js";
import { FORMAT_CHECKERS, UNSUPPORTED_FORMATS } from "./formats.js";
import { NUMBER_KEYWORDS, emitNumber } from "./number.js";
import { OBJECT_KEYWORDS, emitObject } from "./object.js";
import { STRING_KEYWORDS, emitString } from "./string.js";
import { arrayLiteral, call, objectLiteral } from "./writer.js";

export type JsonType = "null" | "boolean" | "object" | "array" | "number" | "integer" | "string";
type ConstrainableKind = "string" | "number" | "object" | "array";

const JSON_TYPES: readonly JsonType[] = ["null", "boolean", "object", "array", "number", "integer", "string"];

const KIND_KEYWORDS: Readonly<Record<ConstrainableKind, readonly string[]>> = {
  string: STRING_KEYWORDS,
  number: NUMBER_KEYWORDS,
  object: OBJECT_KEYWORDS,
  array: ARRAY_KEYWORDS,
};

export interface TypedPart {
  /** The schema for `type` + kind keywords; undefined when neither constrains anything. */
  readonly expr: ZodExpr | undefined;
  /** The declared types (after `nullable`), or undefined without `type`. */
  readonly declared: readonly JsonType[] | undefined;
  /** True when some kind keyword constrains a declared (or, without `type`, any) kind. */
  readonly constrained: boolean;
}

export function matchesJsonType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

export function emitTyped(node: Record<string, unknown>, at: readonly string[], ctx: EmitContext): TypedPart {
  const declared = declaredTypes(node, at, ctx);
  const constrainedKinds = kindsWithKeywords(node, at, ctx);
  if (declared === undefined) {
    if (constrainedKinds.length === 0) return { expr: undefined, declared, constrained: false };
    const entries = constrainedKinds.map((kind) => `${kind}: ${emitKind(kind, node, at, ctx).code}`);
    return {
      // The runtime's byKind() is a refined z.unknown().
      expr: { code: call(ctx.helper("byKind"), [objectLiteral(entries)]), type: "unknown", zod: "z.ZodUnknown" },
      declared,
      constrained: true,
    };
  }
  const kinds = declared.filter((type) => !(type === "integer" && declared.includes("number")));
  const arms = kinds.map((type) => emitKind(type, node, at, ctx));
  const constrained = kinds.some((type) =>
    constrainedKinds.includes(type === "integer" ? "number" : (type as ConstrainableKind)),
  );
  if (arms.length === 0) return { expr: { code: "z.never()", type: "never", zod: "z.ZodNever" }, declared, constrained };
  if (arms.length === 1) return { expr: arms[0], declared, constrained };
  const nullIndex = kinds.indexOf("null");
  if (arms.length === 2 && nullIndex >= 0) {
    const other = arms[1 - nullIndex]!;
    const zod = other.zod === undefined ? undefined : `z.ZodNullable<${other.zod}>`;
    return { expr: { code: `${other.code}.nullable()`, type: unionType([other.type, "null"]), zod }, declared, constrained };
  }
  return {
    expr: {
      code: call("z.union", [arrayLiteral(arms.map((arm) => arm.code))]),
      type: unionType(arms.map((arm) => arm.type)),
      zod: unionZod(arms),
      unionArms: arms,
    },
    declared,
    constrained,
  };
}

function emitKind(type: JsonType, node: Record<string, unknown>, at: readonly string[], ctx: EmitContext): ZodExpr {
  switch (type) {
    case "null":
      return { code: "z.null()", type: "null", zod: "z.ZodNull", literal: null };
    case "boolean":
      return { code: "z.boolean()", type: "boolean", zod: "z.ZodBoolean" };
    case "string":
      return emitString(node, at, ctx);
    case "number":
    case "integer":
      return emitNumber(node, type === "integer", at, ctx);
    case "object":
      return emitObject(node, at, ctx);
    case "array":
      return emitArray(node, at, ctx);
  }
}

function declaredTypes(node: Record<string, unknown>, at: readonly string[], ctx: EmitContext): JsonType[] | undefined {
  const raw = node["type"];
  let types: JsonType[] | undefined;
  if (raw !== undefined) {
    const list = Array.isArray(raw) ? raw : [raw];
    types = [];
    for (const entry of list) {
      if (typeof entry === "string" && (JSON_TYPES as readonly string[]).includes(entry)) {
        if (!types.includes(entry as JsonType)) types.push(entry as JsonType);
      } else {
        ctx.report(
          DIAGNOSTIC_CODES.invalidSchema,
          "error",
          at,
          "type",
          `unknown type ${JSON.stringify(entry)} (ajv rejects the schema)`,
        );
      }
    }
  }
  // ajv (OpenAPI compatibility, on by default) reads `nullable: true` as "also null", and
  // refuses to compile `nullable` without `type`.
  if (node["nullable"] === true) {
    if (types === undefined) {
      ctx.report(
        DIAGNOSTIC_CODES.invalidSchema,
        "error",
        at,
        "nullable",
        '"nullable" cannot be used without "type" (ajv rejects the schema)',
      );
      types = []; // fail closed: no type at all
    } else if (!types.includes("null")) {
      types.push("null");
    }
  }
  return types;
}

function kindsWithKeywords(
  node: Record<string, unknown>,
  at: readonly string[],
  ctx: EmitContext,
): ConstrainableKind[] {
  const kinds: ConstrainableKind[] = [];
  const checkedFormatKind = formatKind(node, at, ctx);
  for (const kind of ["string", "number", "object", "array"] as const) {
    const present = KIND_KEYWORDS[kind].some(
      (keyword) => node[keyword] !== undefined && dialectApplies(ctx.dialect, keyword),
    );
    if (present || checkedFormatKind === kind) kinds.push(kind);
  }
  return kinds;
}

/** Which kind the `format` keyword checks, if any (reports unknown/unsupported formats). */
function formatKind(
  node: Record<string, unknown>,
  at: readonly string[],
  ctx: EmitContext,
): "string" | "number" | undefined {
  const format = node["format"];
  if (typeof format !== "string") return undefined;
  if (UNSUPPORTED_FORMATS.has(format)) {
    ctx.report(
      DIAGNOSTIC_CODES.unsupportedKeyword,
      "error",
      at,
      "format",
      `format "${format}" is checked by ajv-formats but not reproduced by mcp-gen`,
    );
    return "string";
  }
  const checker = FORMAT_CHECKERS[format];
  if (checker === undefined) {
    ctx.report(
      DIAGNOSTIC_CODES.unknownFormat,
      "warning",
      at,
      "format",
      `unknown format "${format}" is not checked (ajv ignores it too)`,
    );
    return undefined;
  }
  return checker.helper === undefined ? undefined : checker.kind;
}

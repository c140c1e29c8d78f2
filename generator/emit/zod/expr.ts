import { appendCalls } from "./writer.js";

// The value every kind emitter returns: a zod expression plus what the caller needs to
// compose it (its TypeScript output type, and whether it is a plain object or a single
// literal, which decides discriminated unions).

export interface ObjectShape {
  /** Property name → emitted schema, in document order. */
  readonly properties: ReadonlyMap<string, ZodExpr>;
  readonly required: ReadonlySet<string>;
}

export interface ZodExpr {
  /** A zod 4 expression (may span lines; continuation lines are indented relative to the first). */
  readonly code: string;
  /** The TypeScript type of a successful parse, written out (used for recursive declarations). */
  readonly type: string;
  /**
   * The expression's zod schema type exactly as TypeScript infers it (`z.ZodOptional<z.ZodString>`),
   * where the emitter models it; undefined elsewhere. When every declaration of a module has one,
   * its `.d.ts` is emitted from these annotations without a type checker (compile/build-package.ts).
   */
  readonly zod?: string | undefined;
  /** Set when the expression is a zod object schema (`z.looseObject` & co.), possibly via a `$ref`. */
  readonly shape?: ObjectShape;
  /** Set when the expression is exactly one `z.literal(value)`. */
  readonly literal?: string | number | boolean | null;
  /** True only for a bare `z.unknown()`: the neutral element of an intersection. */
  readonly isUnknown?: boolean;
  /** Set when the expression is exactly `z.union([...arms])` (an enclosing anyOf may flatten it). */
  readonly unionArms?: readonly ZodExpr[];
}

export const UNKNOWN: ZodExpr = { code: "z.unknown()", type: "unknown", zod: "z.ZodUnknown", isUnknown: true };
export const NEVER: ZodExpr = { code: "z.never()", type: "never", zod: "z.ZodNever" };

/** Appends a refinement: it keeps the object facts and the zod type (zod's `refine` returns `this`). */
export function chain(expr: ZodExpr, call: string): ZodExpr {
  return { code: appendCalls(expr.code, [call]), type: expr.type, zod: expr.zod, ...(expr.shape ? { shape: expr.shape } : {}) };
}

/** `z.ZodOptional<T>` (or undefined when `T` is not modelled). */
export function optionalZod(zod: string | undefined): string | undefined {
  return zod === undefined ? undefined : `z.ZodOptional<${zod}>`;
}

/** Wraps a TS type in parentheses when it has a top-level `|` or `&`. */
export function atomicType(type: string): string {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < type.length; i++) {
    const ch = type[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "(" || ch === "[" || ch === "{" || ch === "<") depth++;
    else if (ch === ")" || ch === "]" || ch === "}" || ch === ">") depth--;
    else if (depth === 0 && (ch === "|" || ch === "&")) return `(${type})`;
  }
  return type;
}

export function unionType(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes("unknown")) return "unknown";
  return unique.length === 0 ? "never" : unique.join(" | ");
}

export function intersectionType(types: readonly string[]): string {
  const meaningful = [...new Set(types)].filter((type) => type !== "unknown");
  if (meaningful.length === 0) return "unknown";
  return meaningful.map(atomicType).join(" & ");
}

/** `z.union([A, B])` is `z.ZodUnion<readonly [A, B]>` (zod's `const T`); undefined unless every arm is modelled. */
export function unionZod(arms: readonly ZodExpr[]): string | undefined {
  const list = zodList(arms);
  return list === undefined ? undefined : `z.ZodUnion<readonly [${list}]>`;
}

/** The zod types of `exprs`, comma-separated; undefined unless every one is modelled. */
export function zodList(exprs: readonly ZodExpr[]): string | undefined {
  const zods = exprs.map((expr) => expr.zod);
  return zods.every((zod) => zod !== undefined) ? zods.join(", ") : undefined;
}

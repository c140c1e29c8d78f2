/**
 * ERRATA LAYER: known artifacts of the published schema.json files, patched at load time.
 *
 * schema.json is generated upstream from schema.ts; a few of its definitions say less or
 * more than schema.ts (the normative source). Each erratum below names the artifact, the
 * revisions it touches, a detector and a patch. test/spec-errata.test.ts holds a TRIPWIRE
 * per erratum: it asserts the detector still fires on the pinned, unpatched schema, so the
 * test fails the day upstream fixes the artifact — then delete the erratum.
 *
 * Checked and NOT patched: `NumberSchema.minimum/maximum` typed `integer` (seen in earlier
 * snapshots of 2025-06-18/2025-11-25). At the pinned commit both are `type: "number"`, as
 * in schema.ts (`@TJS-type number`); the same test file guards that they stay so.
 */

type Json = Record<string, unknown>;

export interface Erratum {
  /** Stable id, used in provenance headers and tests. */
  readonly id: string;
  readonly summary: string;
  /** True when `definitions` still has the artifact. */
  readonly detect: (definitions: Json) => boolean;
  /** Rewrites `definitions` in place. Only called when `detect` is true. */
  readonly patch: (definitions: Json) => void;
}

function def(definitions: Json, name: string): Json | undefined {
  const value = definitions[name];
  return value && typeof value === "object" ? (value as Json) : undefined;
}

/**
 * schema.ts: `type JSONValue = string | number | boolean | null | JSONObject | JSONArray`.
 * schema.json's scalar arm is `type: ["string","integer","boolean"]`, which rejects `null` and
 * `1.5` — e.g. a tool's `structuredContent` or `_meta` value of null would fail validation.
 */
const JSON_VALUE_SCALARS: Erratum = {
  id: "json-value-scalars",
  summary: "JSONValue accepts null and non-integer numbers, as schema.ts says",
  detect(definitions) {
    const arms = def(definitions, "JSONValue")?.anyOf;
    if (!Array.isArray(arms)) return false;
    return arms.some((arm) => {
      const type = (arm as Json).type;
      return Array.isArray(type) && type.includes("string") && !(type.includes("null") && type.includes("number"));
    });
  },
  patch(definitions) {
    const arms = def(definitions, "JSONValue")!.anyOf as Json[];
    for (const arm of arms) {
      const type = arm.type;
      if (Array.isArray(type) && type.includes("string")) arm.type = ["string", "number", "boolean", "null"];
    }
  },
};

/**
 * schema.ts: `ResultType = "complete" | "input_required" | string` and `InputRequiredResult`
 * only inherits that open string. schema.json therefore cannot tell `InputRequiredResult`
 * from `CallToolResult` in `CallToolResultResponse.result` (anyOf, InputRequiredResult
 * first): a first-match union types every complete result as input-required. The spec text
 * (basic/patterns/mrtr: "resultType: input_required") fixes the value, so we pin it.
 */
const INPUT_REQUIRED_RESULT_TYPE: Erratum = {
  id: "input-required-result-type",
  summary: 'InputRequiredResult.resultType is the constant "input_required"',
  detect(definitions) {
    const resultType = (def(definitions, "InputRequiredResult")?.properties as Json | undefined)?.resultType as Json | undefined;
    return resultType !== undefined && resultType.const === undefined;
  },
  patch(definitions) {
    const properties = def(definitions, "InputRequiredResult")!.properties as Json;
    properties.resultType = { ...(properties.resultType as Json), const: "input_required" };
  },
};

export const ERRATA: readonly Erratum[] = [JSON_VALUE_SCALARS, INPUT_REQUIRED_RESULT_TYPE];

/** The definitions map of a spec document, whichever draft it uses. */
export function definitionsOf(document: Json): Json {
  const defs = (document.$defs ?? document.definitions) as Json | undefined;
  if (!defs) throw new Error("spec schema has neither $defs nor definitions");
  return defs;
}

/** Applies every erratum whose artifact is present; returns a patched deep copy and the ids applied. */
export function applyErrata(document: Json): { document: Json; applied: string[] } {
  const copy = structuredClone(document);
  const definitions = definitionsOf(copy);
  const applied: string[] = [];
  for (const erratum of ERRATA) {
    if (!erratum.detect(definitions)) continue;
    erratum.patch(definitions);
    applied.push(erratum.id);
  }
  return { document: copy, applied };
}

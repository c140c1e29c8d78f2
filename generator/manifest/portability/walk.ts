// Visits every node of one tool schema as the manifest wrote it, following `#/definitions/Name`
// into the manifest's shared definitions (their nodes keep their own paths, so a warning points
// where the construct is written). `$ref`s to files are not followed: their text has no position
// in the manifest. A `{ handle }` schema is published as a plain string and is not visited.
import type { JsonPath } from "../../diagnostics/json-path.js";
import { childrenOf, isSchemaObject } from "../schema-walk.js";
import type { SchemaNode, Via } from "./rule-types.js";

const BRANCH_KEYWORDS = new Set(["anyOf", "oneOf", "allOf", "not", "if", "then", "else", "dependentSchemas"]);
const ELEMENT_KEYWORDS = new Set(["items", "prefixItems", "contains"]);
const DEFINITION_REF = /^#\/definitions\/([^/]+)$/;

export interface SchemaTotals {
  properties: number;
  enumValues: number;
}

function viaOf(keyword: string | number | undefined): Via {
  if (keyword === "properties") return "property";
  if (typeof keyword === "string" && ELEMENT_KEYWORDS.has(keyword)) return "element";
  if (typeof keyword === "string" && BRANCH_KEYWORDS.has(keyword)) return "branch";
  return "other";
}

function isObjectLike(schema: Record<string, unknown>): boolean {
  const type = schema["type"];
  return type === "object" || (Array.isArray(type) && type.includes("object")) || (type === undefined && isSchemaObject(schema["properties"]));
}

/** Calls `visit` on every node of the schema at `path`; returns the schema's totals. */
export function walkToolSchema(schema: unknown, path: JsonPath, definitions: Readonly<Record<string, unknown>>, visit: (node: SchemaNode) => void): SchemaTotals {
  const totals: SchemaTotals = { properties: 0, enumValues: 0 };
  const followed = new Set<string>();
  const step = (value: unknown, at: JsonPath, via: Via, depth: number): void => {
    if (typeof value === "boolean") {
      visit({ schema: value, path: at, via, objectDepth: depth });
      return;
    }
    if (!isSchemaObject(value) || "handle" in value) return;
    const objectDepth = isObjectLike(value) ? depth + 1 : depth;
    visit({ schema: value, path: at, via, objectDepth });
    if (isSchemaObject(value["properties"])) totals.properties += Object.keys(value["properties"]).length;
    if (Array.isArray(value["enum"])) totals.enumValues += value["enum"].length;
    const ref = typeof value["$ref"] === "string" ? DEFINITION_REF.exec(value["$ref"])?.[1] : undefined;
    if (ref !== undefined && Object.hasOwn(definitions, ref) && !followed.has(ref)) {
      followed.add(ref); // once per tool schema: a recursive definition ends here
      step(definitions[ref], ["definitions", ref], via, objectDepth);
    }
    for (const child of childrenOf(value)) step(child.schema, [...at, ...child.segments], viaOf(child.segments[0]), objectDepth);
  };
  step(schema, path, "root", 0);
  return totals;
}

// Type fidelity of `mcp-gen import openapi` (issue 20): the imported input schemas accept exactly
// what the original document's schemas accept. The oracle reads the ORIGINAL document: ajv
// 2020-12 for OpenAPI 3.1 (its schemas are 2020-12), and for OpenAPI 3.0 ajv draft-07 with its
// own OpenAPI `nullable` support and the draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum`
// written as oracle keywords here (3.0's dialect; ajv 8 ships no draft-04 class). Every property
// of every imported tool (each parameter and each body) is checked against the schema it came
// from, on values gathered from the document (enums, defaults, examples, bounds ±1) and the
// systematic mutations of test/support/mutations.ts.
import { Ajv, type AnySchema, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { importManifest } from "../../generator/import/import.js";
import { mutationsOf } from "../support/mutations.js";
import { TMP_DIR } from "../support/tmp.js";
import { FIXTURES } from "./support.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;
type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function readDocument(path: string): Json {
  const text = readFileSync(path, "utf8");
  return (path.endsWith(".json") ? JSON.parse(text) : parse(text)) as Json;
}

/** ajv over the original documents (the fixture and the files it references), by dialect. */
function oracle(version: "3.0" | "3.1", files: readonly string[]): Ajv | Ajv2020 {
  const ajv = version === "3.1" ? new Ajv2020({ strict: false, validateFormats: true }) : new Ajv({ strict: false, validateFormats: true });
  addFormats(ajv);
  if (version === "3.0") {
    // draft-04 semantics: a boolean modifies minimum/maximum (checked here), a number is not 3.0.
    for (const [keyword, bound, op] of [["exclusiveMinimum", "minimum", (a: number, b: number) => a > b], ["exclusiveMaximum", "maximum", (a: number, b: number) => a < b]] as const) {
      ajv.removeKeyword(keyword);
      ajv.addKeyword({
        keyword,
        type: "number",
        schemaType: ["boolean", "number"],
        validate: (value: boolean | number, data: number, parent?: Json) => (typeof value === "number" ? op(data, value) : !value || typeof parent?.[bound] !== "number" || op(data, parent[bound] as number)),
      });
    }
  }
  for (const file of files) ajv.addSchema({ ...readDocument(file), $id: pathToFileURL(file).href } as AnySchema);
  return ajv;
}

const pointer = (segments: readonly string[]) => segments.map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/** Values worth testing: each enum member, default, example and const, bounds ±1, and the basics. */
function gather(value: unknown, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const v of value) gather(v, out);
    return;
  }
  if (!isObject(value)) return;
  for (const key of ["default", "example", "const"]) if (key in value) out.push(value[key]);
  for (const key of ["enum", "examples"]) if (Array.isArray(value[key])) out.push(...(value[key] as unknown[]));
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    const n = value[key];
    if (typeof n === "number") out.push(n, n - 1, n + 1, n + 0.5, n - 0.5);
  }
  for (const v of Object.values(value)) gather(v, out);
}

const BASICS: unknown[] = [null, true, false, 0, 1, -1, 2.5, 2 ** 31, 2 ** 53, "", "a", "x".repeat(25), "2026-12-01T10:00:00Z", "not a date", "123e4567-e89b-12d3-a456-426614174000", [], ["a"], ["a", "a"], ["a", "b", "c", "d"], [1], {}];

interface Case {
  readonly tool: string;
  readonly property: string;
  readonly original: string;
}

/** Where each property of each imported tool came from in the original document. */
function casesOf(document: Json, manifest: Json): Case[] {
  const cases: Case[] = [];
  const tools = manifest["tools"] as Record<string, Json>;
  for (const [tool, entry] of Object.entries(tools)) {
    const http = entry["http"] as Json;
    const path = String(http["path"]);
    const method = String(http["method"]).toLowerCase();
    const item = (document["paths"] as Json)[path] as Json;
    const operation = item[method] as Json;
    const params = (http["parameters"] ?? {}) as Record<string, Json>;
    for (const [property, binding] of Object.entries(params)) {
      const name = (binding["name"] as string | undefined) ?? property;
      const where = binding["in"];
      for (const [owner, list] of [[["paths", path, method], operation["parameters"]], [["paths", path], item["parameters"]]] as const) {
        const index = Array.isArray(list) ? list.findIndex((p: Json) => p["name"] === name && p["in"] === where) : -1;
        if (index >= 0) {
          cases.push({ tool, property, original: pointer([...owner, "parameters", String(index), "schema"]) });
          break;
        }
      }
    }
    const body = http["body"] as Json | undefined;
    if (body) {
      // A local `$ref` to components/requestBodies is followed here (the fixtures use no other kind).
      let at = ["paths", path, method, "requestBody"];
      let requestBody = operation["requestBody"] as Json;
      if (typeof requestBody["$ref"] === "string") {
        at = String(requestBody["$ref"]).slice(2).split("/");
        requestBody = at.reduce<Json>((node, key) => node[key] as Json, document);
      }
      const media = String(body["mediaType"]);
      const content = requestBody["content"] as Json;
      if (isObject(content[media]) && isObject((content[media] as Json)["schema"])) cases.push({ tool, property: String(body["property"]), original: pointer([...at, "content", media, "schema"]) });
    }
  }
  return cases;
}

describe.each([
  ["3.0", "fidelity-3.0.yaml"],
  ["3.1", "fidelity-3.1.yaml"],
  ["3.0", "petstore-3.0.yaml"],
  ["3.1", "petstore-3.1.yaml"],
] as const)("ajv differential, OpenAPI %s (%s)", (version, fixture) => {
  it("every imported input property accepts exactly what the original schema accepts", async () => {
    const file = join(FIXTURES, fixture);
    const outcome = await importManifest({ source: file, outPath: join(TMP_DIR, `differential-${fixture}.yaml`) });
    const document = readDocument(file);
    const manifest = parse(outcome.yaml) as Json;
    const original = oracle(version, [file, join(FIXTURES, "shared", "common.yaml")]);
    const imported = new Ajv2020({ strict: false, validateFormats: true });
    addFormats(imported);
    const values: unknown[] = [...BASICS];
    gather(document, values);
    // Objects built from the document's component schemas, then systematically mutated.
    const components = ((document["components"] as Json | undefined)?.["schemas"] ?? {}) as Record<string, Json>;
    for (const schema of Object.values(components)) {
      if (!isObject(schema["properties"])) continue;
      const sample: Json = {};
      for (const [key, prop] of Object.entries(schema["properties"] as Record<string, Json>)) {
        sample[key] = prop["example"] ?? prop["default"] ?? (Array.isArray(prop["enum"]) ? prop["enum"][0] : prop["type"] === "integer" ? 5 : prop["type"] === "array" ? [] : prop["type"] === "string" ? "s" : prop["type"] === "boolean" ? true : null);
      }
      values.push(sample, ...mutationsOf(sample).map((m) => m.value));
      values.push([sample]);
    }
    let accepted = 0;
    let rejected = 0;
    const cases = casesOf(document, manifest);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const tool = outcome.manifest.tools.find((t) => t.name === c.tool)!;
      const id = `urn:imported:${fixture}:${c.tool}`;
      if (!imported.getSchema(id)) imported.addSchema({ ...(tool.inputSchema as Json), $id: id });
      const mine = imported.getSchema(`${id}#${pointer(["properties", c.property])}`) as ValidateFunction;
      const theirs = original.getSchema(`${pathToFileURL(file).href}#${c.original}`) as ValidateFunction;
      expect(mine, `${c.tool}.${c.property}`).toBeTypeOf("function");
      expect(theirs, c.original).toBeTypeOf("function");
      for (const value of values) {
        const verdict = theirs(value);
        expect(mine(value), `${c.tool}.${c.property} on ${JSON.stringify(value)} (original ${c.original})`).toBe(verdict);
        if (verdict) accepted++;
        else rejected++;
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  });
});

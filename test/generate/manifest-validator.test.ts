// ajv.ts compiles the manifest's own JSON Schema without checking it against the meta-schema and
// without ajv's optimisation pass (speed). The check happens here, and the verdicts and errors
// must be those of the default compile on valid and broken manifests.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { manifestValidatorFn } from "../../generator/manifest/ajv.js";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { manifestSchema } from "../../generator/manifest/manifest-schema.js";
import { metaStandaloneSource, standaloneSource } from "../../generator/manifest/standalone-source.js";
import { META_STANDALONE_FILE, STANDALONE_FILE, USER_SCHEMA_OPTIONS, loadMetaStandaloneValidator, loadStandaloneValidator } from "../../generator/manifest/standalone-validator.js";
import { TMP_DIR } from "../support/tmp.js";

const require = createRequire(import.meta.url);
const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
const addFormats = require("ajv-formats").default as (ajv: InstanceType<typeof Ajv2020>) => void;
const ROOT = resolve(import.meta.dirname, "..", "..");

describe("the manifest validator", () => {
  const reference = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
  addFormats(reference);

  it("compiles a schema that is valid against the 2020-12 meta-schema", () => {
    expect(reference.validateSchema(manifestSchema() as object)).toBe(true);
    expect(reference.errors ?? null).toBeNull();
  });

  const examples = () => ["notes", "shop", "config", "secure-notes", "reports", "dashboard"].map((name) => parse(readFileSync(join(ROOT, "examples", name, "mcp.yaml"), "utf8")) as Record<string, unknown>);

  it("gives the default compile's verdicts and errors", () => {
    const expected = reference.compile(manifestSchema() as object);
    const validate = manifestValidatorFn();
    const examples = ["notes", "shop", "config", "secure-notes", "reports", "dashboard"].map((name) => parse(readFileSync(join(ROOT, "examples", name, "mcp.yaml"), "utf8")) as Record<string, unknown>);
    const broken = [
      {},
      { mcpgen: 2 },
      { ...examples[0], tools: { "bad name!": { description: 5 } } },
      { ...examples[1], server: { name: "" }, extra: true },
      { ...examples[2], protocol: "2026-07-28" },
    ];
    for (const value of [...examples, ...broken]) {
      expect(validate(value)).toBe(expected(value));
      expect(validate.errors ?? null).toEqual(expected.errors ?? null);
    }
    expect(broken.every((value) => !expected(value))).toBe(true);
  });

  it("as the standalone code the build writes: the same verdicts and errors, and unused once the schema changed", () => {
    const dir = join(TMP_DIR, "manifest-validator");
    mkdirSync(dir, { recursive: true });
    const from = pathToFileURL(join(dir, "loader.js")).href;
    writeFileSync(join(dir, STANDALONE_FILE), standaloneSource());
    expect(standaloneSource()).toBe(readFileSync(join(dir, STANDALONE_FILE), "utf8"));
    const validate = loadStandaloneValidator(from, manifestSchema());
    expect(validate).toBeTypeOf("function");
    const expected = reference.compile(manifestSchema() as object);
    const [first, second, third] = examples();
    const values = [...examples(), {}, { mcpgen: 2 }, { ...first, tools: { "bad name!": { description: 5 } } }, { ...second, server: { name: "" }, extra: true }, { ...third, protocol: "2026-07-28" }];
    for (const value of values) {
      expect(validate!(value)).toBe(expected(value));
      expect(validate!.errors ?? null).toEqual(expected.errors ?? null);
    }
    // Another schema (edited after the build) or no file (running from source): compile instead.
    expect(loadStandaloneValidator(from, { ...manifestSchema(), title: "changed" })).toBeUndefined();
    expect(loadStandaloneValidator(pathToFileURL(join(dir, "missing", "loader.js")).href, manifestSchema())).toBeUndefined();
  });

  it("checks user schemas against the 2020-12 meta-schema, as standalone code, as validateSchema does", () => {
    const dir = join(TMP_DIR, "meta-schema-validator");
    mkdirSync(dir, { recursive: true });
    const from = pathToFileURL(join(dir, "loader.js")).href;
    writeFileSync(join(dir, META_STANDALONE_FILE), metaStandaloneSource());
    const validate = loadMetaStandaloneValidator(from);
    expect(validate).toBeTypeOf("function");
    const ajv = new Ajv2020({ ...USER_SCHEMA_OPTIONS });
    addFormats(ajv);
    // Every schema-like mapping (one with `type`, `$ref`, `properties`, …) of the examples, the
    // loader's corpus and the emitter scenarios, and broken ones.
    const schemas: Record<string, unknown>[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(collect);
      if (value === null || typeof value !== "object") return;
      const record = value as Record<string, unknown>;
      if (["type", "$ref", "properties", "items", "anyOf", "oneOf", "enum", "const"].some((k) => k in record) && (record["$schema"] === undefined || record["$schema"] === "https://json-schema.org/draft/2020-12/schema")) schemas.push(record);
      Object.values(record).forEach(collect);
    };
    for (const name of ["notes", "shop", "config", "secure-notes", "reports", "dashboard"]) collect(parse(readFileSync(join(ROOT, "examples", name, "mcp.yaml"), "utf8")));
    for (const name of readdirSync(join(ROOT, "test/manifests/valid")).filter((n) => n.endsWith(".yaml"))) collect(parse(readFileSync(join(ROOT, "test/manifests/valid", name), "utf8")));
    for (const name of readdirSync(join(ROOT, "test/scenarios")).filter((n) => n.startsWith("emitter-"))) collect(JSON.parse(readFileSync(join(ROOT, "test/scenarios", name, "input.json"), "utf8")));
    const broken = [{ type: "objekt" }, { properties: { a: { minLength: -1 } } }, { $defs: { x: { $ref: 5 } } }, { items: [1] }, { allOf: [] }, { enum: 3 }, { type: ["string", "nope"] }, { format: 3 }, { required: "a" }, { properties: { a: { type: "string", pattern: 7 } } }];
    expect(schemas.length).toBeGreaterThan(200);
    let invalid = 0;
    for (const schema of [...schemas, ...broken]) {
      const valid = ajv.validateSchema(schema) as boolean;
      expect(validate!(schema), JSON.stringify(schema).slice(0, 200)).toBe(valid);
      expect(validate!.errors ?? null).toEqual(ajv.errors ?? null);
      if (!valid) invalid++;
    }
    expect(invalid).toBeGreaterThanOrEqual(broken.length);
    // Made by another ajv (a version the build did not see): validateSchema instead.
    const stale = join(dir, "stale");
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, META_STANDALONE_FILE), metaStandaloneSource().replace(/ajvVersion = "[^"]*"/, 'ajvVersion = "0.0.0"'));
    expect(loadMetaStandaloneValidator(pathToFileURL(join(stale, "loader.js")).href)).toBeUndefined();
    expect(loadMetaStandaloneValidator(pathToFileURL(join(dir, "missing", "loader.js")).href)).toBeUndefined();
  });
});

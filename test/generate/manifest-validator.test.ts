// ajv.ts compiles the manifest's own JSON Schema without checking it against the meta-schema and
// without ajv's optimisation pass (speed). The check happens here, and the verdicts and errors
// must be those of the default compile on valid and broken manifests.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { manifestValidatorFn } from "../../generator/manifest/ajv.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { manifestSchema } from "../../generator/manifest/manifest-schema.js";
import { STANDALONE_FILE, loadStandaloneValidator, standaloneSource } from "../../generator/manifest/standalone-validator.js";
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
});

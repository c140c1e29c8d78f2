// The valid corpus uses every field the manifest schema defines; the schema is strict 2020-12,
// accepts the corpus and offers exactly the pinned revisions; the example manifests are valid.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { manifestSchema } from "../generator/manifest/manifest-schema.js";
import { revisionNames } from "../generator/spec-schema/lock.js";
import { schemaFieldPaths, usedFieldPaths } from "./manifests/schema-paths.js";
import { loadManifest } from "../generator/manifest/load.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const REPO = join(import.meta.dirname, "..");
const VALID = join(REPO, "test", "manifests", "valid");
const EXAMPLES = ["notes", "shop", "config"].map((e) => join(REPO, "examples", e, "mcp.yaml"));

describe("manifest schema coverage", () => {
  it("the valid corpus uses every field of manifest.schema.json", () => {
    const schema = manifestSchema();
    const used = new Set<string>();
    const files = readdirSync(VALID).filter((f) => f.endsWith(".yaml")).map((f) => join(VALID, f));
    for (const file of files) for (const p of usedFieldPaths(schema, parse(readFileSync(file, "utf8")))) used.add(p);
    const unused = schemaFieldPaths(schema).filter((p) => !used.has(p));
    expect(unused).toEqual([]);
  });

  it("is itself a strict, valid JSON Schema 2020-12 that accepts every valid manifest", () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(manifestSchema());
    const files = [...readdirSync(VALID).filter((f) => f.endsWith(".yaml")).map((f) => join(VALID, f)), ...EXAMPLES];
    for (const file of files) expect(validate(parse(readFileSync(file, "utf8"), { merge: true })), file).toBe(true);
    expect(validate({ mcpgen: 1, server: { name: "x", version: "1" }, protocol: [] })).toBe(false);
  });

  it("offers exactly the pinned revisions to editors", () => {
    const schema = manifestSchema() as { properties: { protocol: { items: { enum: string[] } } } };
    expect([...schema.properties.protocol.items.enum].sort()).toEqual([...revisionNames()].sort());
  });

  it.each(EXAMPLES)("example %s is valid and warning-free", async (file) => {
    const { manifest, diagnostics } = await loadManifest(file);
    expect(diagnostics).toEqual([]);
    expect(manifest?.tools.length).toBeGreaterThan(0);
  });
});

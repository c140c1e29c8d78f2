// The loader skips Ajv's compile of a meta-valid schema when compileNeeded() says it cannot
// fail (generator/manifest/compile-needed.ts). Checked here against Ajv itself: every schema
// it lets through must compile, and every schema Ajv refuses must be sent to Ajv — on
// hand-written edge cases, on random schemas mixing the risky keywords, and on every schema of
// the examples, the conformance fixture and the Gitea import.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importOpenApi } from "../../generator/import/to-manifest.js";
import { importedYaml } from "../../generator/import/write.js";
import { userSchemaAjv } from "../../generator/manifest/ajv.js";
import { compileNeeded } from "../../generator/manifest/compile-needed.js";
import { loadManifestText } from "../../generator/manifest/load.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** Ajv's verdict the way the loader asks for it: meta-valid first, then compile. */
function ajvVerdict(schema: unknown): "meta-invalid" | "compiles" | "throws" {
  const ajv = userSchemaAjv();
  if (!(ajv.validateSchema(schema as object) as boolean)) return "meta-invalid";
  try {
    ajv.compile(schema as object);
    return "compiles";
  } catch {
    return "throws";
  } finally {
    ajv.removeSchema();
  }
}

/** The property the loader relies on; returns the verdict for further assertions. */
function agrees(schema: unknown): ReturnType<typeof ajvVerdict> {
  const verdict = ajvVerdict(schema);
  if (verdict !== "meta-invalid" && !compileNeeded(schema)) expect(verdict, JSON.stringify(schema)).toBe("compiles");
  return verdict;
}

describe("compileNeeded", () => {
  const refused: Record<string, unknown> = {
    "empty enum": { type: "object", properties: { a: { enum: [] } } },
    "nullable without type": { properties: { a: { nullable: true } } },
    "draft-04 id": { type: "object", properties: { a: { id: "x", type: "string" } } },
    "nested $async": { type: "object", properties: { a: { $async: true, type: "string" } } },
    "missing $defs entry": { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } },
    "$ref into data": { type: "object", properties: { a: { $ref: "#/properties/b/default" }, b: { default: { type: 5 } } } },
    "unknown anchor": { type: "object", properties: { a: { $ref: "#nowhere" } } },
    "relative file ref": { type: "object", properties: { a: { $ref: "other.json" } } },
    "bad pattern under dependencies": { type: "object", dependencies: { a: { properties: { b: { pattern: "(" } } } } },
  };
  for (const [name, schema] of Object.entries(refused)) {
    it(`sends what Ajv refuses to Ajv: ${name}`, () => {
      expect(ajvVerdict(schema)).toBe("throws");
      expect(compileNeeded(schema)).toBe(true);
    });
  }

  const skipped: Record<string, unknown> = {
    "plain object": { type: "object", properties: { q: { type: "string", minLength: 1, pattern: "^a+$" } }, required: ["q"] },
    "bundled $defs chain": { type: "object", properties: { n: { $ref: "#/$defs/Note" } }, $defs: { Note: { type: "object", properties: { tags: { $ref: "#/$defs/Tags" } } }, Tags: { type: "array", items: { type: "string" } } } },
    "recursive root ref": { type: "object", properties: { child: { $ref: "#" } } },
    "escaped $defs name": { type: "object", properties: { n: { $ref: "#/$defs/a~1b%20c" } }, $defs: { "a/b c": { type: "integer" } } },
    "property names that look like keywords": { type: "object", properties: { id: { type: "string" }, $ref: { type: "string" }, nullable: { type: "boolean" }, enum: { type: "array" } } },
    "boolean $defs target": { type: "object", properties: { n: { $ref: "#/$defs/Any" } }, $defs: { Any: true } },
  };
  for (const [name, schema] of Object.entries(skipped)) {
    it(`skips a compile that cannot fail: ${name}`, () => {
      expect(compileNeeded(schema)).toBe(false);
      expect(ajvVerdict(schema)).toBe("compiles");
    });
  }

  it("never lets through a random schema that Ajv refuses", () => {
    const keyword = fc.constantFrom("a", "b", "id", "$ref", "enum");
    const ref = fc.constantFrom("#", "#/$defs/A", "#/$defs/B", "#/$defs/Missing", "#/properties/a", "#/$defs/A/$defs/C", "#x", "x.json", "#/$defs/%zz");
    const schema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
      schema: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom({ type: "string" }, { type: "integer", minimum: 0 }, true, false, { pattern: "^a(b|c)*$" }, { enum: [] }, { enum: [1, "a"] }, { nullable: true }, { type: "string", nullable: true }, { id: "x" }, { $async: true }, { $anchor: "x" }, { $schema: "https://json-schema.org/draft/2020-12/schema" }),
        fc.record({ $ref: ref }),
        fc.record({ type: fc.constant("object"), properties: fc.dictionary(keyword, tie("schema"), { maxKeys: 3 }) }, { requiredKeys: ["type"] }),
        fc.record({ items: tie("schema") }),
        fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
        fc.record({ dependencies: fc.dictionary(keyword, tie("schema"), { maxKeys: 2 }) }),
        fc.record({ $defs: fc.record({ A: tie("schema"), B: tie("schema"), C: tie("schema") }, { requiredKeys: [] }) }),
      ),
    })).schema;
    const seen = { compiles: 0, throws: 0 };
    fc.assert(
      fc.property(schema, (s) => {
        const verdict = agrees(s);
        if (verdict !== "meta-invalid") seen[verdict]++;
      }),
      { numRuns: 600, seed: 20261201, ...within() },
    );
    // The grammar must reach both verdicts, or the property says nothing.
    expect(seen.compiles).toBeGreaterThan(50);
    expect(seen.throws).toBeGreaterThan(20);
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("agrees with Ajv on every schema of the examples, the conformance fixture and the Gitea import", async () => {
    const manifests = ["examples/notes/mcp.yaml", "examples/shop/mcp.yaml", "examples/config/mcp.yaml", "examples/secure-notes/mcp.yaml", "examples/reports/mcp.yaml", "test/conformance/server.yaml"].map((path) => ({ path: join(ROOT, path), text: readFileSync(join(ROOT, path), "utf8") }));
    const gitea = await importOpenApi(join(ROOT, "test/fixtures/openapi/gitea.json"), { documentLabel: "./gitea.json", include: [], exclude: [] });
    manifests.push({ path: join(ROOT, "test/fixtures/openapi/gitea-import.yaml"), text: importedYaml(gitea.data) });
    let skipped = 0;
    for (const { path, text } of manifests) {
      const { manifest, diagnostics } = loadManifestText(text, path);
      expect(manifest, `${path}: ${JSON.stringify(diagnostics.slice(0, 2))}`).toBeDefined();
      for (const tool of manifest!.tools) {
        for (const schema of [tool.inputSchema, tool.outputSchema]) {
          if (schema === undefined) continue;
          expect(agrees(schema)).not.toBe("meta-invalid");
          if (!compileNeeded(schema)) skipped++;
        }
      }
    }
    // Gitea's 346 operations alone carry hundreds of `$ref`-using schemas that need no compile.
    expect(skipped).toBeGreaterThan(500);
  });
});

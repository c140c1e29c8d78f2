// `mcp-gen import` hands the loader the data it serialized (LoadTextOptions.data), so the
// YAML is parsed only when a diagnostic needs a position. The result must be exactly what
// loading the text gives: the same manifest, the same diagnostics at the same line:col.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importOpenApi } from "../../generator/import/to-manifest.js";
import { importedYaml } from "../../generator/import/write.js";
import { loadManifestText } from "../../generator/manifest/load.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "openapi");

describe("loadManifestText with the data already in hand", () => {
  for (const file of ["petstore-3.0.yaml", "petstore-3.1.yaml", "gitea.json"]) {
    it(`gives what loading the text gives: ${file}`, async () => {
      const imported = await importOpenApi(join(FIXTURES, file), { documentLabel: `./${file}`, include: [], exclude: [] });
      const text = importedYaml(imported.data);
      const path = join(FIXTURES, "imported.yaml");
      const fromText = loadManifestText(text, path);
      const fromData = loadManifestText(text, path, { data: imported.data });
      expect(fromText.manifest).toBeDefined();
      expect(fromData).toEqual(fromText);
    });
  }

  it("still places a diagnostic at its line:col (the YAML is parsed on demand)", () => {
    const text = "mcpgen: 1\nserver:\n  name: demo\n  version: 1.0.0\nprotocol: [2026-07-28]\ntools:\n  Bad Name:\n    description: x\n";
    const fromText = loadManifestText(text, "mcp.yaml");
    const fromData = loadManifestText(text, "mcp.yaml", { data: parse(text) });
    expect(fromText.diagnostics.length).toBeGreaterThan(0);
    expect(fromText.diagnostics.some((d) => d.line > 1)).toBe(true);
    expect(fromData).toEqual(fromText);
  });
});

// json-text.ts: a manifest written as JSON is read with JSON.parse, only where YAML reads the same
// value. The examples written as JSON must load to the manifests their YAML loads to; texts where
// the two readings differ go through YAML, with YAML's diagnostics; a JSON manifest's diagnostics
// still carry their line:col.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse as parseYamlText } from "yaml";
import { describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";
import { parseJsonManifest } from "../../generator/manifest/json-text.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const EXAMPLES = ["notes", "shop", "config", "secure-notes", "reports", "dashboard"];
const base = { mcpgen: 1, server: { name: "s", version: "1.0.0" }, protocol: ["2026-07-28"] };

describe("parseJsonManifest", () => {
  it("reads a JSON object", () => {
    expect(parseJsonManifest(` \n${JSON.stringify(base, null, 2)}\n`)).toEqual(base);
    expect(parseJsonManifest(`{"a": {"b": [{"c": 1}, {"c": 2}], "d": "\\u0041"}, "e": [[], {}]}`)).toEqual({ a: { b: [{ c: 1 }, { c: 2 }], d: "A" }, e: [[], {}] });
  });

  it("leaves to YAML what YAML reads otherwise, and what is not JSON", () => {
    for (const text of [
      `{"a": 1, "a": 2}`,
      `{"a": 1, "\\u0061": 2}`,
      `{"x": [{"a": 1, "b": {"a": 1}, "a": 3}]}`,
      `{\n\t"a": 1\n}`,
      `{"<<": {"a": 1}}`,
      `{"__proto__": {"a": 1}}`,
      `\uFEFF{"a": 1}`,
      `[1, 2]`,
      `mcpgen: 1`,
      `{"a": 1,}`,
      "",
    ]) {
      expect(parseJsonManifest(text), JSON.stringify(text)).toBeUndefined();
    }
    // Equal keys in different objects are not duplicates.
    expect(parseJsonManifest(`{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}`)).toBeDefined();
  });
});

describe("loading a JSON manifest", () => {
  it.each(EXAMPLES)("examples/%s as JSON loads to what its YAML loads to", (name) => {
    const file = join(ROOT, "examples", name, "mcp.yaml");
    const yaml = readFileSync(file, "utf8");
    const json = `${JSON.stringify(parseYamlText(yaml), null, 2)}\n`;
    expect(parseJsonManifest(json)).toBeDefined();
    const fromYaml = loadManifestText(yaml, file);
    const fromJson = loadManifestText(json, file);
    expect(fromYaml.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(fromJson.manifest).toEqual(fromYaml.manifest);
    expect(fromJson.diagnostics.map((d) => [d.code, d.severity])).toEqual(fromYaml.diagnostics.map((d) => [d.code, d.severity]));
  });

  it("reports a JSON manifest's problems where the YAML reading does (a comment line forces it), duplicate keys included", () => {
    const texts = [
      `{\n  "mcpgen": 1,\n  "server": { "name": "s", "version": "1.0.0" },\n  "protocol": ["2026-07-28"],\n  "tools": { "t": { "description": "d", "surprise": true } }\n}\n`,
      `{\n  "mcpgen": 1,\n  "server": { "name": "s", "version": "1.0.0" },\n  "mcpgen": 1,\n  "protocol": ["2026-07-28"]\n}\n`,
    ];
    for (const text of texts) {
      const viaJson = loadManifestText(text, "m.json").diagnostics;
      const viaYaml = loadManifestText(`# comment\n${text}`, "m.json").diagnostics;
      expect(viaJson.some((d) => d.severity === "error")).toBe(true);
      expect(viaJson.map((d) => ({ ...d, line: d.line + 1 }))).toEqual(viaYaml);
    }
    expect(parseJsonManifest(texts[0]!)).toBeDefined();
    expect(parseJsonManifest(texts[1]!)).toBeUndefined();
  });
});

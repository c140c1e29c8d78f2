// Emitter warnings get the manifest's file:line:col, like the loader's diagnostics: the real
// emitter runs on schemas the real loader prepared, and each finding lands on the keyword as
// written — in the tool's schema, or in the shared definition a `$ref` bundled.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { generatePackage } from "../generator/generate/generate-package.js";
import { emitZodModule } from "../generator/emit/zod/module.js";
import { formatDiagnosticText } from "../generator/diagnostics/format.js";
import { loadManifestText } from "../generator/manifest/load.js";
import { positionEmitterFindings } from "../generator/manifest/emitter-positions.js";
import { TMP_DIR } from "./support/tmp.js";

const ROOT = resolve(import.meta.dirname, "..");

const FILE = "mcp.yaml";
const TEXT = `mcpgen: 1
server: { name: s, version: "1.0.0" }
protocol: [2026-07-28]
definitions:
  When:
    type: string
    format: moonphase
tools:
  search:
    input:
      type: object
      properties:
        tags:
          type: array
          items: { type: string, format: colour }
        when: { $ref: "#/definitions/When" }
        pair:
          type: array
          prefixItems:
            - { type: string }
            - { type: string, format: hue }
`;

/** 1-based line and column of the first `needle` in TEXT, at its `offset`-th character. */
function at(needle: string, offset = 0): { line: number; column: number } {
  const index = TEXT.indexOf(needle);
  expect(index, needle).toBeGreaterThanOrEqual(0);
  const before = TEXT.slice(0, index + offset).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

function findings() {
  const { manifest, diagnostics } = loadManifestText(TEXT, FILE);
  expect(diagnostics).toEqual([]);
  const input = manifest!.tools[0]!.inputSchema as Record<string, unknown>;
  const emitted = emitZodModule({ document: { $defs: {} }, header: "", roots: { SearchInput: input }, externalRefs: "unknown" });
  expect(emitted.diagnostics.map((d) => d.code)).toEqual(["MCPGEN0306", "MCPGEN0306", "MCPGEN0306"]);
  return emitted.diagnostics;
}

describe("positionEmitterFindings", () => {
  it("points a finding in a tool's schema at the keyword's value", () => {
    const colour = positionEmitterFindings(FILE, TEXT, new Map([["SearchInput", ["tools", "search", "input"]]]), findings()).find((d) => d.message.includes("colour"));
    expect(colour).toMatchObject({ code: "MCPGEN0306", severity: "warning", file: FILE, path: "tools.search.input.properties.tags.items.format", ...at("colour") });
    expect(formatDiagnosticText(colour!)).toBe(`mcp.yaml:${at("colour").line}:${at("colour").column} warning MCPGEN0306 tools.search.input.properties.tags.items.format: unknown format "colour" is not checked (ajv ignores it too)\n  hint: use a format ajv-formats knows, or a \`pattern\``);
  });

  it("follows a bundled shared definition back to `definitions`", () => {
    const moonphase = positionEmitterFindings(FILE, TEXT, new Map([["SearchInput", ["tools", "search", "input"]]]), findings()).find((d) => d.message.includes("moonphase"));
    expect(moonphase).toMatchObject({ path: "definitions.When.format", ...at("moonphase") });
  });

  it("walks a sequence index of the pointer (`/prefixItems/1`)", () => {
    const found = positionEmitterFindings(FILE, TEXT, new Map([["SearchInput", ["tools", "search", "input"]]]), findings());
    expect(found.find((d) => d.message.includes("hue"))).toMatchObject({ path: "tools.search.input.properties.pair.prefixItems[1].format", ...at("hue") });
  });

  it("a root without a known origin keeps its pointer and points at the document's start", () => {
    const colour = positionEmitterFindings(FILE, TEXT, new Map(), findings()).find((d) => d.message.includes("colour"));
    expect(colour).toMatchObject({ line: 1, column: 1, path: "SearchInput/properties/tags/items/format" });
  });
});

describe("mcp-gen generate", () => {
  const dir = join(TMP_DIR, "emitter-positions");
  const manifest = join(dir, "mcp.yaml");
  const byPath = (rows: (string | number)[][]) => [...rows].sort((a, b) => String(a[3]).localeCompare(String(b[3])));
  const expected = [
    ["MCPGEN0306", at("colour").line, at("colour").column, "tools.search.input.properties.tags.items.format"],
    ["MCPGEN0306", at("moonphase").line, at("moonphase").column, "definitions.When.format"],
    ["MCPGEN0306", at("hue").line, at("hue").column, "tools.search.input.properties.pair.prefixItems[1].format"],
  ];

  it("returns the emitter's warnings with the manifest's file:line:col", async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(manifest, TEXT);
    const { warnings } = await generatePackage(manifest, { outDir: join(dir, "out") });
    expect(warnings.every((w) => w.file === manifest && w.severity === "warning")).toBe(true);
    expect(byPath(warnings.map((w) => [w.code, w.line, w.column, w.path]))).toEqual(byPath(expected));
  });

  it("the CLI prints them as validate prints diagnostics: file:line:col warning CODE path: message", () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(manifest, TEXT);
    const shown = relative(ROOT, manifest);
    const run = spawnSync(process.execPath, ["bin/mcp-gen.js", "generate", shown, "--out", join(dir, "cli-out"), "--dry-run"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(0);
    for (const [code, line, column, path] of expected) expect(run.stderr).toContain(`${shown}:${line}:${column} warning ${code} ${path}: unknown format`);
  });
});

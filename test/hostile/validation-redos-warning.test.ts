// `mcp-gen validate` warns (MCPGEN1509, at the pattern) on user patterns recheck finds
// super-linear, and says whether the generated server is protected by the linear engine.
import { describe, expect, it } from "vitest";
import { superLinear } from "../../generator/manifest/check-patterns.js";
import { loadManifestText } from "../../generator/manifest/load.js";

/** The evidence of the checker's decision record: known-bad and known-good patterns. */
const SUPER_LINEAR = ["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "^(\\w+\\s?)*$", "^\\d+\\d+$", "^.*a.*a$", "(x+x+)+y", "^(?!b)(a|aa)+$"];
const LINEAR = ["^[a-z]+$", "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "^(?:[a-z0-9-]+\\.)+[a-z]{2,}$", "^([a-z]+){0,1}$", "^[A-Za-z_][A-Za-z0-9_]*$", "^[A-Z]{3}$"];

const manifest = (properties: string) => `mcpgen: 1
server: { name: p, version: 1.0.0 }
protocol: [2026-07-28]
tools:
  t:
    input:
      type: object
      properties:
${properties}
`;

describe("validate: ReDoS warnings on user patterns", () => {
  it("recheck classifies the known patterns of the decision record", () => {
    for (const source of SUPER_LINEAR) expect(superLinear(source), source).toBeDefined();
    for (const source of LINEAR) expect(superLinear(source), source).toBeUndefined();
  });

  it("warns at the pattern's line:col with an engine-specific hint; safe patterns are silent", () => {
    const text = manifest(
      [
        '        a: { type: string, pattern: "^(a+)+$" }',
        '        b: { type: string, pattern: "^(?!b)(a|aa)+$" }',
        '        c: { type: string, pattern: "^[a-z0-9-]+$" }',
        "        d:",
        "          type: object",
        "          patternProperties:",
        '            "^(a|a)*$": {}',
      ].join("\n"),
    );
    const { manifest: loaded, diagnostics } = loadManifestText(text, "mcp.yaml");
    expect(loaded).toBeDefined();
    const warnings = diagnostics.filter((d) => d.code === "MCPGEN1509");
    expect(warnings.map((d) => [d.severity, d.line, d.column, d.path])).toEqual([
      ["warning", 9, 37, "tools.t.input.properties.a.pattern"],
      ["warning", 10, 37, "tools.t.input.properties.b.pattern"],
      ["warning", 15, 13, 'tools.t.input.properties.d.patternProperties["^(a|a)*$"]'],
    ]);
    expect(warnings[0]!.hint).toMatch(/linear time \(RE2\)/);
    expect(warnings[1]!.hint).toMatch(/RE2 cannot run it/);
    expect(diagnostics).toHaveLength(3);
  });
});

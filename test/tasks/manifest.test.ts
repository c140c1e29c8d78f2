// The manifest's `task:` on tools (generator/manifest/tasks.ts): IR, emitted definition and the
// MCPGEN18xx checks with their positions.
import { describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";

function load(tools: string, protocol = "[2026-07-28, 2025-11-25]") {
  return loadManifestText(`mcpgen: 1\nserver: { name: t, version: 1.0.0 }\nprotocol: ${protocol}\ntools:\n${tools}`, "mcp.yaml");
}
const codes = (r: ReturnType<typeof load>) => r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column} ${d.path}`);

describe("manifest task support", () => {
  it("reads the word form and the mapping form into the IR", () => {
    const r = load(
      "  a: { task: required }\n" +
        "  b:\n    task: { ttl: 10m, pollInterval: 500ms, askFirst: [q] }\n    inputs: { q: { elicit: { message: Q?, schema: { type: object, properties: { v: { type: string } } } } } }\n" +
        "  c: { task: { support: optional, ttl: unlimited } }\n",
    );
    expect(r.diagnostics).toEqual([]);
    const tools = Object.fromEntries(r.manifest!.tools.map((t) => [t.name, t.task]));
    expect(tools["a"]).toEqual({ support: "required", askFirst: [] });
    expect(tools["b"]).toEqual({ support: "optional", ttlMs: 600_000, pollIntervalMs: 500, askFirst: ["q"] });
    expect(tools["c"]).toEqual({ support: "optional", ttlMs: null, askFirst: [] });
  });

  it("refuses tasks on a server whose revisions have none (MCPGEN1801)", () => {
    const r = load("  a: { task: optional }\n", "[2025-06-18]");
    expect(codes(r)).toEqual(["MCPGEN1801@5:14 tools.a.task"]);
    expect(load("  a: { task: forbidden }\n", "[2025-06-18]").diagnostics).toEqual([]);
  });

  it("refuses an askFirst key that is not a declared input (MCPGEN1802) and a poll interval past the TTL (MCPGEN1803)", () => {
    const r = load("  a:\n    task: { ttl: 1s, pollInterval: 2s, askFirst: [nope] }\n");
    expect(codes(r).sort()).toEqual(["MCPGEN1802@6:51 tools.a.task.askFirst[0]", "MCPGEN1803@6:36 tools.a.task.pollInterval"].sort());
  });

  it("refuses an unknown support word and a malformed ttl through the schema", () => {
    const r = load("  a: { task: sometimes }\n  b: { task: { ttl: soon } }\n");
    expect(r.diagnostics.length).toBeGreaterThanOrEqual(2);
    expect(r.diagnostics.every((d) => d.severity === "error")).toBe(true);
    expect(r.diagnostics.map((d) => d.path).join(" ")).toMatch(/tools\.a\.task.*tools\.b\.task/);
  });

  it("reports (not crashes on) a non-string $schema, found by the manifest fuzzer once the tasks corpus file shifted its picks", () => {
    const r = load("  a: { input: { $schema: 0, type: object } }\n");
    expect(r.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["MCPGEN1506 tools.a.input.$schema"]);
  });
});

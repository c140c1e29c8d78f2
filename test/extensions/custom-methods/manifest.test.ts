// Manifest `methods:` and `notifications:` (generator/manifest/custom-methods.ts): the IR of the
// custom-methods manifest, and every MCPGEN2120-2125 refusal with its position, path and hint.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest, loadManifestText } from "../../../generator/manifest/load.js";
import { specNameKind } from "../../../generator/manifest/custom-methods.js";

const HEAD = "mcpgen: 1\nserver: { name: t, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\nextensions:\n  com.example/notes: {}\n";
const load = (body: string) => loadManifestText(HEAD + body, "mcp.yaml");
const found = (r: ReturnType<typeof load>) => r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column} ${d.path}`);

describe("the IR", () => {
  it("holds methods and notifications sorted, with identifiers, extensions and bundled schemas", async () => {
    const { manifest, diagnostics } = await loadManifest(resolve(import.meta.dirname, "notes.yaml"));
    expect(diagnostics).toEqual([]);
    expect(manifest?.methods).toEqual([
      {
        name: "notes/search",
        identifier: "notesSearch",
        extension: "com.example/notes",
        description: "Full-text search over notes.",
        params: {
          type: "object",
          properties: { query: { type: "string", minLength: 1 }, limit: { type: "integer", minimum: 1 } },
          required: ["query"],
          additionalProperties: false,
        },
        result: { type: "object", properties: { hits: { type: "array", items: { type: "string" } } }, required: ["hits"] },
      },
    ]);
    expect(manifest?.notifications?.map((n) => [n.name, n.identifier, n.direction])).toEqual([
      ["notes/indexed", "notesIndexed", "serverToClient"],
      ["notes/touched", "notesTouched", "clientToServer"],
    ]);
  });

  it("defaults params and result to any object, and leaves the keys out when nothing is declared", () => {
    const r = load("methods:\n  notes/count:\n    extension: com.example/notes\n");
    expect(r.diagnostics).toEqual([]);
    expect(r.manifest?.methods?.[0]).toMatchObject({ params: { type: "object" }, result: { type: "object" } });
    expect(load("").manifest).not.toHaveProperty("methods");
  });
});

describe("validate-time refusals", () => {
  it("MCPGEN2120: a method with a spec method's name, of any revision or direction", () => {
    const r = load("methods:\n  tools/call: { extension: com.example/notes }\n  ping: { extension: com.example/notes }\n  tasks/update: { extension: com.example/notes }\n  sampling/createMessage: { extension: com.example/notes }\n");
    expect(found(r)).toEqual(['MCPGEN2120@7:3 methods["tools/call"]', "MCPGEN2120@8:3 methods.ping", 'MCPGEN2120@9:3 methods["tasks/update"]', 'MCPGEN2120@10:3 methods["sampling/createMessage"]']);
    expect(r.diagnostics[0]?.hint).toContain("own namespace");
  });

  it("MCPGEN2121: a notification in the spec's notifications/ namespace or with a spec request's name", () => {
    const r = load(
      "notifications:\n  notifications/notes/changed: { extension: com.example/notes, direction: serverToClient }\n  notifications/tasks/status: { extension: com.example/notes, direction: serverToClient }\n  roots/list: { extension: com.example/notes, direction: clientToServer }\n",
    );
    expect(found(r)).toEqual(['MCPGEN2121@7:3 notifications["notifications/notes/changed"]', 'MCPGEN2121@8:3 notifications["notifications/tasks/status"]', 'MCPGEN2121@9:3 notifications["roots/list"]']);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      "`notifications/notes/changed` is in the spec's `notifications/` namespace",
      "`notifications/tasks/status` is in the spec's `notifications/` namespace",
      "`roots/list` is a request of the MCP specification",
    ]);
  });

  it("MCPGEN2122: an extension not listed under `extensions`, pointed at the value", () => {
    const r = load("methods:\n  notes/search: { extension: com.example/other }\nnotifications:\n  notes/seen:\n    extension: com.example/nope\n    direction: clientToServer\n");
    expect(found(r)).toEqual(['MCPGEN2122@7:30 methods["notes/search"].extension', 'MCPGEN2122@10:16 notifications["notes/seen"].extension']);
    expect(r.diagnostics[0]?.hint).toBe("add `com.example/other: {}` under `extensions`, or fix the identifier");
  });

  it("MCPGEN2123: params or result without `type: object` at the root", () => {
    const r = load("methods:\n  notes/search:\n    extension: com.example/notes\n    params: { type: array }\n    result: { properties: {} }\n");
    expect(found(r)).toEqual(['MCPGEN2123@9:21 methods["notes/search"].params.type', 'MCPGEN2123@10:13 methods["notes/search"].result']);
  });

  it("MCPGEN2124 and MCPGEN2125: a name under both sections, and two names with one identifier", () => {
    const r = load(
      "methods:\n  notes/search: { extension: com.example/notes }\n  notes_search: { extension: com.example/notes }\nnotifications:\n  notes/search: { extension: com.example/notes, direction: clientToServer }\n",
    );
    expect(found(r)).toEqual(["MCPGEN2125@8:3 methods.notes_search", 'MCPGEN2124@10:3 notifications["notes/search"]']);
  });

  it("the structure: an unknown direction and a missing extension are schema errors", () => {
    const r = load("notifications:\n  notes/seen: { extension: com.example/notes, direction: both }\nmethods:\n  notes/x: { description: no extension }\n");
    expect(r.manifest).toBeUndefined();
    expect(r.diagnostics.length).toBeGreaterThanOrEqual(2);
  });

  it("knows the spec's names across eras", () => {
    for (const name of ["initialize", "server/discover", "subscriptions/listen", "logging/setLevel", "tasks/result", "elicitation/create"]) expect(specNameKind(name), name).toBe("request");
    for (const name of ["notifications/initialized", "notifications/elicitation/complete", "notifications/anything"]) expect(specNameKind(name), name).toBe("notification");
    for (const name of ["notes/search", "com.example/search", "ui/initialize"]) expect(specNameKind(name), name).toBeUndefined();
  });
});

describe("emitter findings in custom schemas", () => {
  it("point at the manifest line of the method's params (generate's warnings)", async () => {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { generatePackage } = await import("../../../generator/generate/generate-package.js");
    const { TMP_DIR } = await import("../../support/tmp.js");
    const dir = join(TMP_DIR, "custom-methods-positions");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "mcp.yaml");
    writeFileSync(file, HEAD + "methods:\n  notes/paint:\n    extension: com.example/notes\n    params:\n      type: object\n      properties:\n        hue: { type: string, format: colour }\n");
    const { warnings } = await generatePackage(file, { outDir: join(dir, "out") });
    expect(warnings.map((w) => [w.code, w.line, w.path])).toEqual([["MCPGEN0306", 12, 'methods["notes/paint"].params.properties.hue.format']]);
  });
});

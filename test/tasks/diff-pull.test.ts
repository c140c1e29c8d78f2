// mcp-gen diff rules for task support, and pull recording it (issue 14).
import { describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";
import { contractFromManifest } from "../../generator/diff/manifest/from-manifest.js";
import { diffContracts } from "../../generator/diff/manifest/diff-contract.js";
import { snapshotToManifest } from "../../generator/pull/to-manifest.js";

function contract(task: string | undefined) {
  const text = `mcpgen: 1\nserver: { name: t, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\ntools:\n  job: { ${task === undefined ? "" : `task: ${task}`} }\n`;
  const loaded = loadManifestText(text, "mcp.yaml");
  expect(loaded.diagnostics).toEqual([]);
  return contractFromManifest(loaded.manifest!);
}
const rules = (a: string | undefined, b: string | undefined) => diffContracts(contract(a), contract(b)).map((c) => `${c.rule}:${c.level}`);

describe("diff: task support", () => {
  it("a tool that becomes task-required is breaking", () => {
    expect(rules(undefined, "required")).toEqual(["TOOL_TASK_REQUIRED:breaking"]);
    expect(rules("optional", "required")).toEqual(["TOOL_TASK_REQUIRED:breaking"]);
  });
  it("other changes of task support are informational, and no change reports nothing", () => {
    expect(rules(undefined, "optional")).toEqual(["TOOL_TASK_SUPPORT_CHANGED:info"]);
    expect(rules("required", "optional")).toEqual(["TOOL_TASK_SUPPORT_CHANGED:info"]);
    expect(rules("required", "forbidden")).toEqual(["TOOL_TASK_SUPPORT_CHANGED:info"]);
    expect(rules("optional", "optional")).toEqual([]);
    expect(rules(undefined, "forbidden")).toEqual([]);
  });
});

describe("pull: task support", () => {
  it("records execution.taskSupport as the tool's task, and the pulled manifest validates", () => {
    const pulled = snapshotToManifest(
      {
        era: "legacy",
        protocolVersion: "2025-11-25",
        supportedVersions: ["2025-11-25"],
        serverInfo: { name: "s", version: "1" },
        instructions: undefined,
        capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } },
        tools: [
          { name: "job", inputSchema: { type: "object" }, execution: { taskSupport: "required" } },
          { name: "quick", inputSchema: { type: "object" }, execution: { taskSupport: "forbidden" } },
        ],
        prompts: [],
        resources: [],
        templates: [],
      },
      { from: "http://example.test/mcp" },
    );
    const tools = pulled.data["tools"] as Record<string, Record<string, unknown>>;
    expect(tools["job"]?.["task"]).toBe("required");
    expect(tools["quick"]).not.toHaveProperty("task");
    const reloaded = loadManifestText(JSON.stringify(pulled.data), "pulled.yaml");
    expect(reloaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(reloaded.manifest?.tools.find((t) => t.name === "job")?.task?.support).toBe("required");
  });
});

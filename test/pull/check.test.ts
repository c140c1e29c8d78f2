// `pull --check` comparison without a server: equal means equal data apart from the address
// (`pulled.from`) and comments; the diff classifies what changed and --fail-on picks the level.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";
import { checkAgainstCommitted } from "../../generator/pull/check.js";
import type { ServerSnapshot } from "../../generator/pull/introspect.js";
import { snapshotToManifest } from "../../generator/pull/to-manifest.js";
import { manifestYaml } from "../../generator/pull/write.js";
import { scratchDir } from "./support.js";

const dir = scratchDir("check");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function snapshot(required: string[], description = "Search"): ServerSnapshot {
  return {
    era: "modern",
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28"],
    serverInfo: { name: "s", version: "1.0.0" },
    instructions: undefined,
    capabilities: { tools: {} },
    tools: [{ name: "search", description, inputSchema: { type: "object", properties: { q: { type: "string" }, limit: { type: "integer" } }, required } }],
    prompts: [],
    resources: [],
    templates: [],
  };
}

function pulledText(s: ServerSnapshot, from: string): string {
  return manifestYaml(snapshotToManifest(s, { from }).data);
}

async function check(committed: ServerSnapshot, fresh: ServerSnapshot, failOn?: "breaking" | "warning", from = "http://127.0.0.1:1111/mcp") {
  const file = join(dir, `committed-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, `# reviewed in PR 12\n${pulledText(committed, "http://127.0.0.1:9999/mcp")}`);
  const yaml = pulledText(fresh, from);
  const loaded = loadManifestText(yaml, file);
  return checkAgainstCommitted(file, yaml, loaded.manifest!, failOn);
}

describe("checkAgainstCommitted", () => {
  it("is equal when only the address and comments differ", async () => {
    const outcome = await check(snapshot(["q"]), snapshot(["q"]));
    expect(outcome).toMatchObject({ equal: true, failed: false });
    expect(outcome.diff.changes).toEqual([]);
  });
  it("fails when an argument becomes required, at every level", async () => {
    for (const failOn of [undefined, "breaking", "warning"] as const) {
      const outcome = await check(snapshot(["q"]), snapshot(["q", "limit"]), failOn);
      expect(outcome.failed).toBe(true);
      expect(outcome.diff.changes.map((c) => `${c.level} ${c.rule} ${c.path}`)).toEqual(["breaking INPUT_PROPERTY_BECAME_REQUIRED tools.search.input#/properties/limit"]);
    }
  });
  it("fails on a relaxed argument without --fail-on, passes it with --fail-on breaking", async () => {
    expect((await check(snapshot(["q", "limit"]), snapshot(["q"]))).failed).toBe(true);
    const onlyBreaking = await check(snapshot(["q", "limit"]), snapshot(["q"]), "breaking");
    expect(onlyBreaking.equal).toBe(false);
    expect(onlyBreaking.diff.changes.some((c) => c.level === "breaking")).toBe(false);
    expect(onlyBreaking.failed).toBe(false);
  });
  it("counts a description change as drift even when no rule is breaking", async () => {
    const outcome = await check(snapshot(["q"]), snapshot(["q"], "Search the catalogue"));
    expect(outcome.equal).toBe(false);
    expect(outcome.failed).toBe(true);
    expect((await check(snapshot(["q"]), snapshot(["q"], "Search the catalogue"), "breaking")).failed).toBe(false);
  });
});

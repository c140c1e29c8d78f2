import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractToJson, parseContractJson } from "../../generator/diff/contract-json.js";
import { diffArguments } from "../../generator/diff/diff.js";
import { contractFromManifest } from "../../generator/diff/manifest/from-manifest.js";
import { loadManifest } from "../../generator/manifest/load.js";

const dir = mkdtempSync(join(tmpdir(), "mcpgen-contract-"));

async function contractFile(manifest: string): Promise<string> {
  const { manifest: ir } = await loadManifest(manifest);
  const file = join(dir, `${manifest.replace(/\W+/g, "_")}.json`);
  writeFileSync(file, contractToJson(contractFromManifest(ir!)));
  return file;
}

describe("server contract files", () => {
  it.each(["examples/notes/mcp.yaml", "examples/shop/mcp.yaml", "examples/config/mcp.yaml"])("the contract of %s diffs clean against the manifest and round-trips", async (manifest) => {
    const file = await contractFile(manifest);
    expect((await diffArguments(file, manifest)).changes).toEqual([]);
    expect((await diffArguments(manifest, file)).changes).toEqual([]);
    const { manifest: ir } = await loadManifest(manifest);
    const text = contractToJson(contractFromManifest(ir!));
    const parsed = parseContractJson(JSON.parse(text));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(contractToJson(parsed.contract)).toBe(text);
  });

  it("a contract diffs against another manifest exactly as its manifest does", async () => {
    const file = await contractFile("examples/notes/mcp.yaml");
    const viaContract = await diffArguments(file, "examples/shop/mcp.yaml");
    const viaManifest = await diffArguments("examples/notes/mcp.yaml", "examples/shop/mcp.yaml");
    expect(viaContract.changes).toEqual(viaManifest.changes);
    expect(viaContract.changes.length).toBeGreaterThan(0);
  });

  it("an invalid contract is a user error naming the problem", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ mcpgenContract: 1, revisions: ["2026-07-28"], tools: [{ name: "x" }] }));
    await expect(diffArguments(file, file)).rejects.toMatchObject({ code: "MCPGEN2002", message: expect.stringContaining("inputSchema") });
  });
});

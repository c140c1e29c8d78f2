import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readSpecLock } from "../generator/spec-schema/lock.js";
import { isSynced, sha256, syncRevision, syncedSchemaPath } from "../generator/spec-schema/sync.js";

const savedEnv = process.env.MCP_GEN_SPEC_DIR;
afterEach(() => {
  if (savedEnv === undefined) delete process.env.MCP_GEN_SPEC_DIR;
  else process.env.MCP_GEN_SPEC_DIR = savedEnv;
});

function specDirWith(revision: string, bytes: Buffer | string): string {
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-spec-"));
  mkdirSync(join(dir, revision));
  writeFileSync(join(dir, revision, "schema.json"), bytes);
  return dir;
}

describe("spec sync", () => {
  it("the lock pins five revisions of one commit, with their eras", () => {
    const lock = readSpecLock();
    expect(lock.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(lock.revisions.map((r) => [r.revision, r.era])).toEqual([
      ["2024-11-05", "legacy"],
      ["2025-03-26", "legacy"],
      ["2025-06-18", "legacy"],
      ["2025-11-25", "legacy"],
      ["2026-07-28", "modern"],
    ]);
  });

  it("every synced file matches its pinned sha256", () => {
    for (const r of readSpecLock().revisions) {
      expect(sha256(readFileSync(syncedSchemaPath(r.revision)))).toBe(r.sha256);
      expect(isSynced(r.revision)).toBe(true);
    }
  });

  it("takes files from $MCP_GEN_SPEC_DIR first", async () => {
    const good = readFileSync(syncedSchemaPath("2025-03-26"));
    process.env.MCP_GEN_SPEC_DIR = specDirWith("2025-03-26", good);
    const result = await syncRevision("2025-03-26", { force: true });
    expect(result.source).toBe("env");
    expect(isSynced("2025-03-26")).toBe(true);
  });

  it("refuses a file whose hash does not match the lock, and keeps the good copy", async () => {
    const good = readFileSync(syncedSchemaPath("2025-03-26"));
    const tampered = Buffer.from(good.toString("utf8").replace('"description"', '"descriptioN"'));
    process.env.MCP_GEN_SPEC_DIR = specDirWith("2025-03-26", tampered);
    await expect(syncRevision("2025-03-26", { force: true })).rejects.toMatchObject({
      code: "MCPGEN0102",
      message: expect.stringContaining("pins"),
    });
    expect(isSynced("2025-03-26")).toBe(true);
  });

  it("rejects an unknown revision with a hint listing the known ones", async () => {
    await expect(syncRevision("2023-01-01")).rejects.toMatchObject({ code: "MCPGEN0101", hint: expect.stringContaining("2026-07-28") });
  });

  it("`mcp-gen spec list` shows each revision, its era and sync state", () => {
    const run = spawnSync(process.execPath, ["bin/mcp-gen.js", "spec", "list", "--json"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    const listed = JSON.parse(run.stdout) as { revisions: { revision: string; era: string; synced: boolean }[] };
    expect(listed.revisions.map((r) => `${r.revision} ${r.era} ${r.synced}`)).toEqual([
      "2024-11-05 legacy true",
      "2025-03-26 legacy true",
      "2025-06-18 legacy true",
      "2025-11-25 legacy true",
      "2026-07-28 modern true",
    ]);
  });

  it("a bad sync prints a coded error and no stack trace, exit 1", () => {
    const run = spawnSync(process.execPath, ["bin/mcp-gen.js", "spec", "sync", "--revision", "1999-01-01"], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error MCPGEN0101");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffArguments } from "../../generator/diff/diff.js";
import type { DiffResult } from "../../generator/diff/types.js";
import { revisionNames } from "../../generator/spec-schema/lock.js";
import { methodTable } from "../../generator/spec-schema/methods/index.js";
import { syncedSchemaPath } from "../../generator/spec-schema/sync.js";

/**
 * Expected method-level changes between consecutive revisions, written by hand from the
 * method tables (generator/spec-schema/methods) and the spec changelogs, not computed by the diff.
 */
const EXPECTED: Record<string, { removed: string[]; added: string[]; becameInput: string[] }> = {
  "2024-11-05 2025-03-26": { removed: [], added: [], becameInput: [] },
  "2025-03-26 2025-06-18": { removed: [], added: ["elicitation/create"], becameInput: [] },
  "2025-06-18 2025-11-25": {
    removed: [],
    added: ["notifications/elicitation/complete", "notifications/tasks/status", "tasks/cancel", "tasks/get", "tasks/list", "tasks/result"],
    becameInput: [],
  },
  "2025-11-25 2026-07-28": {
    removed: [
      "initialize",
      "logging/setLevel",
      "notifications/elicitation/complete",
      "notifications/initialized",
      "notifications/roots/list_changed",
      "notifications/tasks/status",
      "ping",
      "resources/subscribe",
      "resources/unsubscribe",
      "tasks/cancel",
      "tasks/get",
      "tasks/list",
      "tasks/result",
    ],
    added: ["notifications/subscriptions/acknowledged", "server/discover", "subscriptions/listen"],
    becameInput: ["elicitation/create", "roots/list", "sampling/createMessage"],
  },
};

function pathsOf(result: DiffResult, ...rules: string[]): string[] {
  return result.changes
    .filter((c) => rules.includes(c.rule))
    .map((c) => c.path)
    .sort();
}

function methodsOf(revision: string): Set<string> {
  const t = methodTable(revision);
  return new Set([...t.clientRequests, ...t.serverRequests, ...t.inputRequests, ...t.clientNotifications, ...t.serverNotifications].map((e) => e.method));
}

const revisions = revisionNames();
const pairs = revisions.slice(1).map((next, i) => [revisions[i]!, next] as const);

describe("diff of consecutive spec revisions", () => {
  it("covers every consecutive pair of the pinned revisions", () => {
    expect(pairs.map(([a, b]) => `${a} ${b}`)).toEqual(Object.keys(EXPECTED));
  });

  describe.each(pairs)("%s → %s", (before, after) => {
    const expected = EXPECTED[`${before} ${after}`]!;
    let forward: DiffResult;
    let backward: DiffResult;
    it("reports exactly the removed and added methods and notifications", async () => {
      forward = await diffArguments(before, after);
      expect(pathsOf(forward, "METHOD_REMOVED", "NOTIFICATION_REMOVED")).toEqual(expected.removed);
      expect(pathsOf(forward, "METHOD_ADDED", "NOTIFICATION_ADDED")).toEqual(expected.added);
      expect(pathsOf(forward, "METHOD_BECAME_INPUT_REQUEST")).toEqual(expected.becameInput);
    });
    it("never reports as removed a method that still exists in the new revision", () => {
      const still = methodsOf(after);
      for (const path of pathsOf(forward, "METHOD_REMOVED", "NOTIFICATION_REMOVED")) expect(still.has(path), path).toBe(false);
    });
    it("the reverse diff swaps added and removed", async () => {
      backward = await diffArguments(after, before);
      expect(pathsOf(backward, "METHOD_REMOVED", "NOTIFICATION_REMOVED")).toEqual(expected.added);
      expect(pathsOf(backward, "METHOD_ADDED", "NOTIFICATION_ADDED")).toEqual(expected.removed);
      expect(pathsOf(backward, "INPUT_REQUEST_BECAME_METHOD")).toEqual(expected.becameInput);
    });
    it("every change carries kind, level and path; kinds of method changes match notification-ness", () => {
      for (const c of forward.changes) {
        expect(c.path.length).toBeGreaterThan(0);
        if (c.rule.startsWith("NOTIFICATION_")) expect(c.kind).toBe("notification");
        if (c.rule === "METHOD_REMOVED" || c.rule === "METHOD_ADDED") expect(c.kind).toBe("method");
      }
    });
  });

  it("2025-11-25 → 2026-07-28: the modern error codes, tasks capabilities and the client's progress notifications", async () => {
    const result = await diffArguments("2025-11-25", "2026-07-28");
    expect(pathsOf(result, "ERROR_CODE_ADDED")).toEqual(["-32020", "-32021", "-32022"]);
    expect(pathsOf(result, "ERROR_CODE_REMOVED")).toEqual(["-32042"]);
    expect(pathsOf(result, "CAPABILITY_REMOVED")).toContain("ServerCapabilities.tasks");
    expect(pathsOf(result, "CAPABILITY_REMOVED")).toContain("ClientCapabilities.tasks");
    expect(pathsOf(result, "METHOD_DIRECTION_REMOVED")).toEqual(["notifications/progress"]);
    expect(pathsOf(result, "METHOD_MAY_REQUIRE_INPUT")).toEqual(["prompts/get", "resources/read", "tools/call"]);
    expect(pathsOf(result, "DEFINITION_ADDED")).toContain("DiscoverRequest");
    expect(pathsOf(result, "DEFINITION_REMOVED")).toContain("InitializeRequest");
    expect(pathsOf(result, "PROPERTY_REMOVED")).toContain("CallToolRequestParams#/properties/task");
  });

  it("output is deterministic: the same diff twice gives identical changes", async () => {
    const a = await diffArguments("2025-06-18", "2025-11-25");
    const b = await diffArguments("2025-06-18", "2025-11-25");
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});

describe("self-diff", () => {
  it.each(revisions)("%s against itself reports no changes", async (revision) => {
    expect((await diffArguments(revision, revision)).changes).toEqual([]);
  });

  it.each(revisions)("the synced schema.json of %s is recognised as that revision by its hash", async (revision) => {
    expect((await diffArguments(syncedSchemaPath(revision), revision)).changes).toEqual([]);
  });

  it.each(["examples/notes/mcp.yaml", "examples/shop/mcp.yaml", "examples/config/mcp.yaml"])("%s against itself reports no changes", async (manifest) => {
    expect((await diffArguments(manifest, manifest)).changes).toEqual([]);
  });
});

describe("schema.json that is not a pinned revision (methods derived from the direction unions)", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcpgen-diff-"));
  it.each(revisions)("a re-serialised copy of %s diffs clean against the curated revision", async (revision) => {
    // Other bytes, same content: the hash no longer matches, so the derived tables are used.
    const copy = join(dir, `${revision}.json`);
    writeFileSync(copy, JSON.stringify(JSON.parse(readFileSync(syncedSchemaPath(revision), "utf8"))));
    expect((await diffArguments(copy, revision)).changes).toEqual([]);
    expect((await diffArguments(revision, copy)).changes).toEqual([]);
  });
});

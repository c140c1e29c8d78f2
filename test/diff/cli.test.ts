import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Command } from "commander";
import { registerDiffCommand } from "../../generator/commands/diff.js";
import { PACKAGE_ROOT } from "../../generator/paths.js";

const TESTDATA = join(import.meta.dirname, "testdata");

function mcpGen(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(PACKAGE_ROOT, "bin", "mcp-gen.js"), "diff", ...args], { cwd: PACKAGE_ROOT, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Newest modification time of the generator sources (what dist/ is compiled from). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

beforeAll(() => {
  // The CLI runs from dist/: build when it is missing or older than any generator source
  // (`npm run build`). Other in-progress modules may fail to type-check; tsc -b still
  // emits, so only a fresh compiled command matters here.
  const compiled = join(PACKAGE_ROOT, "dist", "generator", "commands", "diff.js");
  if (!existsSync(compiled) || statSync(compiled).mtimeMs < newestSource(join(PACKAGE_ROOT, "generator"))) {
    spawnSync(process.execPath, [join(PACKAGE_ROOT, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"], { cwd: PACKAGE_ROOT, encoding: "utf8" });
  }
  expect(existsSync(compiled)).toBe(true);
}, 180_000);

describe("mcp-gen diff (CLI)", () => {
  it("2025-11-25 → 2026-07-28 --format json has the public shape and the removed/added methods", () => {
    const run = mcpGen("2025-11-25", "2026-07-28", "--format", "json");
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as { old: string; new: string; changes: Record<string, string>[] };
    expect(Object.keys(out)).toEqual(["old", "new", "changes"]);
    expect(out.old).toBe("2025-11-25");
    expect(out.new).toBe("2026-07-28");
    for (const c of out.changes) expect(Object.keys(c)).toEqual(["rule", "level", "kind", "path", "message"]);
    const removed = out.changes.filter((c) => c.rule === "METHOD_REMOVED" || c.rule === "NOTIFICATION_REMOVED").map((c) => c.path);
    for (const m of ["initialize", "notifications/initialized", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe", "notifications/roots/list_changed", "notifications/elicitation/complete", "tasks/get"]) {
      expect(removed).toContain(m);
    }
    const added = out.changes.filter((c) => c.rule === "METHOD_ADDED" || c.rule === "NOTIFICATION_ADDED").map((c) => c.path).sort();
    expect(added).toEqual(["notifications/subscriptions/acknowledged", "server/discover", "subscriptions/listen"]);
  });

  it("--fail-on: exit 1 exactly when a change at that level or worse exists", () => {
    const pair = (rule: string) => [join(TESTDATA, rule, "old.yaml"), join(TESTDATA, rule, "new.yaml")] as const;
    expect(mcpGen(...pair("input_required_property_added"), "--fail-on", "breaking").status).toBe(1);
    expect(mcpGen(...pair("input_optional_property_added"), "--fail-on", "warning").status).toBe(0);
    expect(mcpGen(...pair("input_schema_undecidable"), "--fail-on", "breaking").status).toBe(0);
    expect(mcpGen(...pair("input_schema_undecidable"), "--fail-on", "warning").status).toBe(1);
  });

  it("a revision against itself: no changes, exit 0 even with --fail-on warning", () => {
    const run = mcpGen("2026-07-28", "2026-07-28", "--format", "json", "--fail-on", "warning");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).changes).toEqual([]);
  });

  it("text output groups by level with counts; markdown has one table per level", () => {
    const dir = join(TESTDATA, "tool_removed");
    const text = mcpGen(join(dir, "old.yaml"), join(dir, "new.yaml")).stdout;
    expect(text).toContain("1 breaking, 0 warning, 0 info");
    expect(text).toMatch(/^breaking \(1\)\n\s+TOOL_REMOVED\s+tools\.shout$/m);
    const md = mcpGen("2025-06-18", "2025-11-25", "--format", "markdown").stdout;
    expect(md).toMatch(/^#### Breaking changes \(\d+\)$/m);
    expect(md).toContain("| `METHOD_ADDED` | method | `tasks/get` |");
  });

  it("--rules lists every rule in text and json", () => {
    const json = JSON.parse(mcpGen("--rules", "--format", "json").stdout) as { rules: { id: string; level: string; categories: string[]; purpose: string }[] };
    expect(json.rules.length).toBeGreaterThan(70);
    expect(json.rules.find((r) => r.id === "METHOD_REMOVED")).toMatchObject({ level: "breaking", categories: ["METHOD", "SPEC"] });
    const text = mcpGen("--rules").stdout;
    for (const r of json.rules) expect(text).toContain(r.id);
  });

  it("user errors: unknown revision, mixed sides, broken manifest; exit 1 without a stack trace", () => {
    const unknown = mcpGen("2024-10-07", "2025-11-25");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("MCPGEN2001");
    const mixed = mcpGen("2025-11-25", join(TESTDATA, "tool_added", "old.yaml"));
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toContain("MCPGEN2004");
    const dir = mkdtempSync(join(tmpdir(), "mcpgen-diff-cli-"));
    const broken = join(dir, "mcp.yaml");
    writeFileSync(broken, "mcpgen: 1\nserver: { name: x }\nprotocol: [2026-07-28]\n");
    const bad = mcpGen(broken, broken);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("MCPGEN2003");
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it("argument and option errors are user errors (in-process, the registered command)", async () => {
    const run = (...args: string[]) => {
      const program = new Command("mcp-gen").exitOverride();
      registerDiffCommand(program);
      return program.parseAsync(["node", "mcp-gen", "diff", ...args]);
    };
    await expect(run("2025-11-25")).rejects.toMatchObject({ code: "MCPGEN2005" });
    await expect(run("2025-11-25", "2026-07-28", "--format", "xml")).rejects.toMatchObject({ code: "MCPGEN2006" });
    await expect(run("2025-11-25", "2026-07-28", "--fail-on", "info")).rejects.toMatchObject({ code: "MCPGEN2006" });
  });
});

// `mcp-gen validate` and `mcp-gen init` through the real CLI process (after `npm run build`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { connectClient } from "../packages/runtime/src/client-entry.js";
import { createStdioTransport } from "../packages/runtime/src/node-entry.js";

const REPO = join(import.meta.dirname, "..");
const TMP = join(REPO, "test", ".tmp", "manifest-cli");

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(REPO, "bin", "mcp-gen.js"), ...args], { cwd: REPO, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  spawnSync(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"], { cwd: REPO });
  expect(existsSync(join(REPO, "dist", "generator", "commands", "init.js"))).toBe(true);
}, 300_000);

// Each test starts node processes; on the shared 2-core machine one start can take seconds.
describe("mcp-gen validate", { timeout: 180_000 }, () => {
  it("exits 0 and summarizes a valid manifest", () => {
    const run = cli("validate", "test/manifests/valid/everything.yaml");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("test/manifests/valid/everything.yaml: ok (2 tool(s), 1 prompt(s), 1 resource(s), 1 template(s); serves 2026-07-28, 2025-11-25)\n");
    expect(run.stderr).toBe("");
  });

  it("prints compiler-style diagnostics with the source line, caret and hint, exit 1", () => {
    const run = cli("validate", "test/manifests/invalid/1101-unknown-tool-key.yaml");
    expect(run.status).toBe(1);
    const lines = run.stderr.split("\n");
    expect(lines[0]).toBe("test/manifests/invalid/1101-unknown-tool-key.yaml:8:5 error MCPGEN1101 tools.a.descripton: unknown key `descripton` in `a`");
    expect(lines[1]).toBe("   8 |     descripton: Does a thing.");
    expect(lines[2]).toBe("     |     ^");
    expect(lines[3]).toBe("  hint: did you mean `description`?");
    expect(run.stderr).toContain("1 error(s), 0 warning(s)");
  });

  it("prints the same diagnostics as JSON with --format json", () => {
    const run = cli("validate", "test/manifests/invalid/multi-all-reported.yaml", "--format", "json");
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout) as { diagnostics: Record<string, unknown>[] };
    expect(out.diagnostics.map((d) => `${String(d["code"])} ${String(d["line"])}:${String(d["column"])}`)).toEqual(["MCPGEN1101 10:3", "MCPGEN1401 11:24", "MCPGEN1203 13:3", "MCPGEN1501 14:24"]);
    expect(Object.keys(out.diagnostics[0] ?? {})).toEqual(["code", "severity", "file", "line", "column", "path", "message", "hint"]);
  });

  it("keeps exit 0 for warnings only", () => {
    const run = cli("validate", "test/manifests/valid/warnings.yaml");
    expect(run.status).toBe(0);
    expect(run.stderr).toContain("warning MCPGEN1403");
    expect(run.stderr).toContain("0 error(s), 4 warning(s)");
  });

  it("reports a missing file as MCPGEN1003 without a stack trace", () => {
    const run = cli("validate", "test/.tmp/manifest-cli/nope.yaml");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("test/.tmp/manifest-cli/nope.yaml:1:1 error MCPGEN1003 cannot read the manifest (ENOENT)");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("rejects an unknown --format as a usage error", () => {
    const run = cli("validate", "examples/notes/mcp.yaml", "--format", "xml");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("xml");
  });
});

describe("mcp-gen init", { timeout: 180_000 }, () => {
  it("scaffolds a project whose manifest validates", () => {
    const dir = join(TMP, "Hello World");
    const run = cli("init", dir);
    expect(run.status).toBe(0);
    for (const f of ["mcp.yaml", "src/handlers.ts", "src/server.ts", "src/handlers.test.ts", "tsconfig.json", ".gitignore", "package.json"]) expect(existsSync(join(dir, f))).toBe(true);
    const manifestText = readFileSync(join(dir, "mcp.yaml"), "utf8");
    // Run from this checkout, the editor schema is the checkout's own file (an installed mcp-gen ships it in node_modules).
    expect(manifestText.split("\n")[0]).toBe(`# yaml-language-server: $schema=${join(REPO, "schema", "manifest.schema.json")}`);
    const manifest = parse(manifestText) as { server: { name: string }; tools: Record<string, unknown> };
    expect(manifest.server.name).toBe("hello-world");
    expect(Object.keys(manifest.tools)).toEqual(["greet"]);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string; scripts: Record<string, string> };
    expect(pkg.name).toBe("hello-world");
    expect(pkg.scripts["generate"]).toBe("mcp-gen generate mcp.yaml --out generated");
    expect(pkg.scripts["pretest"]).toBe("npm run generate");
    expect(pkg.scripts["start"]).toBe("node dist/server.js");
    const validate = cli("validate", join(dir, "mcp.yaml"));
    expect(validate.status).toBe(0);
    expect(validate.stderr).toBe("");
  });

  it("the --js scaffold generates, starts and answers greet (init → generate → start)", async () => {
    const dir = join(TMP, "handler-check");
    rmSync(dir, { recursive: true, force: true });
    expect(cli("init", dir, "--js").status).toBe(0);
    const generate = cli("generate", join(dir, "mcp.yaml"), "--out", join(dir, "generated"));
    expect(generate.stderr).toBe("");
    expect(generate.status).toBe(0);
    const client = await connectClient({
      transport: createStdioTransport({ command: process.execPath, args: [join(dir, "start.js"), "--stdio"], stderr: "ignore" }),
      clientInfo: { name: "init-test", version: "1.0.0" },
    });
    try {
      const result = await client.callTool("greet", { name: "Ada" });
      expect(result.structuredContent).toEqual({ greeting: "Hello, Ada!" });
    } finally {
      await client.close();
    }
  });

  it("refuses to overwrite existing files unless --force", () => {
    const dir = join(TMP, "existing");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "mcp.yaml"), "mine\n");
    const run = cli("init", dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error MCPGEN0801: refusing to overwrite");
    expect(run.stderr).toContain("--force");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(dir, "mcp.yaml"), "utf8")).toBe("mine\n");
    expect(cli("init", dir, "--force", "--name", "forced").status).toBe(0);
    expect(readFileSync(join(dir, "mcp.yaml"), "utf8")).toContain("name: forced");
  });

  it("rejects an invalid --name", () => {
    const run = cli("init", join(TMP, "bad-name"), "--name", "Bad Name");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("MCPGEN0802");
  });
});

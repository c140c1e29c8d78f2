// Issue 19 #0, outside the repository: `npm pack` of every package, the tarballs installed into
// a fresh folder under the system temp directory, `mcp-gen init`, the scaffold's own
// `npm install` (its mcp-gen and runtime resolve to those tarballs, never the registry, which
// does not have them), generate, and a served tools/list — with no file of the checkout
// reachable: nothing installed links or resolves into it, and the CLI runs from the install.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient, createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { npm, npmStart, packedSet, removeProject, REPO, symlinksUnder, type PackedSet } from "./packs.js";

let set: PackedSet;
let app: string;

beforeAll(async () => {
  set = await packedSet();
  app = join(set.tool, "..", "outside-app");
}, 600_000);

afterAll(() => {
  if (app !== undefined) removeProject(app);
});

function packageJsonOf(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
}

describe("installed from tarballs, outside the checkout", { timeout: 300_000 }, () => {
  it("lives under the system temp directory, nowhere inside the checkout", () => {
    for (const dir of [set.packs, set.tool]) {
      expect(dir.startsWith(tmpdir())).toBe(true);
      expect(relative(REPO, dir).startsWith("..")).toBe(true);
    }
  });

  it("every non-private package under packages/ was packed, with files, exports or bin, engines", () => {
    const dirs = readdirSync(join(REPO, "packages")).filter((d) => existsSync(join(REPO, "packages", d, "package.json")));
    const publishable = dirs.map((d) => packageJsonOf(join(REPO, "packages", d))).filter((p) => p["private"] !== true);
    expect(publishable.length).toBeGreaterThanOrEqual(2);
    for (const pkg of publishable) {
      const name = String(pkg["name"]);
      expect(set.tarballs, name).toContain(join(set.packs, `${name.replace(/^@/, "").replace("/", "-")}-${String(pkg["version"])}.tgz`));
      expect(pkg["files"], name).toBeDefined();
      expect(pkg["exports"] ?? pkg["bin"], name).toBeDefined();
      expect(pkg["engines"], name).toEqual({ node: ">=20.19" });
    }
  });

  it("the CLI tarball ships the compiled CLI, templates and the hash-verified spec schemas, and no install script", () => {
    const installed = join(set.tool, "node_modules", "mcp-gen");
    const pkg = packageJsonOf(installed) as { scripts?: Record<string, string>; engines?: Record<string, string> };
    for (const hook of ["preinstall", "install", "postinstall", "prepare"]) expect(pkg.scripts?.[hook], hook).toBeUndefined();
    expect(pkg.engines?.["node"]).toBe(">=20.19");
    for (const file of ["dist/generator/cli.js", "templates/init/src/handlers.ts", "templates/init-js/handlers.js", "schema/manifest.schema.json", "docs/manifest.md"]) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    const list = npm(set.tool, ["mcp-gen", "spec", "list", "--json"], { command: "npx" });
    const { revisions } = JSON.parse(list.stdout) as { revisions: { revision: string; synced: boolean }[] };
    expect(revisions.length).toBeGreaterThanOrEqual(5);
    expect(revisions.filter((r) => !r.synced)).toEqual([]);
  });

  it("the runtime tarball carries every subpath generated code imports", () => {
    const runtime = join(set.tool, "node_modules", "@mcp-gen", "runtime");
    const pkg = packageJsonOf(runtime) as { exports: Record<string, { default: string }>; scripts?: Record<string, string> };
    // The subpaths generated code imports, and every other one the package declares.
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining([".", "./server", "./client", "./node", "./validation"]));
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      expect(existsSync(join(runtime, target.default)), subpath).toBe(true);
    }
    expect(pkg.scripts?.["postinstall"]).toBeUndefined();
  });

  it("installed spec sync still refuses a schema whose hash differs from the lock", () => {
    const bad = join(set.tool, "..", "bad-spec", "2025-11-25");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "schema.json"), '{"not":"the pinned schema"}\n');
    let failure: Error | undefined;
    try {
      npm(set.tool, ["mcp-gen", "spec", "sync", "--revision", "2025-11-25", "--force"], { command: "npx", env: { MCP_GEN_SPEC_DIR: join(bad, "..") } });
    } catch (error) {
      failure = error as Error;
    }
    expect(failure?.message).toContain("MCPGEN0102");
    // The shipped copy is untouched: still synced.
    const { revisions } = JSON.parse(npm(set.tool, ["mcp-gen", "spec", "list", "--json"], { command: "npx" }).stdout) as { revisions: { revision: string; synced: boolean }[] };
    expect(revisions.find((r) => r.revision === "2025-11-25")?.synced).toBe(true);
  });

  it("init → the scaffold's npm install (from the tarballs) → generate → a served tools/list", async () => {
    const init = npm(set.tool, ["mcp-gen", "init", app, "--force"], { command: "npx" });
    expect(init.stdout).toContain("(local)");
    const pkg = packageJsonOf(app) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(pkg.dependencies["@mcp-gen/runtime"]).toBe(`file:${set.runtimeTarball}`);
    expect(pkg.devDependencies["mcp-gen"]).toBe(`file:${set.cliTarball}`);

    npm(app, ["install"]);
    // No file of the checkout is reachable from the scaffold: no link into it, no lock entry from it.
    expect(symlinksUnder(join(app, "node_modules")).filter((l) => l.includes(REPO))).toEqual([]);
    const lock = readFileSync(join(app, "package-lock.json"), "utf8");
    expect(lock).not.toContain(REPO);
    expect(readFileSync(join(app, "mcp.yaml"), "utf8").split("\n")[0]).toBe("# yaml-language-server: $schema=node_modules/mcp-gen/schema/manifest.schema.json");
    expect(existsSync(join(app, "node_modules", "mcp-gen", "schema", "manifest.schema.json"))).toBe(true);

    const generate = npm(app, ["run", "generate"]);
    expect(generate.stdout).toMatch(/generated: 20 file\(s\) written/);
    const provenance = readFileSync(join(app, "generated", "src", "index.ts"), "utf8");
    expect(provenance).not.toContain(REPO);
    npm(app, ["run", "build"]);

    const server = await npmStart(app);
    try {
      const client = await connectClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "install-test", version: "1.0.0" } });
      try {
        const tools = await client.listAllTools();
        expect(tools.map((t) => (t as { name: string }).name)).toEqual(["greet"]);
      } finally {
        await client.close();
      }
    } finally {
      server.stop();
    }
  });
});

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generatePackage } from "../generator/generate/generate-package.js";
import { TMP_DIR } from "./support/tmp.js";

const ROOT = resolve(import.meta.dirname, "..");
const SCENARIOS = ["generate-minimal", "generate-handles", "generate-inputs"];

function cli(...args: string[]) {
  return spawnSync(process.execPath, ["bin/mcp-gen.js", ...args], { cwd: ROOT, encoding: "utf8" });
}

/** Made once, on first use: tests share what they need without depending on which test ran first. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

describe.each(SCENARIOS)("golden: %s", (scenario) => {
  const dir = join(ROOT, "test", "scenarios", scenario);
  const outDir = join(TMP_DIR, "generate", scenario);

  it("matches the expected sources, byte for byte", async () => {
    const generated = await generatePackage(join(dir, "mcp.yaml"), { outDir });
    for (const path of ["src/schemas.ts", "src/handlers.ts", "src/server.ts", "src/client.ts", "src/index.ts", "src/testing.ts", "package.json"]) {
      expect(generated.files.has(path), path).toBe(true);
      await expect(generated.files.get(path)).toMatchFileSnapshot(join(dir, "expected", path));
    }
    // Compiled output exists for every source, declarations included.
    for (const name of ["schemas", "handlers", "server", "client", "index", "testing"]) {
      expect(generated.files.has(`dist/${name}.js`)).toBe(true);
      expect(generated.files.has(`dist/${name}.d.ts`)).toBe(true);
    }
  });

  it("generating twice gives identical bytes", async () => {
    const first = await generatePackage(join(dir, "mcp.yaml"), { outDir });
    const second = await generatePackage(join(dir, "mcp.yaml"), { outDir });
    expect([...second.files]).toEqual([...first.files]);
  });
});

describe("mcp-gen generate (CLI)", () => {
  const cliDir = join(TMP_DIR, "generate-cli");
  const manifest = "test/scenarios/generate-inputs/mcp.yaml";
  // Written once; tests that change files work on their own copy (at the same depth, so the
  // manifest path recorded in the provenance headers is the same).
  const base = join(cliDir, "base");
  const writeBase = once(() => {
    rmSync(base, { recursive: true, force: true });
    return cli("generate", manifest, "--out", base);
  });
  function copyOfBase(name: string): string {
    expect(writeBase().status).toBe(0);
    const copy = join(cliDir, name);
    rmSync(copy, { recursive: true, force: true });
    cpSync(base, copy, { recursive: true });
    return copy;
  }

  it("writes the package, then --check says it is current (exit 0)", () => {
    const write = writeBase();
    expect(write.stderr).toBe("");
    expect(write.status).toBe(0);
    expect(existsSync(join(base, "dist/index.js"))).toBe(true);
    const check = cli("generate", manifest, "--out", base, "--check");
    expect(check.status).toBe(0);
    expect(check.stdout).toContain("up to date");
  });

  it("--check exits 1 with a diff and the fix command when a file is stale", () => {
    const outDir = copyOfBase("stale");
    const server = join(outDir, "src/server.ts");
    writeFileSync(server, readFileSync(server, "utf8").replace("createMcpServer(definition, options)", "createMcpServer(definition, {})"));
    const check = cli("generate", manifest, "--out", outDir, "--check");
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("changed src/server.ts");
    expect(check.stdout).toContain("-  return withLiveItems(createMcpServer(definition, {}), {");
    expect(check.stdout).toContain("+  return withLiveItems(createMcpServer(definition, options), {");
    expect(check.stdout).toContain(`Run: mcp-gen generate ${manifest} --out ${outDir}`);
    // --check wrote nothing.
    expect(readFileSync(server, "utf8")).toContain("createMcpServer(definition, {})");
  });

  it("regenerating repairs the stale file and removes files it no longer emits", () => {
    const outDir = copyOfBase("repair");
    const server = join(outDir, "src/server.ts");
    writeFileSync(server, readFileSync(server, "utf8").replace("createMcpServer(definition, options)", "createMcpServer(definition, {})"));
    writeFileSync(join(outDir, "src/leftover.ts"), "export {};\n");
    const write = cli("generate", manifest, "--out", outDir);
    expect(write.status).toBe(0);
    expect(write.stdout).toContain("1 file(s) written, 1 removed");
    expect(cli("generate", manifest, "--out", outDir, "--check").status).toBe(0);
  });

  it("refuses an output folder it does not own, without touching it", () => {
    const foreign = join(TMP_DIR, "generate-foreign");
    rmSync(foreign, { recursive: true, force: true });
    mkdirSync(foreign, { recursive: true });
    writeFileSync(join(foreign, "notes.txt"), "mine");
    const run = cli("generate", manifest, "--out", foreign);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("MCPGEN0503");
    expect(readFileSync(join(foreign, "notes.txt"), "utf8")).toBe("mine");
  });

  it("an invalid manifest fails with its diagnostics (code, line:col), exit 1, no stack trace", () => {
    const bad = join(TMP_DIR, "generate-bad.yaml");
    writeFileSync(bad, "mcpgen: 1\nserver: { name: bad, version: 1.0.0 }\nprotocol: [2026-07-28]\ntools:\n  bad tool name!:\n    input: { type: object }\n");
    const run = cli("generate", bad, "--out", join(TMP_DIR, "generate-bad-out"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/MCPGEN\d{4}/);
    expect(run.stderr).toMatch(/generate-bad\.yaml:5:3/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("typed handlers", () => {
  const outDir = join(TMP_DIR, "generate-typed");

  function typecheck(source: string): string {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, "usage.ts"), source);
    writeFileSync(
      join(outDir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] }, files: ["usage.ts"] }),
    );
    const run = spawnSync(process.execPath, [join(ROOT, "node_modules/tsc7/bin/tsc"), "-p", join(outDir, "tsconfig.json")], { encoding: "utf8" });
    return run.stdout + run.stderr;
  }

  /** The minimal scenario's package, written once to `pkg/` for the tests below. */
  const writePkg = once(async () => {
    const generated = await generatePackage(join(ROOT, "test/scenarios/generate-minimal/mcp.yaml"), { outDir: join(outDir, "pkg") });
    rmSync(join(outDir, "pkg"), { recursive: true, force: true });
    for (const [path, content] of generated.files) {
      mkdirSync(join(outDir, "pkg", path, ".."), { recursive: true });
      writeFileSync(join(outDir, "pkg", path), content);
    }
  });

  it("a correct implementation compiles; a wrong one is a compile error naming the mistake", async () => {
    await writePkg();
    const good = `import { createServer, type Handlers } from "./pkg/dist/index.js";
const handlers: Handlers = { tools: { pingPong: (args) => "pong".repeat(args.times ?? 1) } };
createServer(handlers);
`;
    expect(typecheck(good)).toBe("");
    const wrongArgument = good.replace("args.times ?? 1", "args.times?.toUpperCase() ?? 1");
    expect(typecheck(wrongArgument)).toMatch(/usage\.ts\(2,\d+\): error TS2339: Property 'toUpperCase' does not exist on type 'number'/);
    const missingHandler = `import { createServer, type Handlers } from "./pkg/dist/index.js";
const handlers: Handlers = { tools: {} };
createServer(handlers);
`;
    expect(typecheck(missingHandler)).toMatch(/Property 'pingPong' is missing/);
    const wrongReturn = good.replace(`"pong".repeat(args.times ?? 1)`, "42");
    expect(typecheck(wrongReturn)).toMatch(/error TS2322/);
  });

  it("typed client: calling a tool with wrong argument types fails tsc; right ones compile", async () => {
    await writePkg();
    const usage = (call: string) => `import type { Client } from "./pkg/dist/index.js";
declare const client: Client;
export const result = ${call};
`;
    expect(typecheck(usage("client.tools.pingPong({ times: 3 })"))).toBe("");
    expect(typecheck(usage(`client.tools.pingPong({ times: "3" })`))).toMatch(/usage\.ts\(3,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/);
    expect(typecheck(usage("client.tools.pingPong()"))).toMatch(/error TS2554: Expected 1-2 arguments, but got 0/);
    expect(typecheck(usage("client.tools.pongPing({})"))).toMatch(/error TS2339: Property 'pongPing' does not exist/);
  });

  it("the generated package imports and its server answers through the runtime", async () => {
    await writePkg();
    const mod = (await import(pathToFileURL(join(outDir, "pkg/dist/index.js")).href)) as { createServer: (h: unknown) => { definition: { tools: { name: string }[] } } };
    const server = mod.createServer({ tools: { pingPong: () => "pong" } });
    expect(server.definition.tools.map((t) => t.name)).toEqual(["ping-pong"]);
  });
});

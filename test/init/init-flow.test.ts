// Issue 19 #1: init → `npm install` (from the local packages: the run's tarballs) → `npm test`
// → `npm run build` → `npm start` answers a tools/call, for the TypeScript scaffold (default)
// and the --js one, both written by the mcp-gen installed from the tarballs outside the checkout.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { connectClient, createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { createStdioTransport } from "../../packages/runtime/src/node-entry.js";
import { cleanEnv, npm, npmStart, packedSet, removeProject, type PackedSet } from "../install/packs.js";

let set: PackedSet;

beforeAll(async () => {
  set = await packedSet();
}, 600_000);

describe.each([
  { language: "TypeScript", flags: [] as string[], files: ["src/handlers.ts", "src/server.ts", "src/handlers.test.ts", "tsconfig.json"], built: "dist/server.js", tests: 4 },
  { language: "JavaScript (--js)", flags: ["--js"], files: ["handlers.js", "start.js", "handlers.test.js"], built: "generated/dist/index.js", tests: 2 },
])("the $language scaffold", ({ flags, files, built, tests }) => {
  it("init → npm install → npm test → npm run build → npm start answers tools/call", { timeout: 400_000 }, async () => {
    const app = join(set.tool, "..", `init-${flags.length === 0 ? "ts" : "js"}`);
    onTestFinished(() => removeProject(app));
    npm(set.tool, ["mcp-gen", "init", app, "--force", ...flags], { command: "npx" });
    for (const file of [...files, "mcp.yaml", "package.json", ".gitignore"]) expect(existsSync(join(app, file)), file).toBe(true);

    npm(app, ["install"]);
    // The scaffold's own test passes right after install: it generates first, then runs the
    // handler test through createTestClient on both eras.
    const test = npm(app, ["test"]);
    // vitest colours its summary
    expect(test.stdout.replace(/\x1b\[[0-9;]*m/g, "")).toMatch(new RegExp(`Tests\\s+${tests} passed \\(${tests}\\)`));
    npm(app, ["run", "build"]);
    expect(existsSync(join(app, built))).toBe(true);

    const server = await npmStart(app);
    try {
      const client = await connectClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "init-flow", version: "1.0.0" } });
      try {
        const result = await client.callTool("greet", { name: "Ada" });
        expect(result.structuredContent).toEqual({ greeting: "Hello, Ada!" });
      } finally {
        await client.close();
      }
    } finally {
      server.stop();
    }
    const pkg = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(Object.keys(pkg.scripts)).toEqual(expect.arrayContaining(["validate", "generate", "test", "build", "start"]));
    if (flags.length === 0) {
      expect(pkg.scripts["dev"]).toBe("mcp-gen dev mcp.yaml");
      // What `mcp-gen dev` starts for this scaffold (generator/dev/entry.ts: src/server.ts through
      // tsx), without the watcher.
      const env = Object.fromEntries(Object.entries(cleanEnv()).filter((e): e is [string, string] => e[1] !== undefined));
      const dev = await connectClient({
        transport: createStdioTransport({ command: join(app, "node_modules", ".bin", "tsx"), args: ["src/server.ts", "--stdio"], cwd: app, env, stderr: "ignore" }),
        clientInfo: { name: "init-flow-dev", version: "1.0.0" },
      });
      try {
        expect((await dev.callTool("greet", { name: "tsx" })).structuredContent).toEqual({ greeting: "Hello, tsx!" });
      } finally {
        await dev.close();
      }
    }
  });
});

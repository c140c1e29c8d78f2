// The client's HTTP+SSE fallback against the official "everything" server
// (@modelcontextprotocol/server-everything 2026.8.31) in its `sse` mode, which speaks only the
// 2024-11-05 transport: POSTs to /sse are answered 404, so the runtime client, a typed client
// generated from what `mcp-gen pull` wrote, and `mcp-gen pull` itself must GET the stream, take
// the `endpoint` event and carry on there (2025-11-25 basic/transports § Backwards Compatibility).
import { spawn, type ChildProcess } from "node:child_process";
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { connectClient, createHttpTransport, McpClientError } from "@mcp-gen/runtime/client";
import { runCli, scratchDir } from "../pull/support.js";
import { REPO_ROOT } from "./support.js";

const EVERYTHING = join(REPO_ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
const execNode = promisify(execFile);
const CLIENT_INFO = { name: "mcp-gen-sse-test", version: "1.0.0" };

let child: ChildProcess | undefined;
let url = "";
let dir = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dir = scratchDir("sse-everything");
  const port = await freePort();
  const started = spawn(process.execPath, [EVERYTHING, "sse"], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] });
  child = started;
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`everything server did not start: ${seen}`)), 20_000);
    started.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (/Server is running on port/.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    });
    started.once("exit", (code) => reject(new Error(`everything server exited ${code}: ${seen}`)));
  });
  url = `http://127.0.0.1:${port}/sse`;
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("client fallback to HTTP+SSE against the official everything server", () => {
  it("the runtime client probes, falls back, lists and calls tools, and answers an elicitation", async () => {
    const asked: unknown[] = [];
    const client = await connectClient({
      transport: createHttpTransport({ url }),
      clientInfo: CLIENT_INFO,
      handlers: {
        elicitation: (params) => {
          asked.push(params);
          return { action: "accept", content: { name: "Ada", check: true, email: "ada@example.com", integer: 7 } };
        },
      },
    });
    try {
      expect(client.era).toBe("legacy");
      const tools = (await client.listAllTools()).map((t) => t["name"]);
      expect(tools).toEqual(expect.arrayContaining(["echo", "get-sum", "trigger-elicitation-request"]));
      const echoed = await client.callTool("echo", { message: "over the old transport" });
      expect(echoed.content).toEqual([{ type: "text", text: "Echo: over the old transport" }]);
      const sum = await client.callTool("get-sum", { a: 2, b: 40 });
      expect(JSON.stringify(sum.content)).toContain("42");
      const elicited = await client.callTool("trigger-elicitation-request", {});
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ message: expect.stringContaining("Please provide inputs") });
      expect(JSON.stringify(elicited.content)).toContain("Ada");
    } finally {
      await client.close();
    }
  }, 30_000);

  it("with the fallback off, the refusal surfaces as the initialize POST's HTTP status", async () => {
    const error = await connectClient({ transport: createHttpTransport({ url, sseFallback: false }), clientInfo: CLIENT_INFO, protocol: "2025-11-25" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpClientError);
    expect(error).toMatchObject({ reason: "http-status", status: 404 });
  });

  it("`mcp-gen pull` reaches it, and the typed client generated from the pull calls its tools", async () => {
    const manifest = join(dir, "everything.yaml");
    const run = await runCli(["pull", url, "--out", manifest, "--timeout", "30000"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const pulled = parse(readFileSync(manifest, "utf8")) as { pulled: { from: string; era: string }; tools: Record<string, unknown> };
    expect(pulled.pulled).toMatchObject({ from: url, era: "legacy" });
    expect(Object.keys(pulled.tools)).toEqual(expect.arrayContaining(["echo", "get-sum", "get-tiny-image"]));
    // The typed client runs as a Node program, as a user's would (inside vitest the runtime would
    // be loaded twice, once by vitest and once by Node for the generated package).
    const generated = await runCli(["generate", manifest, "--out", join(dir, "everything-client")]);
    expect(generated.stderr).toBe("");
    expect(generated.code).toBe(0);
    const script = join(dir, "use-typed.mjs");
    writeFileSync(
      script,
      [
        `import { createHttpTransport } from "@mcp-gen/runtime/client";`,
        `import { connect } from "./everything-client/dist/index.js";`,
        `const client = await connect({ transport: createHttpTransport({ url: process.argv[2] }), clientInfo: { name: "typed", version: "1.0.0" } });`,
        `const echo = await client.tools.echo({ message: "typed" });`,
        `const sum = await client.tools.getSum({ a: 1, b: 2 });`,
        `console.log(JSON.stringify({ era: client.raw.era, echo: echo.content, sum: sum.content }));`,
        `await client.raw.close();`,
      ].join("\n"),
    );
    const { stdout } = await execNode(process.execPath, [script, url]);
    const out = JSON.parse(stdout) as { era: string; echo: unknown; sum: unknown };
    expect(out.era).toBe("legacy");
    expect(out.echo).toEqual([{ type: "text", text: "Echo: typed" }]);
    expect(JSON.stringify(out.sum)).toContain("3");
  }, 120_000);
});

// `--sse` on a generated server's start-up (serveFromArgv): the notes example as a real process
// serves the 2024-11-05 transport beside /mcp, announces it on stderr, and the v1 SDK's
// SSEClientTransport lists its tools; without the flag /sse is not served (404).
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { afterAll, describe, expect, it } from "vitest";
import { raw, REPO_ROOT } from "./support.js";

const START = join(REPO_ROOT, "examples", "notes", "start.js");
const children: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(
    children.map((child) => {
      if (child.exitCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      return exited;
    }),
  );
});

/** Starts the notes example and resolves with its stderr once `pattern` appears. */
function start(args: string[], pattern: RegExp): Promise<RegExpMatchArray> {
  const child = spawn(process.execPath, [START, "--port", "0", ...args], { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no ${pattern} on stderr: ${seen}`)), 20_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${seen}`)));
  });
}

describe("serveFromArgv --sse", () => {
  it("serves HTTP+SSE beside /mcp and says where", async () => {
    const [, sseUrl] = await start(["--sse"], /HTTP\+SSE \(2024-11-05\) at (\S+)\n/);
    expect(sseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sse$/);
    const client = new Client({ name: "argv-sse", version: "1.0.0" });
    await client.connect(new SSEClientTransport(new URL(sseUrl as string)));
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toContain("add_note");
    } finally {
      await client.close();
    }
  });

  it("leaves /sse unserved without the flag", async () => {
    const [, mcpUrl] = await start([], /listening (\S+)\n/);
    const response = await raw(new URL("/sse", mcpUrl).href, { headers: { accept: "text/event-stream" } });
    expect(response.status).toBe(404);
  });
});

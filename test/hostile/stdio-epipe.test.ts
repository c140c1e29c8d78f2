// Issue 21 #10: a stdio server whose client closes its read end (EPIPE on the next write) exited
// 1 with a stack trace. It must stop writing and exit cleanly. Real process, real pipe.
import { execFileSync, spawn } from "node:child_process";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { envelope } from "../runtime/helpers/definition.js";

const root = resolve(import.meta.dirname, "../..");
const fixture = resolve(root, "test/runtime/fixtures/stdio-server.mjs");

beforeAll(() => {
  execFileSync(process.execPath, [resolve(root, "node_modules/typescript/bin/tsc"), "-b", "packages/runtime/tsconfig.json"], { cwd: root });
});

/** A server process on real pipes, with its stderr collected and its exit awaited. */
function spawnServer(args: string[]) {
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (stderr += chunk));
  // Our own writes may outlive the child; EPIPE on this side is expected and not the subject.
  child.stdin.on("error", () => {});
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const firstLine = new Promise<void>((done) => child.stdout.once("data", () => done()));
  /** The process must end by itself (it is killed after 10 s), with code 0 and no error on stderr. */
  const expectCleanExit = async (): Promise<void> => {
    const timeout = setTimeout(() => child.kill("SIGKILL"), 10_000);
    const code = await exited;
    clearTimeout(timeout);
    expect(stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
    expect(code).toBe(0);
  };
  return { child, firstLine, expectCleanExit };
}

describe("stdio EPIPE (issue 21 #10)", () => {
  it("exits 0 without a stack trace when the client stops reading and closes stdout", async () => {
    const { child, firstLine, expectCleanExit } = spawnServer([fixture]);
    // Make sure the server is up and answering, then close our read end of its stdout.
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } })}\n`);
    await firstLine;
    child.stdout.destroy();
    // Every answer now hits a closed pipe; a pending handler must be abandoned, not awaited.
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "wait_for_cancel", arguments: {}, _meta: envelope() } })}\n`);
    for (let id = 3; id < 50; id++) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text: "x".repeat(10_000) }, _meta: envelope() } })}\n`);
    }
    await expectCleanExit();
  });

  it("a server that does not wait for `closed` still exits on its own while stdin stays open", async () => {
    const dist = (entry: string) => JSON.stringify(resolve(root, `packages/runtime/dist/${entry}-entry.js`));
    const script = `
      import { createMcpServer } from ${dist("server")};
      import { serveStdio } from ${dist("node")};
      const server = createMcpServer({ serverInfo: { name: "bare", version: "0" }, revisions: ["2026-07-28"],
        tools: [{ name: "echo", inputSchema: { type: "object" }, handler: (a) => ({ content: [{ type: "text", text: String(a.text) }] }) }] });
      serveStdio(server);`;
    const { child, firstLine, expectCleanExit } = spawnServer(["--input-type=module", "-e", script]);
    const echo = (id: number) => `${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text: "x".repeat(10_000) }, _meta: envelope() } })}\n`;
    child.stdin.write(echo(1));
    await firstLine;
    child.stdout.destroy();
    for (let id = 2; id < 20; id++) child.stdin.write(echo(id));
    // stdin is never ended: the server must notice the broken stdout and let the process end.
    await expectCleanExit();
  });
});

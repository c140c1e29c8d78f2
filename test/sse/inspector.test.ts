// Interop: the official MCP Inspector's CLI (@modelcontextprotocol/inspector 2.12.0, `--transport
// sse`) against the generated notes server's HTTP+SSE path: tools/list and tools/call.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startNotes } from "./support.js";

const INSPECTOR = join(REPO_ROOT, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js");
const run = promisify(execFile);
let notes: Awaited<ReturnType<typeof startNotes>>;

beforeAll(async () => {
  notes = await startNotes();
});
afterAll(async () => {
  await notes?.close();
});

async function inspector(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [INSPECTOR, "--cli", `${notes.base}/sse`, "--transport", "sse", ...args], { timeout: 60_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe("MCP Inspector CLI over HTTP+SSE", () => {
  it("lists the notes tools and calls add_note", async () => {
    const listed = (await inspector("--method", "tools/list")) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((t) => t.name).sort()).toEqual(["add_note", "delete_note", "list_notes"]);
    const called = (await inspector("--method", "tools/call", "--tool-name", "add_note", "--tool-arg", "title=inspected", "--tool-arg", "body=b")) as { structuredContent: { id: string } };
    expect(typeof called.structuredContent.id).toBe("string");
  }, 90_000);
});

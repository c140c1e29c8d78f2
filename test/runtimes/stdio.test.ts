// stdio interop under Bun and Deno: the generated conformance fixture served on stdio by each
// runtime's binary, driven by the official SDK client (@modelcontextprotocol/client 2.4.0) and by
// the generated typed client, in both eras, including an input request answered by the client.
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport as SdkStdioTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";
import { StdioClientTransport } from "../../packages/runtime/src/node-entry.js";
import { connect } from "../conformance/fixture/generated/dist/client.js";
import { BIN, entry, root } from "./support.js";

const COMMANDS = {
  bun: { command: BIN.bun, args: [entry("stdio.mjs")] },
  deno: { command: BIN.deno, args: ["run", "--quiet", `--allow-read=${root}`, "--allow-env", entry("stdio.mjs")] },
} as const;
const ERAS = [
  ["2025-11-25", "legacy" as const],
  ["2026-07-28", { pin: "2026-07-28" }],
] as const;

const CASES = (Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]).flatMap((runtime) => ERAS.map(([revision, mode]) => [runtime, revision, mode] as const));

describe.each(CASES)("stdio on %s, %s", (runtime, revision, mode) => {
  it("the official SDK client lists and calls tools, answering an elicitation", async () => {
    const client = new Client({ name: "runtime-stdio", version: "1.0.0" }, { capabilities: { elicitation: {} }, versionNegotiation: { mode } } as never);
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { username: "grace", email: "g@example.com" } }));
    const { command, args } = COMMANDS[runtime];
    const transport = new SdkStdioTransport({ command, args: [...args], cwd: root, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name, stderr).toBe("mcp-gen-conformance-fixture");
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain("test_simple_text");
      expect((await client.callTool({ name: "test_simple_text", arguments: {} })).content).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);
      const asked = await client.callTool({ name: "test_elicitation", arguments: { message: "who?" } });
      expect(JSON.stringify(asked.content)).toContain("grace");
    } finally {
      await client.close();
    }
  });

  it("the generated client calls a tool in the pinned era", async () => {
    const { command, args } = COMMANDS[runtime];
    const warnings: string[] = [];
    const client = await connect({
      transport: new StdioClientTransport({ command, args: [...args], cwd: root }),
      clientInfo: { name: "runtime-stdio-generated", version: "1.0.0" },
      protocol: revision,
      onWarning: (message) => warnings.push(message),
    });
    try {
      expect(client.raw.protocolVersion).toBe(revision);
      const result = await client.tools.testSimpleText({});
      expect(result.content).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);
      expect(warnings).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

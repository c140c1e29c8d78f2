// The legacy-only server features on a 2025-11-25 stdio connection (serveStdio over in-process
// pipes, newline-delimited JSON): -32042 then notifications/elicitation/complete on the
// connection, roots/list_changed reaching the hook whose listRoots() asks over stdout, and
// ctx.request with the request's _meta but no headers.
import { PassThrough } from "node:stream";
import { afterEach, expect, it } from "vitest";
import { serveStdio } from "../../../packages/runtime/src/stdio/stdio.js";
import { createMcpServer } from "../../../packages/runtime/src/server/server.js";
import { UrlElicitationRequiredError } from "../../../packages/runtime/src/server/url-elicitation.js";
import type { RootsListChangedEvent } from "../../../packages/runtime/src/server/definition.js";
import { LEGACY, MODERN, until } from "./support.js";

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

it("2025-11-25 over stdio: -32042, completion on the connection, roots hook with listRoots(), ctx.request without headers", async () => {
  const events: RootsListChangedEvent[] = [];
  const server = createMcpServer(
    {
      serverInfo: { name: "stdio-parity", version: "1.0.0" },
      revisions: [MODERN, LEGACY],
      tools: [
        {
          name: "connect",
          inputSchema: { type: "object" },
          handler: () => {
            throw new UrlElicitationRequiredError([{ url: "https://example.test/c", message: "Connect", elicitationId: "stdio-1" }]);
          },
        },
        {
          name: "whoami",
          inputSchema: { type: "object" },
          handler: (_args, ctx) => ({ content: [{ type: "text", text: JSON.stringify({ trace: ctx.request.traceparent, headers: ctx.request.headers }) }] }),
        },
      ],
      onRootsListChanged: (event) => void events.push(event),
    },
    { exposeHeaders: ["x-tenant"] },
  );
  const input = new PassThrough();
  const output = new PassThrough();
  serveStdio(server, { input, output });
  // EOF on stdin ends the connection (and its session).
  closers.push(() => input.end());
  const lines: Array<Record<string, unknown>> = [];
  let buffered = "";
  output.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let at = buffered.indexOf("\n"); at >= 0; at = buffered.indexOf("\n")) {
      lines.push(JSON.parse(buffered.slice(0, at)) as Record<string, unknown>);
      buffered = buffered.slice(at + 1);
    }
  });
  const send = (message: Record<string, unknown>) => input.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  const answerTo = async (id: number) => {
    await until(() => lines.some((l) => l["id"] === id), () => JSON.stringify(lines));
    return lines.find((l) => l["id"] === id)!;
  };

  send({ id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: { roots: { listChanged: true }, elicitation: { url: {} } }, clientInfo: { name: "pipe", version: "1" } } });
  await answerTo(1);
  send({ method: "notifications/initialized" });

  send({ id: 2, method: "tools/call", params: { name: "connect", arguments: {} } });
  const refused = await answerTo(2);
  expect(refused["error"]).toMatchObject({ code: -32042, data: { elicitations: [{ mode: "url", elicitationId: "stdio-1", url: "https://example.test/c" }] } });
  expect(server.completeElicitation("stdio-1")).toBe(true);
  await until(() => lines.some((l) => l["method"] === "notifications/elicitation/complete"), () => JSON.stringify(lines));
  expect(lines.find((l) => l["method"] === "notifications/elicitation/complete")!["params"]).toEqual({ elicitationId: "stdio-1" });

  send({ method: "notifications/roots/list_changed" });
  await until(() => events.length === 1, () => "no roots event");
  const roots = events[0]!.listRoots();
  await until(() => lines.some((l) => l["method"] === "roots/list"), () => JSON.stringify(lines));
  const asked = lines.find((l) => l["method"] === "roots/list")!;
  send({ id: asked["id"], result: { roots: [{ uri: "file:///p" }] } });
  expect(await roots).toEqual({ roots: [{ uri: "file:///p" }] });

  send({ id: 3, method: "tools/call", params: { name: "whoami", arguments: {}, _meta: { traceparent: "00-aa-bb-01" } } });
  const who = await answerTo(3);
  const text = ((who["result"] as { content: Array<{ text: string }> }).content[0]!).text;
  expect(JSON.parse(text)).toEqual({ trace: "00-aa-bb-01", headers: {} });
});

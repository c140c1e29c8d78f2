// Issue 21 #4 end to end: resources/read over stdio (the body limit is 4 MiB) with URIs built to
// make a backtracking matcher explode. Answers must come fast and be the right errors.
import { describe, expect, it } from "vitest";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, MODERN } from "../runtime/helpers/definition.js";
import { connectInProcess } from "../runtime/helpers/stdio.js";

const server = createMcpServer({
  serverInfo: { name: "uri-hostile", version: "0.0.1" },
  revisions: [MODERN, "2025-11-25"],
  resourceTemplates: [
    { uriTemplate: "x://{a}-{b}-{c}", name: "dashes", read: (uri) => [{ uri, text: "dashes" }] },
    { uriTemplate: "y://{+a}/{+b}/{+c}/{+d}", name: "slashes", read: (uri, vars) => [{ uri, text: JSON.stringify(vars) }] },
  ],
});

const read = (id: number, uri: string) => ({ jsonrpc: "2.0", id, method: "resources/read", params: { uri, _meta: envelope() } });

describe("resources/read with hostile URIs (issue 21 #4)", () => {
  it("a 4 MiB URI is refused with -32602 at once", async () => {
    const peer = connectInProcess(server);
    const started = performance.now();
    peer.send(read(1, `x://${"-".repeat(4 * 1024 * 1024 - 200)}/`));
    const reply = await peer.waitFor((m) => m.id === 1, 10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(reply.error).toEqual({ code: -32602, message: "Invalid params: uri longer than 16384 characters" });
  });

  it("URIs at the length limit that no template matches are answered not-found quickly", async () => {
    const peer = connectInProcess(server);
    const started = performance.now();
    peer.send(read(2, `x://${"-".repeat(16_000)}/`));
    peer.send(read(3, `y://${"/".repeat(16_000)}\n`));
    const [dashes, slashes] = await Promise.all([peer.waitFor((m) => m.id === 2), peer.waitFor((m) => m.id === 3)]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(dashes.error.code).toBe(-32602);
    expect(dashes.error.data.uri).toMatch(/^x:\/\/-+\/$/);
    expect(slashes.error.code).toBe(-32602);
  });

  it("and one that matches is served, with the RegExp's first split", async () => {
    const peer = connectInProcess(server);
    peer.send(read(4, `y://${"/".repeat(1_000)}`));
    const reply = await peer.waitFor((m) => m.id === 4);
    expect(JSON.parse(reply.result.contents[0].text)).toEqual({ a: "/", b: "/", c: "/", d: "/".repeat(994) });
  });
});

// Handlers see the request (issue 16 item 4): `ctx.request.meta` (trace context, progress
// token, the modern envelope) and the HTTP headers ServerOptions.exposeHeaders allows, on both
// eras, with the official SDK 2.4.0 client as the peer. Credentials stay hidden unless listed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../../packages/runtime/src/server/server.js";
import { MODERN, serve, sdkClient, textOf, type Era, type Served } from "./support.js";

const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
const SENT_HEADERS = { "X-Tenant": "acme", Authorization: "Bearer secret-token", Cookie: "sid=secret-cookie" };

const whoami = {
  name: "whoami",
  inputSchema: { type: "object" },
  handler: (_args: unknown, ctx: import("../../../packages/runtime/src/server/definition.js").ServerHandlerContext) => {
    const view = ctx.request;
    ctx.progress(1, 1);
    return {
      content: [
        {
          type: "text" as const,
          text: JSON.stringify({
            traceparent: view.traceparent,
            tracestate: view.tracestate,
            baggage: view.baggage,
            progressToken: view.progressToken,
            metaKeys: Object.keys(view.meta).sort(),
            headers: view.headers,
            tenant: view.header("X-TENANT"),
            authorization: view.header("authorization") ?? null,
          }),
        },
      ],
    };
  },
};

async function ask(served: Served, era: Era): Promise<Record<string, unknown>> {
  const peer = await sdkClient(served.url, era, {}, undefined, SENT_HEADERS);
  try {
    const progress: number[] = [];
    const result = await peer.client.callTool(
      { name: "whoami", arguments: {}, _meta: { traceparent: TRACEPARENT, tracestate: "vendor=1", baggage: 42 } },
      { onprogress: (p) => void progress.push(p.progress) },
    );
    expect(progress).toEqual([1]);
    return JSON.parse(textOf(result)) as Record<string, unknown>;
  } finally {
    await peer.close();
  }
}

describe.each<Era>(["modern", "legacy"])("ctx.request, %s era", (era) => {
  let plain: Served;
  let withAuth: Served;
  beforeAll(async () => {
    plain = await serve({ tools: [whoami] }, { exposeHeaders: ["X-Tenant"] });
    withAuth = await serve({ tools: [whoami] }, { exposeHeaders: ["x-tenant", "Authorization"] });
  });
  afterAll(async () => {
    await plain?.close();
    await withAuth?.close();
  });

  it("reads trace context and the progress token from _meta, and only the allowed headers", async () => {
    const seen = await ask(plain, era);
    expect(seen["traceparent"]).toBe(TRACEPARENT);
    expect(seen["tracestate"]).toBe("vendor=1");
    // A non-string baggage value is not trace context.
    expect(seen["baggage"]).toBeUndefined();
    expect(["string", "number"]).toContain(typeof seen["progressToken"]);
    expect(seen["metaKeys"]).toEqual(expect.arrayContaining(["baggage", "progressToken", "traceparent", "tracestate"]));
    if (era === "modern") expect(seen["metaKeys"]).toEqual(expect.arrayContaining(["io.modelcontextprotocol/clientCapabilities", "io.modelcontextprotocol/protocolVersion"]));
    expect(seen["headers"]).toEqual({ "x-tenant": "acme" });
    expect(seen["tenant"]).toBe("acme");
    expect(seen["authorization"]).toBeNull();
    expect(JSON.stringify(seen)).not.toContain("secret");
  });

  it("Authorization is visible only when the allow-list names it (cookies still hidden)", async () => {
    const seen = await ask(withAuth, era);
    expect(seen["headers"]).toEqual({ "x-tenant": "acme", authorization: "Bearer secret-token" });
    expect(JSON.stringify(seen)).not.toContain("secret-cookie");
  });
});

describe("exposeHeaders", () => {
  it("refuses a name that is not a header field name at construction", () => {
    const definition = { serverInfo: { name: "x", version: "1" }, revisions: [MODERN], tools: [whoami] };
    expect(() => createMcpServer(definition, { exposeHeaders: ["x tenant"] })).toThrow(/not a header name/);
    expect(() => createMcpServer(definition, { exposeHeaders: ["x-tenant"] })).not.toThrow();
  });

  it("a server without the option shows handlers no headers at all", async () => {
    const served = await serve({ tools: [whoami] });
    try {
      const seen = await ask(served, "modern");
      expect(seen["headers"]).toEqual({});
      expect(seen["tenant"]).toBeUndefined();
    } finally {
      await served.close();
    }
  });
});

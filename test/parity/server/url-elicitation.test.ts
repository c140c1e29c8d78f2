// URL elicitation beyond ctx.ask (issue 16 item 3), against the official SDK 2.4.0 client.
// 2025-11-25: a handler's UrlElicitationRequiredError reaches the SDK as its own
// UrlElicitationRequiredError (-32042, data.elicitations with ids), and completeElicitation(id)
// sends notifications/elicitation/complete to that session only (GET stream, or the request's
// stream while it is open). 2026-07-28: the same throw is an input_required URL elicitation
// without elicitationId that the SDK answers and retries; without elicitation.url it is -32021.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ProtocolError, UrlElicitationRequiredError as SdkUrlElicitationRequiredError } from "@modelcontextprotocol/client";
import type { Client, ElicitRequest } from "@modelcontextprotocol/client";
import { RpcError } from "../../../packages/runtime/src/core/jsonrpc/errors.js";
import { UrlElicitationRequiredError } from "../../../packages/runtime/src/server/url-elicitation.js";
import { serve, sdkClient, textOf, until, type SdkPeer, type Served } from "./support.js";

const linked = new Set<string>();
const issued: string[] = [];
let served: Served;

beforeAll(async () => {
  served = await serve({
    tools: [
      {
        name: "connect",
        inputSchema: { type: "object" },
        handler: () => {
          if (!linked.has("account")) {
            const error = new UrlElicitationRequiredError([{ url: "https://example.test/connect?step=1", message: "Connect your Example account" }]);
            issued.push(error.elicitations[0]!.elicitationId);
            throw error;
          }
          return { content: [{ type: "text", text: "linked" }] };
        },
      },
      {
        name: "raw_32042",
        inputSchema: { type: "object" },
        handler: () => {
          throw new RpcError(-32042, "hand-made", { elicitations: [] });
        },
      },
      {
        name: "ask_url",
        inputSchema: { type: "object" },
        inputs: { link: { kind: "url-elicitation", message: "Open the payment page" } },
        handler: async (_args, ctx) => {
          const answer = await ctx.ask("link", { url: "https://example.test/pay", elicitationId: "flow-1" });
          // The out-of-band flow is over (here: at once); legacy clients hear it on this request's stream.
          const told = ctx.server.completeElicitation("flow-1");
          return { content: [{ type: "text", text: `${String(answer["action"])} told=${told}` }] };
        },
      },
    ],
  });
});
afterAll(async () => {
  await served?.close();
});
afterEach(() => {
  linked.clear();
  issued.length = 0;
});

function withCompletions(completed: string[], elicitations: ElicitRequest["params"][], onUrl?: () => void) {
  return (client: Client) => {
    client.setNotificationHandler("notifications/elicitation/complete", (n) => {
      completed.push(n.params.elicitationId);
    });
    client.setRequestHandler("elicitation/create", (request) => {
      elicitations.push(request.params);
      onUrl?.();
      return { action: "accept" };
    });
  };
}

describe("2025-11-25: -32042 and notifications/elicitation/complete", () => {
  it("the SDK raises its UrlElicitationRequiredError; completion reaches that session's GET stream once; the retry succeeds", async () => {
    const completed: string[] = [];
    const peer = await sdkClient(served.url, "legacy", { elicitation: { form: {}, url: {} } }, withCompletions(completed, []));
    try {
      const error = await peer.client.callTool({ name: "connect", arguments: {} }).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(SdkUrlElicitationRequiredError);
      expect((error as ProtocolError).code).toBe(-32042);
      const [elicitation] = (error as SdkUrlElicitationRequiredError).elicitations;
      expect(elicitation).toEqual({ mode: "url", elicitationId: issued[0], url: "https://example.test/connect?step=1", message: "Connect your Example account" });
      // The SDK opens its GET stream after the handshake; until it is up, a completion cannot be delivered.
      await until(() => {
        if (completed.length > 0) return true;
        void peer.client.callTool({ name: "connect", arguments: {} }).catch(() => undefined);
        const id = issued.at(-1);
        if (id !== undefined) served.server.completeElicitation(id);
        return false;
      }, () => "no notifications/elicitation/complete reached the SDK");
      expect(issued).toContain(completed[0]);
      // Completed ids are forgotten; unknown ids send nothing.
      expect(served.server.completeElicitation(completed[0]!)).toBe(false);
      expect(served.server.completeElicitation("never-issued")).toBe(false);
      linked.add("account");
      expect(textOf(await peer.client.callTool({ name: "connect", arguments: {} }))).toBe("linked");
    } finally {
      await peer.close();
    }
  });

  it("only the session that was given the id hears it; a closed session's ids are released", async () => {
    const heardA: string[] = [];
    const heardB: string[] = [];
    const a = await sdkClient(served.url, "legacy", { elicitation: { url: {} } }, withCompletions(heardA, []));
    const b = await sdkClient(served.url, "legacy", { elicitation: { url: {} } }, withCompletions(heardB, []));
    try {
      await until(() => {
        void a.client.callTool({ name: "connect", arguments: {} }).catch(() => undefined);
        const id = issued.at(-1);
        if (id !== undefined) served.server.completeElicitation(id);
        return heardA.length > 0;
      }, () => "A heard nothing");
      await new Promise((r) => setTimeout(r, 100));
      expect(heardB).toEqual([]);
      await a.client.callTool({ name: "connect", arguments: {} }).catch(() => undefined);
      const pending = issued.at(-1)!;
      // DELETE ends the session (2025-11-25 transports § Session Management): its ids go with it.
      await a.transport.terminateSession();
      await a.close();
      expect(served.server.completeElicitation(pending)).toBe(false);
    } finally {
      await b.close();
    }
  });

  it("ctx.ask keeps the handler's elicitationId, and completion goes on the open request stream", async () => {
    const completed: string[] = [];
    const elicitations: ElicitRequest["params"][] = [];
    const peer = await sdkClient(served.url, "legacy", { elicitation: { url: {} } }, withCompletions(completed, elicitations));
    try {
      const result = await peer.client.callTool({ name: "ask_url", arguments: {} });
      expect(textOf(result)).toBe("accept told=true");
      expect(elicitations[0]).toMatchObject({ mode: "url", url: "https://example.test/pay", elicitationId: "flow-1" });
      await until(() => completed.length > 0, () => "no completion");
      expect(completed).toEqual(["flow-1"]);
    } finally {
      await peer.close();
    }
  });
});

describe("2026-07-28: no -32042 on the wire", () => {
  let peer: SdkPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it("the throw becomes an input_required URL elicitation without elicitationId; the SDK opens it and retries", async () => {
    const elicitations: ElicitRequest["params"][] = [];
    peer = await sdkClient(served.url, "modern", { elicitation: { url: {} } }, withCompletions([], elicitations, () => linked.add("account")));
    const result = await peer.client.callTool({ name: "connect", arguments: {} });
    expect(textOf(result)).toBe("linked");
    expect(elicitations).toEqual([{ mode: "url", url: "https://example.test/connect?step=1", message: "Connect your Example account" }]);
  });

  it("a hand-made -32042 never reaches a modern client: -32603, reported", async () => {
    peer = await sdkClient(served.url, "modern", { elicitation: { url: {} } }, withCompletions([], []));
    served.errors.length = 0;
    const error = await peer.client.callTool({ name: "raw_32042", arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect((error as ProtocolError).code).toBe(-32603);
    expect(served.errors.map(String).join()).toContain("hand-made");
  });

  it("a client without elicitation.url gets -32021 naming it", async () => {
    peer = await sdkClient(served.url, "modern", { elicitation: { form: {} } }, withCompletions([], []));
    const error = await peer.client.callTool({ name: "connect", arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect((error as ProtocolError).code).toBe(-32021);
    expect((error as ProtocolError).data).toEqual({ requiredCapabilities: { elicitation: { url: {} } } });
  });

  it("ctx.ask drops the legacy-only elicitationId; completeElicitation has no session to tell", async () => {
    const elicitations: ElicitRequest["params"][] = [];
    peer = await sdkClient(served.url, "modern", { elicitation: { url: {} } }, withCompletions([], elicitations));
    const result = await peer.client.callTool({ name: "ask_url", arguments: {} });
    expect(textOf(result)).toBe("accept told=false");
    expect(elicitations).toEqual([{ mode: "url", message: "Open the payment page", url: "https://example.test/pay" }]);
  });
});

describe("UrlElicitationRequiredError", () => {
  it("refuses an empty list and a URL that does not parse; mints ids when none is given", () => {
    expect(() => new UrlElicitationRequiredError([])).toThrow(/at least one/);
    expect(() => new UrlElicitationRequiredError([{ url: "not a url", message: "m" }])).toThrow(/valid URL/);
    const error = new UrlElicitationRequiredError([{ url: "https://a.test/", message: "m" }, { url: "https://b.test/", message: "n", elicitationId: "mine" }]);
    expect(error.code).toBe(-32042);
    expect(error.elicitations[0]!.elicitationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.elicitations[1]!.elicitationId).toBe("mine");
    expect(error.toErrorObject()).toEqual({ code: -32042, message: "This request requires more information.", data: { elicitations: error.elicitations } });
  });
});

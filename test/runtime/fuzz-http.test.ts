// Property test: malformed and hostile JSON-RPC over a real node:http server on 127.0.0.1.
// The server never crashes or answers 5xx, every reply is a well-formed JSON-RPC message with
// a spec error code and the HTTP status the transport maps it to, and no prototype is polluted.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { testDefinition } from "./helpers/definition.js";
import { hostileLine, KNOWN_CODES } from "./helpers/hostile.js";
import { messagesOf, modernCall, rawRequest } from "./helpers/http.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

const MAX_BODY_BYTES = 2048;
let listening: ListeningServer;
const reportedErrors: unknown[] = [];

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(testDefinition(), { onError: (e) => reportedErrors.push(e), limits: { maxBodyBytes: MAX_BODY_BYTES } }), { port: 0 });
});
afterAll(() => listening.close());

const STATUS_FOR_CODE: Record<number, number[]> = {
  [-32700]: [400],
  [-32600]: [400, 404, 413],
  [-32601]: [404, 200],
  [-32602]: [400, 200],
  [-32020]: [400],
  [-32021]: [400],
  [-32022]: [400],
  [-32603]: [200],
  [-32002]: [200],
};

// A request that never settles fails its run (fast-check `timeout`), with the body that hung it.
const RUN_TIMEOUT_MS = 10_000;

describe("HTTP fuzzing", () => {
  it("answers every hostile body with a well-formed reply and a matching status", async () => {
    await fc.assert(
      fc.asyncProperty(hostileLine, fc.boolean(), fc.constantFrom("2026-07-28", "2025-11-25", undefined), async (body, withMethodHeader, version) => {
        const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
        if (version) headers["mcp-protocol-version"] = version;
        if (withMethodHeader) {
          try {
            const method = JSON.parse(body)?.method;
            if (typeof method === "string" && /^[\x21-\x7e]+$/.test(method)) headers["mcp-method"] = method;
          } catch {
            /* not JSON: no header */
          }
        }
        const response = await rawRequest(listening.url, { headers, body });
        expect(response.status).toBeLessThan(500);
        // An over-limit body is refused before it is parsed, whatever it holds (a rare case:
        // batches of three records can pass 2 KiB).
        if (Buffer.byteLength(body) > MAX_BODY_BYTES) {
          expect([response.status, messagesOf(response)[0]?.error?.code]).toEqual([413, -32600]);
          return;
        }
        if (response.status === 202 || response.status === 204) return;
        const messages = messagesOf(response);
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages.flat()) {
          expect(message.jsonrpc).toBe("2.0");
          if (message.error) {
            expect(KNOWN_CODES.has(message.error.code)).toBe(true);
            expect(STATUS_FOR_CODE[message.error.code]).toContain(response.status);
          }
        }
        let parsed: unknown = Symbol("invalid");
        try {
          parsed = JSON.parse(body);
        } catch {
          expect([response.status, messages[0].error?.code]).toEqual([400, -32700]);
        }
        if (Array.isArray(parsed) || (typeof parsed !== "object" && typeof parsed !== "symbol")) expect(response.status).toBe(400);
      }),
      { numRuns: 250, timeout: RUN_TIMEOUT_MS, ...within() },
    );
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(reportedErrors).toEqual([]);
    const alive = await modernCall(listening.url, "server/discover");
    expect(alive.final.result.resultType).toBe("complete");
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("answers hostile traffic inside a legacy session without breaking the session", async () => {
    const init = await rawRequest(listening.url, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {} } }),
    });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": String(init.headers["mcp-session-id"]) };
    await fc.assert(
      fc.asyncProperty(hostileLine, async (body) => {
        const response = await rawRequest(listening.url, { headers, body });
        expect(response.status).toBeLessThan(500);
        if (response.status === 202) return;
        for (const message of messagesOf(response).flat()) {
          expect(message.jsonrpc).toBe("2.0");
          if (message.error) expect(KNOWN_CODES.has(message.error.code)).toBe(true);
        }
      }),
      { numRuns: 200, timeout: RUN_TIMEOUT_MS, ...within() },
    );
    const ping = await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: "after", method: "ping" }) });
    expect(JSON.parse(ping.body)).toEqual({ jsonrpc: "2.0", id: "after", result: {} });
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  }, PROPERTY_TEST_TIMEOUT_MS);
});

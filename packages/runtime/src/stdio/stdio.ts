// stdio transport for both eras (2026-07-28 basic/transports/stdio; 2025-11-25 basic/transports
// § stdio). DECISION: no era pinning per connection. Modern requests (carrying the _meta claim)
// are served statelessly and concurrently; `initialize` and claim-less traffic go to the one
// legacy session of this connection. The spec allows both eras on one process (protocol brief
// § 9 #12); the SDK pins, which would refuse a legitimate mixed client.
import type { Readable, Writable } from "node:stream";
import { claimsModernEra } from "../core/era/envelope.js";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { inspectMessage, salvageId, type InboundMessage, type JsonRpcMessage, type RequestId } from "../core/jsonrpc/message.js";
import { parseJsonText } from "../core/jsonrpc/parse.js";
import { serializeError } from "../core/jsonrpc/serialize.js";
import type { LegacyChannel, LegacySession } from "../server/legacy-session.js";
import { Cancellation } from "../server/cancellation.js";
import type { McpServer } from "../server/server.js";
import { revisionAllowsBatch } from "../core/era/revisions.js";
import { createLineSplitter } from "./line-reader.js";

export interface StdioConnection {
  /** Resolves when the input ends and in-flight work has been answered. */
  readonly closed: Promise<void>;
  close(): void;
}

export function serveStdio(
  server: McpServer,
  streams: { input?: Readable; output?: Writable } = {},
): StdioConnection {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stdout;
  const modernInflight = new Map<RequestId, Cancellation>();
  let session: LegacySession | undefined;
  let pendingWork = 0;
  let inputEnded = false;
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const write = (line: string) => {
    if (output.writable) output.write(`${line}\n`);
  };
  const legacySession = (): LegacySession => {
    if (!session) {
      session = server.createLegacySession();
      session.unsolicited = (message) => write(JSON.stringify(message));
    }
    return session;
  };
  const channel: LegacyChannel = { send: (message: JsonRpcMessage) => write(JSON.stringify(message)), closeStream: () => {} };

  const track = (work: Promise<void>) => {
    pendingWork++;
    // Engine calls answer every failure in-band; a rejection here would be a runtime bug, and it
    // must not become an unhandled rejection that kills the process.
    work
      .catch((error: unknown) => server.options.onError?.(error))
      .finally(() => {
        pendingWork--;
        if (inputEnded && pendingWork === 0) finish();
      });
  };

  const serveModern = async (message: Extract<InboundMessage, { kind: "request" }>["message"]) => {
    const cancellation = new Cancellation();
    modernInflight.set(message.id, cancellation);
    try {
      const reply = await server.serveModern(message, {
        cancellation,
        notify: (notification) => {
          if (!cancellation.aborted) write(JSON.stringify(notification));
        },
      });
      // After notifications/cancelled nothing more is sent for that request (§ Cancellation).
      if (reply.body !== undefined && !cancellation.aborted) write(reply.body);
    } finally {
      modernInflight.delete(message.id);
    }
  };

  const handleMessage = (inbound: InboundMessage) => {
    if (inbound.kind === "response") return legacySession().handleResponse(inbound.message);
    const modern = claimsModernEra(inbound.message.params);
    if (inbound.kind === "notification") {
      if (inbound.message.method === "notifications/cancelled") {
        const id = inbound.message.params?.["requestId"];
        if (typeof id === "string" || typeof id === "number") modernInflight.get(id)?.abort();
      }
      if (!modern) legacySession().handleNotification(inbound.message);
      return;
    }
    if (modern) return track(serveModern(inbound.message));
    track(
      legacySession()
        .handleRequest(inbound.message, channel)
        .then((reply) => {
          if (reply !== undefined) write(reply);
        }),
    );
  };

  const handleLine = (line: string) => {
    let value: unknown;
    try {
      value = parseJsonText(line);
    } catch (error) {
      return write(serializeError(null, error as RpcError));
    }
    if (Array.isArray(value)) {
      if (value.length === 0 || !revisionAllowsBatch(session?.protocolVersion ?? "")) {
        return write(serializeError(null, new RpcError(INVALID_REQUEST, "Invalid Request: batches are not supported")));
      }
      for (const item of value) handleSingle(item);
      return;
    }
    handleSingle(value);
  };

  const handleSingle = (value: unknown) => {
    let inbound: InboundMessage;
    try {
      inbound = inspectMessage(value);
    } catch (error) {
      return write(serializeError(salvageId(value), error as RpcError));
    }
    handleMessage(inbound);
  };

  const split = createLineSplitter(server.maxBodyBytes, {
    line: handleLine,
    oversized: () => write(serializeError(null, new RpcError(INVALID_REQUEST, "Invalid Request: message too large"))),
  });
  const onData = (chunk: Buffer | string) => split(chunk);
  const onEnd = () => {
    inputEnded = true;
    if (pendingWork === 0) finish();
  };
  input.on("data", onData);
  input.on("end", onEnd);
  input.on("close", onEnd);

  return {
    closed,
    close() {
      input.off("data", onData);
      for (const cancellation of modernInflight.values()) cancellation.abort();
      session?.close();
      onEnd();
    },
  };
}

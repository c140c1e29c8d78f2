// stdio transport for both eras (2026-07-28 basic/transports/stdio; 2025-11-25 basic/transports
// § stdio). DECISION: no era pinning per connection. Modern requests (carrying the _meta claim)
// are served statelessly and concurrently; `initialize` and claim-less traffic go to the one
// legacy session of this connection. The spec allows both eras on one process (protocol brief
// § 9 #12); the SDK pins, which would refuse a legitimate mixed client.
import type { Readable, Writable } from "node:stream";
import { claimsModernEra } from "../core/era/envelope.js";
import { INTERNAL_ERROR, INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { isThenable } from "../core/maybe-promise.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import {
  inspectMessage,
  salvageId,
  type InboundMessage,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from "../core/jsonrpc/message.js";
import { parseJsonText } from "../core/jsonrpc/parse.js";
import { answerText, serializeError } from "../core/jsonrpc/serialize.js";
import type { LegacyAnswer, LegacyChannel, LegacySession } from "../server/legacy-session.js";
import { Cancellation } from "../server/cancellation.js";
import { duplicateRequestId } from "../server/handler-call.js";
import type { ModernExchange, Reply } from "../server/modern.js";
import type { McpServer } from "../server/server.js";
import { revisionAllowsBatch } from "../core/era/revisions.js";
import { createLineSplitter } from "./line-reader.js";
import { createStdioOutput, type StdioOutput } from "./output.js";

export interface StdioConnection {
  /** Resolves when the input ends (or stdout breaks) and in-flight work has settled. */
  readonly closed: Promise<void>;
  close(): void;
}

/** Default of ServerLimits.maxStdoutBufferBytes. */
export const DEFAULT_MAX_STDOUT_BUFFER_BYTES = 4 * 1024 * 1024;

export function serveStdio(
  server: McpServer,
  streams: { input?: Readable; output?: Writable } = {},
): StdioConnection {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stdout;
  const modernInflight = new Map<RequestId, Cancellation>();
  // Ids of requests of either era still being served: JSON-RPC ids are unique per session, and a
  // second request with a live id would make the first one uncancellable (issue 21 #12).
  const liveIds = new Set<RequestId>();
  let session: LegacySession | undefined;
  let pendingWork = 0;
  let inputEnded = false;
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });

  const out = createStdioOutput(output, {
    maxBufferedBytes: server.options.limits?.maxStdoutBufferBytes ?? DEFAULT_MAX_STDOUT_BUFFER_BYTES,
    throttle: (paused) => {
      if (inputEnded) return;
      if (paused) input.pause();
      else input.resume();
    },
    report: (error) => server.options.onError?.(error),
    broken: () => shutDown(),
  });
  const legacySession = (): LegacySession => {
    if (!session) {
      session = server.createLegacySession();
      session.unsolicited = (message) => out.notification(JSON.stringify(message));
    }
    return session;
  };
  const channel: LegacyChannel = {
    // Requests to the client are answers the handler waits for; notifications are optional.
    send: (message: JsonRpcMessage) => ("id" in message ? out.response : out.notification)(JSON.stringify(message)),
    closeStream: () => {},
  };

  const settled = (id: RequestId) => {
    liveIds.delete(id);
    modernInflight.delete(id);
    pendingWork--;
    if (inputEnded && pendingWork === 0) finish();
  };
  // PERFORMANCE (issue 10): one `then` per request, not catch + finally (four promises).
  const track = (id: RequestId, work: Promise<void>) => {
    pendingWork++;
    liveIds.add(id);
    work.then(
      () => settled(id),
      (error: unknown) => {
        // Engine calls answer every failure in-band; a rejection here would be a runtime bug, and
        // it must not become an unhandled rejection that kills the process.
        server.options.onError?.(error);
        settled(id);
      },
    );
  };

  /** PERFORMANCE (issue 10): a request answered synchronously is written at once and never tracked. */
  const serveModern = (message: JsonRpcRequest): void => {
    const request = new StdioModernRequest(out);
    let reply: ReturnType<McpServer["serveModern"]>;
    try {
      reply = server.serveModern(message, request);
    } catch (error) {
      server.options.onError?.(error);
      return out.response(serializeError(message.id, new RpcError(INTERNAL_ERROR, "Internal error")));
    }
    if (!isThenable(reply)) return request.finish(reply);
    modernInflight.set(message.id, request.cancellation);
    track(
      message.id,
      (reply as Promise<Reply>).then((answer) => request.finish(answer)),
    );
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
      else server.serveModernNotification(inbound.message);
      return;
    }
    const request = inbound.message;
    if (liveIds.has(request.id)) {
      return out.response(serializeError(request.id, duplicateRequestId()));
    }
    if (modern) return serveModern(request);
    let answer: ReturnType<LegacySession["handleRequest"]>;
    try {
      answer = legacySession().handleRequest(request, channel);
    } catch (error) {
      server.options.onError?.(error);
      return out.response(serializeError(request.id, new RpcError(INTERNAL_ERROR, "Internal error")));
    }
    if (!isThenable(answer)) {
      if (answer !== undefined) out.response(answerText(answer));
      return;
    }
    track(
      request.id,
      (answer as Promise<LegacyAnswer | undefined>).then((reply) => {
        if (reply !== undefined) out.response(answerText(reply));
      }),
    );
  };

  const handleLine = (line: string) => {
    let value: unknown;
    try {
      value = parseJsonText(line);
    } catch (error) {
      return out.response(serializeError(null, error as RpcError));
    }
    if (Array.isArray(value)) {
      if (value.length === 0 || !revisionAllowsBatch(session?.protocolVersion ?? "")) {
        return out.response(serializeError(null, new RpcError(INVALID_REQUEST, "Invalid Request: batches are not supported")));
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
      return out.response(serializeError(salvageId(value), error as RpcError));
    }
    handleMessage(inbound);
  };

  const split = createLineSplitter(server.maxBodyBytes, {
    line: handleLine,
    oversized: () => out.response(serializeError(null, new RpcError(INVALID_REQUEST, "Invalid Request: message too large"))),
  });
  const onData = (chunk: Buffer | string) => split(chunk);
  const onEnd = () => {
    inputEnded = true;
    if (pendingWork === 0) finish();
  };
  /** Stops reading and abandons in-flight work: handlers see their signal abort. */
  const shutDown = () => {
    input.off("data", onData);
    for (const cancellation of modernInflight.values()) cancellation.abort();
    session?.close();
    onEnd();
  };
  input.on("data", onData);
  input.on("end", onEnd);
  input.on("close", onEnd);

  return { closed, close: shutDown };
}

/** A modern request on stdio: its cancellation and where its messages go (no header layer). */
class StdioModernRequest implements ModernExchange {
  readonly cancellation = new Cancellation();

  constructor(private readonly out: StdioOutput) {}

  notify(notification: JsonRpcNotification): void {
    if (!this.cancellation.aborted) this.out.notification(JSON.stringify(notification));
  }

  /** After notifications/cancelled nothing more is sent for that request (§ Cancellation). */
  finish(reply: Reply): void {
    if (reply.body !== undefined && !this.cancellation.aborted) this.out.response(reply.body);
  }
}

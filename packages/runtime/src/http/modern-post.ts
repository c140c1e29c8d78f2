// Modern-era POSTs (2026-07-28 streamable-http § Sending Messages): stateless, one message per
// body. The answer is JSON unless the request produces related messages (progress, log lines,
// listen traffic); then it becomes an SSE stream whose last event is the response. Closing that
// stream is cancellation (§ Cancellation).
import type { InboundMessage } from "../core/jsonrpc/message.js";
import { Cancellation } from "../server/cancellation.js";
import type { McpServer } from "../server/server.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import type { HttpLimits } from "./http-limits.js";
import { ExchangeReply } from "./reply.js";
import { JSON_HEADERS, SSE_HEADERS, sseEvent } from "./sse.js";

export type ModernPost = (inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder) => Promise<void>;

export function createModernPost(server: McpServer, limits: HttpLimits): ModernPost {
  return async (inbound, request, responder) => {
    if (inbound.kind !== "request") {
      // Accepted notifications get 202 with no body (§ Sending Messages); extension handlers hear theirs.
      if (inbound.kind === "notification") server.serveModernNotification(inbound.message, request.auth ? { auth: request.auth } : {});
      return responder.respond(202, {});
    }
    const cancellation = new Cancellation();
    request.onDisconnect(() => cancellation.abort());
    const reply = new ExchangeReply(responder);
    const outcome = await server.serveModern(inbound.message, {
      headers: (name) => request.header(name),
      cancellation,
      ...(request.auth ? { auth: request.auth } : {}),
      notify(message) {
        // After the answer went out there is nowhere to send a related message: dropped.
        if (reply.answered) return;
        if (!reply.streaming) {
          const stream = reply.stream(SSE_HEADERS);
          // Comment lines keep idle listen streams alive through proxies; clients ignore them.
          const timer = setInterval(() => stream.write(": keepalive\n\n"), limits.keepAliveMs);
          timer.unref?.();
          stream.onClose(() => {
            clearInterval(timer);
            cancellation.abort();
          });
        }
        reply.stream(SSE_HEADERS).write(sseEvent(JSON.stringify(message)));
      },
    });
    if (reply.streaming) {
      if (outcome.body !== undefined) reply.stream(SSE_HEADERS).write(sseEvent(outcome.body));
      reply.end();
    } else if (outcome.body !== undefined) {
      reply.respond(outcome.status, JSON_HEADERS, outcome.body);
    } else {
      reply.respond(outcome.status === 200 ? 204 : outcome.status, {});
    }
  };
}

// Modern-era POSTs (2026-07-28 streamable-http § Sending Messages): stateless, one message per
// body. The answer is JSON unless the request produces related messages (progress, log lines,
// listen traffic); then it becomes an SSE stream whose last event is the response. Closing that
// stream is cancellation (§ Cancellation).
import type { AuthInfo } from "../auth/types.js";
import type { HeaderLookup } from "../core/headers/standard.js";
import type { InboundMessage, JsonRpcNotification } from "../core/jsonrpc/message.js";
import { isThenable } from "../core/maybe-promise.js";
import { Cancellation } from "../server/cancellation.js";
import type { ModernExchange, Reply } from "../server/modern.js";
import type { McpServer } from "../server/server.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import type { HttpLimits } from "./http-limits.js";
import { ExchangeReply } from "./reply.js";
import { JSON_HEADERS, SSE_HEADERS, sseEvent } from "./sse.js";

export type ModernPost = (inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder) => Promise<void> | void;

/**
 * One POSTed request and its reply. PERFORMANCE (issue 10): one object with prototype methods
 * instead of an async frame and an object of closures per request.
 */
class ModernPostExchange implements ModernExchange {
  readonly cancellation = new Cancellation();
  readonly headers: HeaderLookup;
  readonly auth: AuthInfo | undefined;
  private readonly reply: ExchangeReply;

  constructor(
    request: HttpRequestView,
    responder: HttpResponder,
    private readonly limits: HttpLimits,
  ) {
    this.reply = new ExchangeReply(responder);
    this.headers = (name) => request.header(name);
    this.auth = request.auth;
  }

  notify(message: JsonRpcNotification): void {
    const reply = this.reply;
    // After the answer went out there is nowhere to send a related message: dropped.
    if (reply.answered) return;
    if (!reply.streaming) {
      const stream = reply.stream(SSE_HEADERS);
      // Comment lines keep idle listen streams alive through proxies; clients ignore them.
      const timer = setInterval(() => stream.write(": keepalive\n\n"), this.limits.keepAliveMs);
      timer.unref?.();
      stream.onClose(() => {
        clearInterval(timer);
        this.cancellation.abort();
      });
    }
    reply.stream(SSE_HEADERS).write(sseEvent(JSON.stringify(message)));
  }

  finish(outcome: Reply): void {
    const reply = this.reply;
    if (reply.streaming) {
      if (outcome.body !== undefined) reply.stream(SSE_HEADERS).write(sseEvent(outcome.body));
      reply.end();
    } else if (outcome.shared !== undefined) {
      reply.respondShared(outcome.status, JSON_HEADERS, outcome.shared);
    } else if (outcome.body !== undefined) {
      reply.respond(outcome.status, JSON_HEADERS, outcome.body);
    } else {
      reply.respond(outcome.status === 200 ? 204 : outcome.status, {});
    }
  }
}

export function createModernPost(server: McpServer, limits: HttpLimits): ModernPost {
  return (inbound, request, responder) => {
    if (inbound.kind !== "request") {
      // Accepted notifications get 202 with no body (§ Sending Messages); extension handlers hear theirs.
      if (inbound.kind === "notification") server.serveModernNotification(inbound.message, request.auth ? { auth: request.auth } : {});
      responder.respond(202, {});
      return;
    }
    const exchange = new ModernPostExchange(request, responder, limits);
    const reply = server.serveModern(inbound.message, exchange);
    // Answered in this tick (a synchronous handler): no disconnect can cancel it any more.
    if (!isThenable(reply)) return exchange.finish(reply);
    request.onDisconnect(() => exchange.cancellation.abort());
    return (reply as Promise<Reply>).then((outcome) => exchange.finish(outcome));
  };
}

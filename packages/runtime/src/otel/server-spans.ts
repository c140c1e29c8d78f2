// One SERVER span per MCP request (issue 17 #5), as a ServerOptions interceptor: the parent is
// the trace context in the request's `_meta` (semantic conventions for MCP § Context
// propagation), else the HTTP `traceparent` header, else whatever is active; the handler runs
// with the span active, so its own spans (a database call) become children.
import type { RequestInterceptor } from "../server/options.js";
import { outcomeOf } from "../server/request-hooks.js";
import type { OtelApi, OtelOptions } from "./api.js";
import { ATTR_NETWORK_PROTOCOL, ATTR_NETWORK_TRANSPORT, ATTR_PROTOCOL_VERSION, ATTR_SESSION_ID, requestAttributes, spanName } from "./attributes.js";
import { markException, markOutcome, TRACER_NAME } from "./span-outcome.js";
import { withRemoteParent } from "./trace-context.js";

/** A ServerOptions.interceptors entry that traces every request with `api` (your `@opentelemetry/api`). */
export function otelServerInterceptor(api: OtelApi, options: OtelOptions = {}): RequestInterceptor {
  const tracer = options.tracer ?? api.trace.getTracer(TRACER_NAME);
  return (info, run) => {
    const meta = info.params?.["_meta"] as Record<string, unknown> | undefined;
    const fromMeta = typeof meta?.["traceparent"] === "string";
    const traceparent = fromMeta ? meta?.["traceparent"] : info.headers?.("traceparent");
    const tracestate = fromMeta ? meta?.["tracestate"] : info.headers?.("tracestate");
    const parent = withRemoteParent(api, api.context.active(), traceparent, tracestate);
    const attributes = requestAttributes(info.method, info.id, info.params);
    if (info.sessionId !== undefined) attributes[ATTR_SESSION_ID] = info.sessionId;
    if (info.protocolVersion !== undefined) attributes[ATTR_PROTOCOL_VERSION] = info.protocolVersion;
    attributes[ATTR_NETWORK_TRANSPORT] = info.headers ? "tcp" : "pipe";
    if (info.headers) attributes[ATTR_NETWORK_PROTOCOL] = "http";
    const span = tracer.startSpan(spanName(info.method, info.params), { kind: api.SpanKind.SERVER, attributes }, parent);
    const started = performance.now();
    return api.context.with(api.trace.setSpan(parent, span), async () => {
      try {
        const body = await run();
        const outcome = outcomeOf(info, body, performance.now() - started);
        markOutcome(span, api, outcome);
        return body;
      } catch (error) {
        markException(span, api, error);
        throw error;
      } finally {
        span.end();
      }
    });
  };
}

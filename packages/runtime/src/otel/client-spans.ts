// One CLIENT span per request a client sends (issue 17 #5), as a wrapper around its transport:
// the span's parent is the context active where the call was made, and its trace context
// travels to the server in `params._meta` (`traceparent`, `tracestate`; semantic conventions
// for MCP § Context propagation), where otelServerInterceptor makes it the server span's parent.
import type { JsonObject, JsonRpcRequest, JsonRpcResponse } from "../core/jsonrpc/message.js";
import { META_PROTOCOL_VERSION } from "../core/era/envelope.js";
import type { ClientTransport, SendOptions } from "../client/transport/types.js";
import type { OtelApi, OtelOptions } from "./api.js";
import { ATTR_NETWORK_PROTOCOL, ATTR_NETWORK_TRANSPORT, ATTR_PROTOCOL_VERSION, requestAttributes, spanName } from "./attributes.js";
import { markException, markOutcome, TRACER_NAME } from "./span-outcome.js";
import { formatTraceparent } from "./trace-context.js";

function isToolErrorResult(method: string, response: JsonRpcResponse): boolean {
  return method === "tools/call" && "result" in response && (response.result as JsonObject)["isError"] === true;
}

/** `transport` with every request traced; pass the result as McpClientOptions.transport. */
export function traceClientTransport(transport: ClientTransport, api: OtelApi, options: OtelOptions = {}): ClientTransport {
  const tracer = options.tracer ?? api.trace.getTracer(TRACER_NAME);
  const request = async (message: JsonRpcRequest, sendOptions?: SendOptions): Promise<JsonRpcResponse> => {
    const params = message.params;
    const attributes = requestAttributes(message.method, message.id, params);
    const meta = (params?.["_meta"] ?? {}) as JsonObject;
    const version = meta[META_PROTOCOL_VERSION];
    if (typeof version === "string") attributes[ATTR_PROTOCOL_VERSION] = version;
    attributes[ATTR_NETWORK_TRANSPORT] = transport.kind === "http" ? "tcp" : "pipe";
    if (transport.kind === "http") attributes[ATTR_NETWORK_PROTOCOL] = "http";
    const parent = api.context.active();
    const span = tracer.startSpan(spanName(message.method, params), { kind: api.SpanKind.CLIENT, attributes }, parent);
    const spanContext = span.spanContext();
    const injected: JsonObject = { ...meta, traceparent: formatTraceparent(spanContext) };
    const state = spanContext.traceState?.serialize();
    if (state) injected["tracestate"] = state;
    const outgoing: JsonRpcRequest = { ...message, params: { ...params, _meta: injected } };
    try {
      const response = await api.context.with(api.trace.setSpan(parent, span), () => transport.request(outgoing, sendOptions));
      markOutcome(span, api, "error" in response ? { errorCode: response.error.code } : { toolError: isToolErrorResult(message.method, response) });
      return response;
    } catch (error) {
      markException(span, api, error);
      throw error;
    } finally {
      span.end();
    }
  };
  // Forwarding, not prototype delegation: the transport's methods keep `this` = the transport.
  const traced: ClientTransport = {
    kind: transport.kind,
    serverKey: transport.serverKey,
    start: (sink) => transport.start(sink),
    request,
    notify: (message, sendOptions) => transport.notify(message, sendOptions),
    respond: (message) => transport.respond(message),
    setEra: (era, protocolVersion) => transport.setEra(era, protocolVersion),
    handshakeComplete: (protocolVersion) => transport.handshakeComplete(protocolVersion),
    close: () => transport.close(),
  };
  if (transport.openServerStream) traced.openServerStream = () => (transport.openServerStream as () => Promise<boolean>).call(transport);
  if (transport.restart) traced.restart = () => (transport.restart as () => Promise<void>).call(transport);
  return traced;
}

// W3C Trace Context (https://www.w3.org/TR/trace-context/ § 3.2 traceparent, § 3.3 tracestate),
// carried in `params._meta` (`traceparent`, `tracestate`; OpenTelemetry semantic conventions for
// MCP § Context propagation) or in the HTTP headers of the same names. Parsed here rather than
// through the global propagator, so propagation works whether or not the application registered
// one.
import type { OtelApi, OtelContext, OtelSpanContext } from "./api.js";

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZERO = /^0+$/;

/** The remote span context a traceparent names, or undefined when it is malformed (§ 3.2.2). */
export function parseTraceparent(value: string): Omit<OtelSpanContext, "traceState"> | undefined {
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  // Version ff is invalid; version 00 has exactly four fields; later versions may append fields.
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (ALL_ZERO.test(traceId) || ALL_ZERO.test(spanId)) return undefined;
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16) & 0xff, isRemote: true };
}

export function formatTraceparent(context: OtelSpanContext): string {
  return `00-${context.traceId}-${context.spanId}-${(context.traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}

/** `base` with the remote parent from traceparent/tracestate, or `base` when there is none. */
export function withRemoteParent(api: OtelApi, base: OtelContext, traceparent: unknown, tracestate: unknown): OtelContext {
  if (typeof traceparent !== "string") return base;
  const parsed = parseTraceparent(traceparent);
  if (!parsed) return base;
  const spanContext: OtelSpanContext = typeof tracestate === "string" && tracestate !== "" ? { ...parsed, traceState: api.createTraceState(tracestate) } : parsed;
  return api.trace.setSpanContext(base, spanContext);
}

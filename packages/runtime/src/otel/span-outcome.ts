// How a request's outcome is written onto its span, the same on the client and the server side
// (semantic conventions for MCP § Errors: `error.type` is the JSON-RPC code, or `tool_error` for a
// tools/call result with isError, or the exception's name; the span status is ERROR in each case).
import type { OtelApi, OtelSpan } from "./api.js";
import { ATTR_ERROR_TYPE, ATTR_RPC_STATUS, TOOL_ERROR } from "./attributes.js";

/** The tracer name both span kinds use. */
export const TRACER_NAME = "@mcp-gen/runtime";

/** A JSON-RPC error answer (`errorCode`) or a tool error result (`toolError`); nothing for success. */
export function markOutcome(span: OtelSpan, api: OtelApi, outcome: { errorCode?: number | undefined; toolError?: boolean }): void {
  if (outcome.errorCode !== undefined) {
    span.setAttribute(ATTR_ERROR_TYPE, String(outcome.errorCode));
    span.setAttribute(ATTR_RPC_STATUS, String(outcome.errorCode));
    span.setStatus({ code: api.SpanStatusCode.ERROR });
  } else if (outcome.toolError) {
    span.setAttribute(ATTR_ERROR_TYPE, TOOL_ERROR);
    span.setStatus({ code: api.SpanStatusCode.ERROR });
  }
}

/** A request that threw instead of answering. */
export function markException(span: OtelSpan, api: OtelApi, error: unknown): void {
  span.recordException(error);
  span.setAttribute(ATTR_ERROR_TYPE, error instanceof Error ? error.name : "unknown");
  span.setStatus({ code: api.SpanStatusCode.ERROR });
}

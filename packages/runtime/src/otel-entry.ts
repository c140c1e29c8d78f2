// `@mcp-gen/runtime/otel`: OpenTelemetry tracing for servers and clients. Nothing here imports
// `@opentelemetry/api`: pass your own module (`import * as api from "@opentelemetry/api"`), an
// optional peer dependency. Explicit named exports only.
export { otelServerInterceptor } from "./otel/server-spans.js";
export { traceClientTransport } from "./otel/client-spans.js";
export { formatTraceparent, parseTraceparent } from "./otel/trace-context.js";
export type { OtelApi, OtelOptions, OtelSpan, OtelSpanContext, OtelTracer } from "./otel/api.js";

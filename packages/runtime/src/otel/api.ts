// The part of `@opentelemetry/api` this runtime uses, described structurally. The runtime never
// imports the package: the application passes its own `@opentelemetry/api` module (an optional
// peer dependency), so a server without OpenTelemetry loads nothing and pays nothing, and the
// type declarations do not need the package either.

export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue | undefined>;

/** An opaque @opentelemetry/api Context. */
export type OtelContext = object;

export interface OtelTraceState {
  serialize(): string;
}

export interface OtelSpanContext {
  traceId: string;
  spanId: string;
  traceFlags: number;
  isRemote?: boolean;
  traceState?: OtelTraceState;
}

export interface OtelSpan {
  spanContext(): OtelSpanContext;
  setAttribute(key: string, value: AttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: unknown): unknown;
  end(): void;
}

export interface OtelTracer {
  startSpan(name: string, options?: { kind?: number; attributes?: Attributes }, context?: OtelContext): OtelSpan;
}

/** What `import * as api from "@opentelemetry/api"` provides, as far as this runtime needs. */
export interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): OtelTracer;
    setSpan(context: OtelContext, span: OtelSpan): OtelContext;
    setSpanContext(context: OtelContext, spanContext: OtelSpanContext): OtelContext;
    getSpan(context: OtelContext): OtelSpan | undefined;
  };
  context: {
    active(): OtelContext;
    with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: OtelContext, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F>;
  };
  createTraceState(raw?: string): OtelTraceState;
  /** SpanKind.SERVER = 1, CLIENT = 2 (read from the module, not hard-coded). */
  SpanKind: { SERVER: number; CLIENT: number };
  /** SpanStatusCode.ERROR = 2. */
  SpanStatusCode: { ERROR: number };
}

export interface OtelOptions {
  /** The tracer to use. Default: `api.trace.getTracer("@mcp-gen/runtime")`. */
  tracer?: OtelTracer;
}

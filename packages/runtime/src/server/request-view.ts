// What a handler may see of the request it serves (`ctx.request`): the request's `_meta` (trace
// context, progress token, the modern envelope) and, on HTTP, the request headers the server
// allows it to see.
//
// DECISION (issue 16 item 4): headers are opt-in by name (ServerOptions.exposeHeaders). Nothing
// is visible by default, and credentials are never visible by accident: `authorization`,
// `cookie` and `proxy-authorization` only when the list names them itself (no pattern reaches
// them). The verified token is `ctx.auth` already (2025-11-25 / 2026-07-28 basic/authorization §
// Token Handling: a server MUST NOT pass the client's token through). Names are compared
// lower-cased (RFC 9110 § 5.1); values are the raw header text. stdio requests have no headers.
// `_meta` is the client's own object, read-only by contract: `traceparent`/`tracestate`/`baggage`
// (2026-07-28 basic/index § `_meta`, W3C Trace Context) and `progressToken` are read from it.
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";

export type HeaderSource = ((lowerCaseName: string) => string | undefined) | undefined;

export interface RequestView {
  /** The request's `params._meta` as the client sent it ({} when absent). Do not modify it. */
  readonly meta: Readonly<JsonObject>;
  readonly progressToken: string | number | undefined;
  /** W3C trace context from `_meta` (strings only; anything else reads as undefined). */
  readonly traceparent: string | undefined;
  readonly tracestate: string | undefined;
  readonly baggage: string | undefined;
  /** The allowed request headers that are present, by lower-case name (HTTP only; {} otherwise). */
  readonly headers: Readonly<Record<string, string>>;
  /** One allowed header by name (any case), undefined when absent or not allowed. */
  header(name: string): string | undefined;
}

const NO_META: Readonly<JsonObject> = Object.freeze({});
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The lower-cased allow-list; throws on a name that is not a header field name (RFC 9110 § 5.1). */
export function normalizeExposedHeaders(names: readonly string[] | undefined): readonly string[] {
  if (names === undefined) return [];
  return Object.freeze(
    [...new Set(names.map((name) => {
      if (typeof name !== "string" || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new TypeError(`exposeHeaders: '${String(name)}' is not a header name`);
      return name.toLowerCase();
    }))],
  );
}

/** The allowed headers present on the request. */
export function visibleHeaders(source: HeaderSource, allowed: readonly string[]): Readonly<Record<string, string>> {
  if (source === undefined || allowed.length === 0) return NO_HEADERS;
  const out: Record<string, string> = {};
  for (const name of allowed) {
    const value = source(name);
    if (value !== undefined) out[name] = value;
  }
  return Object.freeze(out);
}

class View implements RequestView {
  readonly meta: Readonly<JsonObject>;
  constructor(
    params: JsonObject,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    const meta = params["_meta"];
    this.meta = isPlainObject(meta) ? meta : NO_META;
  }
  get progressToken(): string | number | undefined {
    const token = this.meta["progressToken"];
    return typeof token === "string" || typeof token === "number" ? token : undefined;
  }
  get traceparent(): string | undefined {
    return this.text("traceparent");
  }
  get tracestate(): string | undefined {
    return this.text("tracestate");
  }
  get baggage(): string | undefined {
    return this.text("baggage");
  }
  header(name: string): string | undefined {
    const key = name.toLowerCase();
    return Object.hasOwn(this.headers, key) ? this.headers[key] : undefined;
  }
  private text(key: string): string | undefined {
    const value = this.meta[key];
    return typeof value === "string" ? value : undefined;
  }
}

export function createRequestView(params: JsonObject, headers: Readonly<Record<string, string>> | undefined): RequestView {
  return new View(params, headers ?? NO_HEADERS);
}

// CORS for browser clients (issue 17 #3; Fetch standard § CORS protocol). Off unless origins are
// configured. A preflight allows the request headers of both eras (2025-11-25 basic/transports
// § Session Management, § Resumability; 2026-07-28 streamable-http § Standard Request Headers,
// § Custom Headers from Tool Parameters: `Mcp-Param-{Name}` for every `x-mcp-header` declaration
// of the server's tools) and the W3C trace-context headers; answers expose `Mcp-Session-Id` and
// `WWW-Authenticate`, which a page's script could not read otherwise.
// DECISION: CORS only decides what a browser may read. The Host/Origin guard (host-guard.ts)
// runs first on every request, preflights included, so an origin it refuses never gets here and
// configuring CORS never widens what the server accepts.
import { HEADER_LAST_EVENT_ID, HEADER_METHOD, HEADER_NAME, HEADER_PROTOCOL_VERSION, HEADER_SESSION_ID, paramHeaderName } from "../core/headers/names.js";
import { headerParamsOf } from "../core/headers/standard.js";
import type { CorsOptions } from "../server/options.js";
import type { ServerDefinition } from "../server/definition.js";

export type { CorsOptions };

const BASE_REQUEST_HEADERS = ["Content-Type", "Accept", "Authorization", HEADER_PROTOCOL_VERSION, HEADER_SESSION_ID, HEADER_LAST_EVENT_ID, HEADER_METHOD, HEADER_NAME, "traceparent", "tracestate", "baggage"];
const EXPOSED_HEADERS = [HEADER_SESSION_ID, "WWW-Authenticate", HEADER_PROTOCOL_VERSION, "Retry-After"].join(", ");
const ALLOWED_METHODS = "GET, POST, DELETE, OPTIONS";

export interface Cors {
  /** The preflight answer's headers for `origin`, or undefined when the origin is not allowed. */
  preflight(origin: string): Record<string, string> | undefined;
  /** Headers to add to an actual response for `origin`, or undefined when it is not allowed. */
  responseHeaders(origin: string): Readonly<Record<string, string>> | undefined;
}

/** Every `Mcp-Param-{Name}` the definition's tools declare, in first-seen order. */
export function paramHeaderNames(definition: ServerDefinition): string[] {
  const names = new Set<string>();
  for (const tool of definition.tools ?? []) {
    for (const header of tool.headers ?? headerParamsOf(tool.inputSchema)) names.add(paramHeaderName(header.headerName));
  }
  return [...names];
}

export function createCors(options: CorsOptions, definition: ServerDefinition): Cors {
  const anyOrigin = options.allowedOrigins === "*";
  const origins = new Set(anyOrigin ? [] : (options.allowedOrigins as readonly string[]));
  const allowHeaders = [...BASE_REQUEST_HEADERS, ...paramHeaderNames(definition), ...(options.allowHeaders ?? [])].join(", ");
  const maxAge = String(options.maxAgeSeconds ?? 600);
  const allowed = (origin: string): boolean => anyOrigin || origins.has(origin);
  const common = (origin: string): Record<string, string> => {
    const headers: Record<string, string> = { "access-control-allow-origin": origin, vary: "Origin" };
    if (options.credentials) headers["access-control-allow-credentials"] = "true";
    return headers;
  };
  const cache = new Map<string, Readonly<Record<string, string>>>();
  return {
    preflight(origin) {
      if (!allowed(origin)) return undefined;
      return { ...common(origin), "access-control-allow-methods": ALLOWED_METHODS, "access-control-allow-headers": allowHeaders, "access-control-max-age": maxAge };
    },
    responseHeaders(origin) {
      if (!allowed(origin)) return undefined;
      let headers = cache.get(origin);
      if (!headers) {
        headers = Object.freeze({ ...common(origin), "access-control-expose-headers": EXPOSED_HEADERS });
        // Bounded: with "*" every distinct origin the guard let through would stay here otherwise.
        if (cache.size < 256) cache.set(origin, headers);
      }
      return headers;
    },
  };
}

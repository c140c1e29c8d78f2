// The manifest's `http` section: defaults for the generated server's HTTP endpoint, emitted
// into createServer's ServerOptions (options passed to createServer win). `sse` switches on the
// 2024-11-05 HTTP+SSE transport at start-up (docs/sse.md); `exposeHeaders` is the allow-list of
// request headers handlers see as ctx.request.headers (runtime server/request-view.ts).
// DECISION: names are exact lower-case tokens. The runtime lower-cases whatever it is given, but
// a manifest that says `X-Tenant` or `x-*` suggests a case rule or a pattern that does not exist;
// refusing them keeps the list literal, so a credential (authorization, cookie) is exposed only
// when its own name is written down (2026-07-28 basic/authorization § Token Handling).
import { transportsOf } from "./auth.js";
import { isMap } from "./raw.js";
import type { Reporter } from "./reporter.js";

export interface HttpDeclaration {
  /** The 2024-11-05 HTTP+SSE transport's paths; absent: not served. */
  readonly sse?: { readonly path: string; readonly messagesPath: string };
  /** Lower-case header names handlers may read; absent: none. */
  readonly exposeHeaders?: readonly string[];
}

// The runtime's defaults (http/sse-transport.ts SSE_TRANSPORT_DEFAULTS and the /mcp endpoint);
// spelled here because the generator does not import runtime code at load time.
const SSE_DEFAULTS = { path: "/sse", messagesPath: "/messages" } as const;
const STREAMABLE_PATH = "/mcp";
const LOWER_TOKEN = /^[!#$%&'+.^_`|~0-9a-z-]+$/;

function sseOf(value: unknown): HttpDeclaration["sse"] {
  if (value === true) return { ...SSE_DEFAULTS };
  if (!isMap(value)) return undefined;
  return {
    path: typeof value["path"] === "string" ? value["path"] : SSE_DEFAULTS.path,
    messagesPath: typeof value["messagesPath"] === "string" ? value["messagesPath"] : SSE_DEFAULTS.messagesPath,
  };
}

export function checkHttpOptions(root: unknown, reporter: Reporter): void {
  const http = isMap(root) ? root["http"] : undefined;
  if (!isMap(http)) return;
  if (!transportsOf(root).includes("http")) {
    reporter.report("MCPGEN1109", ["http"], "`http` on a stdio-only server: stdio has no paths and no request headers", "add `http` to `transports`, or remove the `http` section", { target: "key" });
  }
  const headers = http["exposeHeaders"];
  if (Array.isArray(headers)) {
    headers.forEach((name, index) => {
      if (typeof name !== "string" || name.length === 0 || LOWER_TOKEN.test(name)) return;
      const lower = name.toLowerCase();
      const hint = name.includes("*") ? "list each header by its own name: there are no patterns" : LOWER_TOKEN.test(lower) ? `write \`${lower}\`` : "a header name is a token: letters, digits and !#$%&'+-.^_`|~, no spaces or colons";
      reporter.report("MCPGEN1107", ["http", "exposeHeaders", index], `\`${name}\` is not a lower-case header name`, hint);
    });
  }
  const sse = sseOf(http["sse"]);
  if (sse === undefined) return;
  const at = ["http", "sse"];
  if (sse.path === sse.messagesPath) {
    reporter.report("MCPGEN1108", at, `the event stream and the message endpoint are both \`${sse.path}\``, "give `path` and `messagesPath` two different paths");
  } else if (sse.path === STREAMABLE_PATH || sse.messagesPath === STREAMABLE_PATH) {
    reporter.report("MCPGEN1108", at, `\`${STREAMABLE_PATH}\` is the Streamable HTTP endpoint, it cannot also be an HTTP+SSE path`, "pick another path, e.g. the defaults `/sse` and `/messages`");
  }
}

export function normalizeHttpOptions(root: Record<string, unknown>): HttpDeclaration | undefined {
  const http = root["http"];
  if (!isMap(http)) return undefined;
  const sse = sseOf(http["sse"]);
  const headers = Array.isArray(http["exposeHeaders"]) ? http["exposeHeaders"].filter((h): h is string => typeof h === "string") : undefined;
  if (sse === undefined && (headers === undefined || headers.length === 0)) return undefined;
  return { ...(sse ? { sse } : {}), ...(headers && headers.length > 0 ? { exposeHeaders: headers } : {}) };
}

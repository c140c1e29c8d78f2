// Authorization server metadata discovery (RFC 8414 §3; OpenID Connect Discovery 1.0 §4), to
// find an issuer's `jwks_uri` and `introspection_endpoint`. The well-known URLs are tried in the
// order MCP clients use (basic/authorization § Authorization Server Metadata Discovery). The
// document's `issuer` must equal the issuer asked for (RFC 8414 §3.3), else it is ignored.
// Results are cached per issuer; a failure is remembered briefly so an outage is not hammered.
import { verifierUnavailable } from "./errors.js";

export interface IssuerMetadata {
  issuer: string;
  jwks_uri?: string;
  introspection_endpoint?: string;
  [key: string]: unknown;
}

function candidates(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  const list = [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${url.origin}/.well-known/openid-configuration${path}`];
  if (path !== "") list.push(`${url.origin}${path}/.well-known/openid-configuration`);
  return list;
}

export async function fetchJson(url: string, timeoutMs: number, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

async function discover(issuer: string, timeoutMs: number): Promise<IssuerMetadata> {
  for (const url of candidates(issuer)) {
    let answer: { status: number; body: unknown };
    try {
      answer = await fetchJson(url, timeoutMs, { headers: { accept: "application/json" } });
    } catch {
      continue;
    }
    const body = answer.body as IssuerMetadata | undefined;
    if (answer.status === 200 && body && typeof body === "object" && body.issuer === issuer) return body;
  }
  throw verifierUnavailable("authorization server metadata unavailable");
}

export interface IssuerDirectory {
  metadata(issuer: string): Promise<IssuerMetadata>;
}

export function createIssuerDirectory(timeoutMs: number, retryAfterMs = 5_000, now: () => number = Date.now): IssuerDirectory {
  const cache = new Map<string, { value: Promise<IssuerMetadata>; failedAt?: number }>();
  return {
    metadata(issuer) {
      const hit = cache.get(issuer);
      if (hit && (hit.failedAt === undefined || now() - hit.failedAt < retryAfterMs)) return hit.value;
      const entry: { value: Promise<IssuerMetadata>; failedAt?: number } = { value: discover(issuer, timeoutMs) };
      entry.value.catch(() => {
        entry.failedAt = now();
      });
      cache.set(issuer, entry);
      return entry.value;
    },
  };
}

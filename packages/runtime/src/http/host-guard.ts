// DNS-rebinding protection for locally bound servers (2026-07-28 streamable-http § Security):
// a present Origin that is not allowed is refused with 403, and so is a Host header naming a
// host other than the loopback names (or the configured ones). A missing Origin passes, as
// non-browser clients never send one. Both headers are parsed by their grammar, never by a
// lenient URL parser or a prefix cut (issue 21 #12: `localhost:1@evil.com` and Origins with
// userinfo or a path passed): Host = uri-host [ ":" port ] (RFC 9110 § 7.2), Origin =
// scheme "://" host [ ":" port ] (RFC 6454 § 7.1).
// The options are part of ServerOptions, so their shape lives with them (server/ never imports http/).
import type { HostGuardOptions } from "../server/options.js";
export type { HostGuardOptions };

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** The facts the guard needs about one request. */
export interface GuardedRequest {
  host: string | undefined;
  /** How many Host fields the request carried; more than one is refused (RFC 9112 § 3.2). */
  hostCount: number;
  origin: string | undefined;
}

export type HostGuard = (request: GuardedRequest) => boolean;

// reg-name / IPv4 characters (RFC 3986 § 3.2.2, without pct-encoding and sub-delims, which no
// real host name uses), or a bracketed IPv6 literal.
const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9\-._~]+)(?::([0-9]{1,5}))?$/;
const ORIGIN = /^(https?):\/\/(\[[0-9a-f:.]+\]|[a-z0-9\-._~]+)(?::([0-9]{1,5}))?$/;

function validPort(port: string | undefined): boolean {
  return port === undefined || Number(port) <= 65535;
}

/** The lower-cased host of a Host header value, or undefined when it does not follow the grammar. */
export function hostOfHostHeader(value: string): string | undefined {
  const match = HOST_AND_PORT.exec(value.trim().toLowerCase());
  return match && validPort(match[2]) ? match[1] : undefined;
}

/** The scheme and lower-cased host of an Origin, or undefined ("null", userinfo, a path, …). */
export function parseOrigin(value: string): { scheme: string; host: string } | undefined {
  const match = ORIGIN.exec(value.trim().toLowerCase());
  return match && validPort(match[3]) ? { scheme: match[1] as string, host: match[2] as string } : undefined;
}

export function createHostGuard(options: HostGuardOptions = {}): HostGuard {
  if (options.disabled) return () => true;
  const hosts = new Set((options.allowedHosts ?? LOOPBACK_HOSTS).map((h) => h.toLowerCase()));
  // "::1" without brackets is how people write it in configuration; the header form has them.
  if (hosts.has("::1")) hosts.add("[::1]");
  const origins = options.allowedOrigins ? new Set(options.allowedOrigins) : undefined;
  // PERFORMANCE: a server sees the same few Host values over and over; the last accepted one is
  // remembered, so the grammar check runs once per distinct value, not once per request.
  let lastAcceptedHost: string | undefined;
  return ({ host, hostCount, origin }) => {
    if (hostCount > 1) return false;
    if (host !== undefined && host !== lastAcceptedHost) {
      const name = hostOfHostHeader(host);
      if (name === undefined || !hosts.has(name)) return false;
      lastAcceptedHost = host;
    }
    if (origin === undefined) return true;
    if (origins) return origins.has(origin.trim());
    const parsed = parseOrigin(origin);
    return parsed !== undefined && hosts.has(parsed.host);
  };
}

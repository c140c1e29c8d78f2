// DNS-rebinding protection for locally bound servers (2026-07-28 streamable-http § Security):
// a present Origin that is not allowed is refused with 403, and so is a Host header naming a
// host other than the loopback names (or the configured ones). A missing Origin passes, as
// non-browser clients never send one.
export interface HostGuardOptions {
  /** Host names (without port) accepted in the Host header. Default: localhost, 127.0.0.1, [::1]. */
  allowedHosts?: readonly string[];
  /** Exact origins accepted in Origin; default: http(s) origins on an allowed host. */
  allowedOrigins?: readonly string[];
  /** Turn the guard off (e.g. behind a reverse proxy that already validates). */
  disabled?: boolean;
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]", "::1"];

export type HostGuard = (host: string | undefined, origin: string | undefined) => boolean;

function hostNameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.indexOf(":");
  return colon === -1 ? value : value.slice(0, colon);
}

export function createHostGuard(options: HostGuardOptions = {}): HostGuard {
  if (options.disabled) return () => true;
  const hosts = new Set((options.allowedHosts ?? LOOPBACK_HOSTS).map((h) => h.toLowerCase()));
  const origins = options.allowedOrigins ? new Set(options.allowedOrigins) : undefined;
  return (host, origin) => {
    if (host !== undefined && !hosts.has(hostNameOf(host))) return false;
    if (origin === undefined) return true;
    if (origins) return origins.has(origin);
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // includes the literal "null" origin of sandboxed documents
    }
    return (url.protocol === "http:" || url.protocol === "https:") && hosts.has(url.hostname.toLowerCase());
  };
}

// Connection caps and timeouts for the node:http adapter (issue 21 #11: without them, headers
// trickled at 1 B/s held a socket 90 s, a body 330 s, and 1,030 idle sockets exhausted the
// process's descriptors). Node enforces the header/request timeouts on a periodic check; the
// check runs every second here so the bound is the configured time plus at most 1 s.
import type { createServer as CreateServer, RequestListener, Server } from "node:http";

export interface ConnectionLimits {
  /** Time a client has to send its complete request headers, from connect or from the previous response (ms). Default 10 000. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, headers and body (ms). Responses (SSE streams) are not limited. Default 30 000. */
  requestTimeoutMs?: number;
  /** Idle time of a kept-alive connection between requests (ms). Default 5 000. */
  keepAliveTimeoutMs?: number;
  /** Open connections in total; a connection past it is closed at once. Default 512. */
  maxConnections?: number;
  /** Open connections per peer address; a connection past it is closed at once. Default 128. */
  maxConnectionsPerClient?: number;
}

export const CONNECTION_DEFAULTS = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  maxConnectionsPerClient: 128,
});

/** Creates the node:http server with the limits applied. */
export function limitConnections(create: typeof CreateServer, listener: RequestListener, limits: ConnectionLimits = {}): Server {
  const requestTimeout = limits.requestTimeoutMs ?? CONNECTION_DEFAULTS.requestTimeoutMs;
  // Node refuses a header timeout longer than a (non-zero) request timeout.
  const headersTimeout = Math.min(limits.headersTimeoutMs ?? CONNECTION_DEFAULTS.headersTimeoutMs, requestTimeout || Infinity);
  const connectionsCheckingInterval = Math.max(100, Math.min(1000, headersTimeout || 1000));
  const server = create({ headersTimeout, requestTimeout, connectionsCheckingInterval }, listener);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs ?? CONNECTION_DEFAULTS.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections ?? CONNECTION_DEFAULTS.maxConnections;
  const perClient = limits.maxConnectionsPerClient ?? CONNECTION_DEFAULTS.maxConnectionsPerClient;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > perClient) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return server;
}

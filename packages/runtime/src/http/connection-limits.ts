// Connection caps and timeouts for the node:http adapter (issue 21 #11: without them, headers
// trickled at 1 B/s held a socket 90 s, a body 330 s, and 1,030 idle sockets exhausted the
// process's descriptors so normal requests failed). Node enforces the header/request timeouts on
// a periodic check, run every second here, so the bound is the configured time plus at most 1 s.
// The caps are our own accounting, not server.maxConnections: at a cap a new connection first
// displaces the oldest idle one (no request in progress: a slowloris socket, or a kept-alive one
// between requests), and is refused only when every connection is busy.
import type { createServer as CreateServer, RequestListener, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionLimits {
  /** Time a client has to send its complete request headers, from connect or from the previous response (ms). Default 10 000. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, headers and body (ms). Responses (SSE streams) are not limited. Default 30 000. */
  requestTimeoutMs?: number;
  /** Idle time of a kept-alive connection between requests (ms). Default 5 000. */
  keepAliveTimeoutMs?: number;
  /** Open connections in total. Default 512. */
  maxConnections?: number;
  /** Open connections per peer address. Default 128. */
  maxConnectionsPerClient?: number;
}

export const CONNECTION_DEFAULTS = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  maxConnectionsPerClient: 128,
});

interface Tracked {
  socket: Socket;
  address: string;
}

/** node:http's own link from a socket to the response it is writing, cleared when that response finishes. */
type SocketWithResponse = Socket & { _httpMessage?: ServerResponse | null };

// PERFORMANCE: busy-ness is read when a victim is chosen (rare: only at a cap), not tracked per
// request: the earlier per-request "close" listener and idle-set reordering cost ~2 µs of every
// request (bench/server, CPU per request). It is read from node:http's `_httpMessage` rather than
// a reference of our own: holding each connection's latest response kept that whole request
// (IncomingMessage, ServerResponse, the exchange) alive until the next one on the connection, so
// every scavenge under keep-alive load copied ~150 KB of finished requests and V8 grew the young
// generation (RSS after 100k requests +13 MB; issue 10).
function isBusy(entry: Tracked): boolean {
  const response = (entry.socket as SocketWithResponse)._httpMessage;
  return response != null && !response.writableFinished && !response.destroyed;
}

/** Open connections in arrival order, so the oldest idle one is the first idle one found. */
class ConnectionTable {
  private readonly all = new Map<Socket, Tracked>();
  private readonly perAddress = new Map<string, Set<Tracked>>();

  get size(): number {
    return this.all.size;
  }

  countOf(address: string): number {
    return this.perAddress.get(address)?.size ?? 0;
  }

  add(socket: Socket, address: string): Tracked {
    const entry: Tracked = { socket, address };
    this.all.set(socket, entry);
    let mine = this.perAddress.get(address);
    if (!mine) this.perAddress.set(address, (mine = new Set()));
    mine.add(entry);
    return entry;
  }

  remove(entry: Tracked): void {
    if (!this.all.delete(entry.socket)) return;
    const mine = this.perAddress.get(entry.address);
    mine?.delete(entry);
    if (mine?.size === 0) this.perAddress.delete(entry.address);
  }

  /** The oldest connection with no request in progress (of `address`, when given). */
  oldestIdle(address?: string): Tracked | undefined {
    const candidates = address === undefined ? this.all.values() : this.perAddress.get(address)?.values();
    if (candidates) for (const entry of candidates) if (!isBusy(entry)) return entry;
    return undefined;
  }
}


/** Creates the node:http server with the limits applied. */
export function limitConnections(create: typeof CreateServer, listener: RequestListener, limits: ConnectionLimits = {}): Server {
  const requestTimeout = limits.requestTimeoutMs ?? CONNECTION_DEFAULTS.requestTimeoutMs;
  // Node refuses a header timeout longer than a (non-zero) request timeout.
  const headersTimeout = Math.min(limits.headersTimeoutMs ?? CONNECTION_DEFAULTS.headersTimeoutMs, requestTimeout || Infinity);
  const connectionsCheckingInterval = Math.max(100, Math.min(1000, headersTimeout || 1000));
  const table = new ConnectionTable();
  const server = create({ headersTimeout, requestTimeout, connectionsCheckingInterval }, listener);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs ?? CONNECTION_DEFAULTS.keepAliveTimeoutMs;
  const maxTotal = limits.maxConnections ?? CONNECTION_DEFAULTS.maxConnections;
  const maxPerClient = limits.maxConnectionsPerClient ?? CONNECTION_DEFAULTS.maxConnectionsPerClient;
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    // Make room: the client's own oldest idle connection at its cap, any oldest idle one at the total cap.
    if (table.countOf(address) >= maxPerClient) {
      const victim = table.oldestIdle(address);
      if (!victim) return void socket.destroy();
      table.remove(victim);
      victim.socket.destroy();
    }
    if (table.size >= maxTotal) {
      const victim = table.oldestIdle();
      if (!victim) return void socket.destroy();
      table.remove(victim);
      victim.socket.destroy();
    }
    const entry = table.add(socket, address);
    socket.once("close", () => table.remove(entry));
  });
  return server;
}

// Streamable HTTP transport for the client, both eras, on the platform `fetch`.
//
// Modern [S26:basic/transports/streamable-http]: one POST per message, JSON or SSE
// response, no sessions, no resumption; closing a response stream IS cancellation.
// Legacy [S25:basic/transports § Streamable HTTP]: the same POSTs plus `Mcp-Session-Id`
// minted on the initialize response and echoed afterwards, `MCP-Protocol-Version` on every
// post-initialize request, SSE resumption through GET + `Last-Event-ID` honouring the
// server's `retry`, and an optional standalone GET stream for server→client messages.

import type { OAuthClient } from "../auth/oauth.js";
import { HEADER_LAST_EVENT_ID, HEADER_PROTOCOL_VERSION, HEADER_SESSION_ID } from "../../core/headers/names.js";
import { McpClientError } from "../errors.js";
import { isResponse, parseMessage, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from "../../core/jsonrpc/message.js";
import { SseReader } from "../sse.js";
import { LegacySseTransport, openSseFallback, SSE_FALLBACK_STATUSES } from "./sse-fallback.js";
import type { ClientTransport, InboundSink, SendOptions } from "./types.js";

export interface HttpTransportOptions {
  url: string | URL;
  /** Added to every request (e.g. Authorization). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Reconnect delay when a legacy stream ends without a `retry` field (ms). */
  defaultRetryMs?: number;
  /** Resumption attempts for one legacy request before giving up. */
  maxReconnects?: number;
  /** OAuth: tokens (Bearer or DPoP with a proof) on every request, and the authorization flow on 401 / 403 insufficient_scope. */
  auth?: OAuthClient;
  /** A refused `initialize` (400/404/405, no JSON-RPC body) tries the 2024-11-05 HTTP+SSE transport (sse-fallback.ts). Default true. */
  sseFallback?: boolean;
}

const ACCEPT_BOTH = "application/json, text/event-stream";

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new McpClientError("aborted", "request aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new McpClientError("aborted", "request aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** "fetch failed" hides the interesting part in `cause` (ECONNRESET, UND_ERR_SOCKET, …). */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail = cause === undefined ? "" : ` (${String(cause.code ?? "")} ${String(cause.message ?? "")})`.replace("( ", "(");
  return `${(error as Error).message}${detail}`;
}

function isAbort(error: unknown): boolean {
  // AbortSignal.timeout() rejects with a TimeoutError; the client maps it to its own "timeout" reason.
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError" || (error instanceof McpClientError && error.reason === "aborted"));
}

export class HttpClientTransport implements ClientTransport {
  readonly kind = "http" as const;
  readonly serverKey: string;
  private readonly url: URL;
  private readonly fetchImpl: typeof fetch;
  private readonly extraHeaders: Record<string, string>;
  private readonly defaultRetryMs: number;
  private readonly maxReconnects: number;
  private readonly auth: OAuthClient | undefined;
  private sink: InboundSink = () => undefined;
  private era: "modern" | "legacy" | undefined;
  private protocolVersion: string | undefined;
  /** Legacy only: minted by the server on the initialize response. */
  sessionId: string | undefined;
  /** Legacy: true once initialize has completed (the version header is not sent on initialize itself). */
  private negotiated = false;
  private readonly background = new Set<AbortController>();
  private closed = false;
  private readonly sseFallback: boolean;
  /** Set once the server turned out to speak only the 2024-11-05 HTTP+SSE transport: everything goes there. */
  private legacySse: LegacySseTransport | undefined;

  constructor(options: HttpTransportOptions) {
    this.url = new URL(options.url);
    this.serverKey = `${this.url.origin}${this.url.pathname}`;
    // Bound: browsers throw "Illegal invocation" when fetch is called with another `this`.
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.extraHeaders = options.headers ?? {};
    this.defaultRetryMs = options.defaultRetryMs ?? 1000;
    this.maxReconnects = options.maxReconnects ?? 5;
    this.auth = options.auth;
    this.sseFallback = options.sseFallback ?? true;
  }

  async start(sink: InboundSink): Promise<void> {
    this.sink = sink;
  }

  setEra(era: "modern" | "legacy", protocolVersion: string): void {
    this.era = era;
    this.protocolVersion = protocolVersion;
    if (era === "modern") this.sessionId = undefined;
  }

  /** Legacy: after initialize, stamp the negotiated version on every request. */
  handshakeComplete(protocolVersion: string): void {
    this.protocolVersion = protocolVersion;
    this.negotiated = true;
  }

  /** Extra + auth headers (a DPoP proof is per method and request, so this is async) + session headers. */
  private async baseHeaders(method: string, extra: Record<string, string> | undefined): Promise<Record<string, string>> {
    const headers: Record<string, string> = { ...this.extraHeaders, ...(this.auth === undefined ? {} : await this.auth.headersFor(method, this.url)) };
    if (this.era === "legacy") {
      if (this.sessionId !== undefined) headers[HEADER_SESSION_ID] = this.sessionId;
      if (this.protocolVersion !== undefined && this.negotiated) headers[HEADER_PROTOCOL_VERSION] = this.protocolVersion;
    }
    return { ...headers, ...(extra ?? {}) };
  }

  private async post(message: JsonRpcMessage, options: SendOptions | undefined): Promise<Response> {
    if (this.closed) throw new McpClientError("transport-closed", "transport is closed");
    const body = JSON.stringify(message);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      const headers: Record<string, string> = { "Content-Type": "application/json", Accept: ACCEPT_BOTH, ...(await this.baseHeaders("POST", options?.headers)) };
      try {
        response = await this.fetchImpl(this.url, {
          method: "POST",
          headers,
          body,
          signal: options?.signal ?? null,
        });
      } catch (error) {
        if (isAbort(error)) throw new McpClientError("aborted", "request aborted", { cause: error });
        throw new McpClientError("transport-closed", `POST ${this.url.href} failed: ${describeFetchError(error)}`, { cause: error });
      }
      // OAuth challenge: authorize (or step up) and send the same body again, a bounded number of times.
      if (this.auth !== undefined && (response.status === 401 || response.status === 403) && attempt < this.auth.maxAttempts) {
        // The body is dropped only when the request is repeated: a challenge the client cannot
        // act on goes back to the caller whole (its JSON-RPC error body, if any, still readable).
        const again = await this.auth.handleChallenge(response, this.url, headers.Authorization ?? "").catch(async (error: unknown) => {
          await response.body?.cancel().catch(() => undefined);
          throw error;
        });
        if (again) {
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
      }
      this.captureSession(response);
      return response;
    }
  }

  private captureSession(response: Response): void {
    if (this.era !== "legacy") return;
    const minted = response.headers.get(HEADER_SESSION_ID);
    if (minted !== null && minted !== "") this.sessionId = minted;
  }

  private async refusal(response: Response): Promise<never> {
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401 || response.status === 403) {
      throw new McpClientError("auth-required", `server answered HTTP ${response.status}`, { status: response.status });
    }
    throw new McpClientError("http-status", `server answered HTTP ${response.status} without a JSON-RPC body`, { status: response.status });
  }

  async request(message: JsonRpcRequest, options?: SendOptions): Promise<JsonRpcResponse> {
    if (this.legacySse?.over === true && message.method === "initialize") this.legacySse = undefined;
    if (this.legacySse) return this.legacySse.request(message, options);
    const response = await this.post(message, options);
    if (this.sseFallback && message.method === "initialize" && SSE_FALLBACK_STATUSES.has(response.status)) {
      const context = { url: this.url, fetch: this.fetchImpl, headers: (method: string) => this.baseHeaders(method, undefined), sink: (m: JsonRpcMessage) => this.sink(m), signal: options?.signal };
      const outcome = await openSseFallback(response, context);
      if (!(outcome instanceof LegacySseTransport)) return outcome;
      this.legacySse = outcome;
      return outcome.request(message, options);
    }
    if (response.status === 404 && this.era === "legacy" && this.sessionId !== undefined && message.method !== "initialize") {
      // [S25:basic/transports § Session Management]: 404 means the session is gone; the caller re-initializes.
      this.sessionId = undefined;
      this.negotiated = false;
      await response.body?.cancel().catch(() => undefined);
      throw new McpClientError("session-expired", "the server no longer knows this session (HTTP 404)", { status: 404 });
    }
    const contentType = response.headers.get("content-type") ?? "";
    try {
      if (contentType.includes("text/event-stream")) return await this.readStream(response, message.id, options);
      if (contentType.includes("application/json")) {
        const text = await response.text();
        const parsed = parseMessage(text);
        if (parsed !== null && isResponse(parsed)) return parsed;
        if (!response.ok) return await this.refusal(response);
        throw new McpClientError("bad-response", `expected a JSON-RPC response, got: ${text.slice(0, 200)}`, { status: response.status });
      }
      return await this.refusal(response);
    } catch (error) {
      if (isAbort(error)) throw new McpClientError("aborted", "request aborted", { cause: error });
      throw error;
    }
  }

  /**
   * Read an SSE response until the message answering `id` arrives. Other messages on the
   * stream (progress, logs, listen notifications, legacy server requests) go to the sink.
   * A legacy stream that ends early is resumed with GET + Last-Event-ID after `retry` ms.
   */
  private async readStream(first: Response, id: RequestId, options: SendOptions | undefined): Promise<JsonRpcResponse> {
    const reader = new SseReader();
    let response: Response = first;
    for (let attempt = 0; ; attempt++) {
      if (response.body !== null) {
        for await (const event of reader.events(response.body)) {
          if (event.event !== "message") continue;
          const message = parseMessage(event.data);
          if (message === null) continue;
          if (isResponse(message) && message.id === id) return message;
          this.sink(message);
        }
      }
      const resumable = this.era === "legacy" && reader.lastEventId !== undefined;
      if (!resumable || attempt >= this.maxReconnects) {
        throw new McpClientError("transport-closed", "the response stream ended before the response arrived");
      }
      await sleep(reader.retryMs ?? this.defaultRetryMs, options?.signal);
      response = await this.resume(reader.lastEventId as string, options?.signal);
    }
  }

  private async resume(lastEventId: string, signal: AbortSignal | undefined): Promise<Response> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: "GET",
        headers: { Accept: "text/event-stream", ...(await this.baseHeaders("GET", { [HEADER_LAST_EVENT_ID]: lastEventId })) },
        signal: signal ?? null,
      });
    } catch (error) {
      if (isAbort(error)) throw new McpClientError("aborted", "request aborted", { cause: error });
      throw new McpClientError("transport-closed", `resuming the stream failed: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) return this.refusal(response);
    return response;
  }

  private async postWithoutReply(message: JsonRpcMessage, options: SendOptions | undefined): Promise<void> {
    const response = await this.post(message, options);
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new McpClientError("http-status", `server refused a notification/response with HTTP ${response.status}`, { status: response.status });
  }

  notify(message: JsonRpcNotification, options?: SendOptions): Promise<void> {
    if (this.legacySse) return this.legacySse.notify(message, options);
    return this.postWithoutReply(message, options);
  }

  respond(message: JsonRpcResponse): Promise<void> {
    if (this.legacySse) return this.legacySse.respond(message);
    return this.postWithoutReply(message, undefined);
  }

  /**
   * Legacy: open the standalone GET stream for server-initiated messages. Resolves false
   * when the server does not offer one (405). Reconnects with Last-Event-ID until close().
   */
  async openServerStream(): Promise<boolean> {
    if (this.legacySse) return this.legacySse.openServerStream();
    if (this.era !== "legacy") return false;
    const controller = new AbortController();
    this.background.add(controller);
    const reader = new SseReader();
    const connect = async (): Promise<Response | undefined> => {
      const extra: Record<string, string> = reader.lastEventId === undefined ? {} : { [HEADER_LAST_EVENT_ID]: reader.lastEventId };
      const response = await this.fetchImpl(this.url, {
        method: "GET",
        headers: { Accept: "text/event-stream", ...(await this.baseHeaders("GET", extra)) },
        signal: controller.signal,
      });
      if (!response.ok || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
        await response.body?.cancel().catch(() => undefined);
        return undefined;
      }
      return response;
    };
    let first: Response | undefined;
    try {
      first = await connect();
    } catch {
      first = undefined;
    }
    if (first === undefined) {
      this.background.delete(controller);
      return false;
    }
    const pump = async (initial: Response): Promise<void> => {
      let response: Response | undefined = initial;
      let failures = 0;
      while (response !== undefined && !controller.signal.aborted) {
        try {
          if (response.body !== null) {
            for await (const event of reader.events(response.body)) {
              if (event.event !== "message") continue;
              const message = parseMessage(event.data);
              if (message !== null) this.sink(message);
            }
          }
          failures = 0;
        } catch {
          failures++;
        }
        if (controller.signal.aborted || failures > this.maxReconnects) break;
        try {
          await sleep(reader.retryMs ?? this.defaultRetryMs, controller.signal);
          response = await connect();
        } catch {
          break;
        }
      }
      this.background.delete(controller);
    };
    void pump(first);
    return true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.legacySse?.close();
    for (const controller of this.background) controller.abort();
    this.background.clear();
    if (this.era === "legacy" && this.sessionId !== undefined) {
      // [S25:basic/transports § Session Management]: a client SHOULD end its session explicitly.
      try {
        const response = await this.fetchImpl(this.url, {
          method: "DELETE",
          headers: await this.baseHeaders("DELETE", undefined),
          signal: AbortSignal.timeout(2000),
        });
        await response.body?.cancel().catch(() => undefined);
      } catch {
        // Best effort: the server may already be gone.
      }
    }
  }
}

export function createHttpTransport(options: HttpTransportOptions): HttpClientTransport {
  return new HttpClientTransport(options);
}

// The client's fallback to the 2024-11-05 HTTP+SSE transport (issue 16 #5), per 2025-11-25
// basic/transports § Backwards Compatibility: the `initialize` POST to the server URL failed
// with 400, 404 or 405 and no JSON-RPC answer, so GET the same URL expecting an event stream
// whose first event is `endpoint`; from then on every message is a POST to that endpoint and
// everything the server says (responses included) arrives as `message` events on the stream
// (2024-11-05 basic/transports § HTTP with SSE).
//
// DECISIONS: the endpoint must be on the server URL's origin (a server must not be able to send
// the client's messages, and its credentials, elsewhere). The stream carries the server's
// unsolicited messages too, so `openServerStream` opens nothing. When the stream ends, the
// session is over (the old transport has no resumption): requests waiting fail
// `transport-closed`, and later ones too.
import { isResponse, parseMessage, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from "../../core/jsonrpc/message.js";
import { McpClientError } from "../errors.js";
import { SseReader } from "../sse.js";
import type { ClientTransport, InboundSink, SendOptions } from "./types.js";

/** The statuses of a refused `initialize` that mean "maybe the old transport" (§ Backwards Compatibility). */
export const SSE_FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 404, 405]);

export interface SseFallbackContext {
  url: URL;
  fetch: typeof fetch;
  /** The headers every request carries (extra headers, credentials), per HTTP method. */
  headers(method: string): Promise<Record<string, string>>;
  /** Where messages that answer no request of ours go. */
  sink: InboundSink;
  signal?: AbortSignal | undefined;
}

interface Pending {
  resolve(response: JsonRpcResponse): void;
  reject(error: Error): void;
}

const aborted = (cause?: unknown): McpClientError => new McpClientError("aborted", "request aborted", cause === undefined ? undefined : { cause });

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

/**
 * After a refused `initialize`: the server's own JSON-RPC answer when the refusal carried one
 * (a Streamable HTTP server saying no), else an HTTP+SSE transport connected to the URL's
 * event stream. Throws the refusal's `http-status` error when the URL offers no such stream.
 */
export async function openSseFallback(refused: Response, context: SseFallbackContext): Promise<JsonRpcResponse | LegacySseTransport> {
  const contentType = refused.headers.get("content-type") ?? "";
  if (contentType.includes("application/json")) {
    const parsed = parseMessage(await refused.text().catch(() => ""));
    if (parsed !== null && isResponse(parsed)) return parsed;
  } else await refused.body?.cancel().catch(() => undefined);
  const transport = new LegacySseTransport(context);
  if (await transport.connect(context.signal)) return transport;
  throw new McpClientError("http-status", `server answered HTTP ${refused.status} to initialize, and GET offers no HTTP+SSE endpoint event`, { status: refused.status });
}

export class LegacySseTransport implements ClientTransport {
  readonly kind = "http" as const;
  readonly serverKey: string;
  /** The message endpoint named by the server's `endpoint` event. */
  endpoint: URL | undefined;
  private readonly context: SseFallbackContext;
  private readonly stream = new AbortController();
  private readonly pending = new Map<RequestId, Pending>();
  private ended: McpClientError | undefined;

  constructor(context: SseFallbackContext) {
    this.context = context;
    this.serverKey = `${context.url.origin}${context.url.pathname}`;
  }

  /** Opens the event stream and waits for its `endpoint` event; false when the URL has no such stream. */
  async connect(signal: AbortSignal | undefined): Promise<boolean> {
    const onAbort = (): void => this.stream.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      let response: Response;
      try {
        response = await this.context.fetch(this.context.url, {
          method: "GET",
          headers: { ...(await this.context.headers("GET")), Accept: "text/event-stream" },
          signal: this.stream.signal,
        });
      } catch (error) {
        if (isAbortError(error)) throw aborted(error);
        return false;
      }
      if (!response.ok || !(response.headers.get("content-type") ?? "").includes("text/event-stream") || response.body === null) {
        await response.body?.cancel().catch(() => undefined);
        return false;
      }
      const events = new SseReader().events(response.body);
      let first;
      try {
        first = await events.next();
      } catch (error) {
        if (signal?.aborted) throw aborted(error);
        return false;
      }
      if (first.done === true || first.value.event !== "endpoint") {
        this.stream.abort();
        return false;
      }
      let endpoint: URL;
      try {
        endpoint = new URL(first.value.data.trim(), this.context.url);
      } catch {
        this.stream.abort();
        throw new McpClientError("bad-response", `the HTTP+SSE endpoint event is not a URL: ${first.value.data.slice(0, 200)}`);
      }
      if (endpoint.origin !== this.context.url.origin) {
        this.stream.abort();
        throw new McpClientError("bad-response", `the HTTP+SSE endpoint event names another origin (${endpoint.origin}); refused`);
      }
      this.endpoint = endpoint;
      void this.pump(events);
      return true;
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private async pump(events: AsyncGenerator<{ event: string; data: string }>): Promise<void> {
    try {
      for await (const event of events) {
        if (event.event !== "message") continue;
        const message = parseMessage(event.data);
        if (message === null) continue;
        if (isResponse(message) && message.id !== null) {
          const waiting = this.take(message.id);
          if (waiting) {
            waiting.resolve(message);
            continue;
          }
        }
        this.context.sink(message);
      }
    } catch {
      // A reset stream ends the session just like a finished one.
    }
    this.finish(new McpClientError("transport-closed", "the HTTP+SSE event stream ended"));
  }

  private finish(reason: McpClientError): void {
    this.ended ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }

  /** True once the event stream ended: the session is gone, a new `initialize` needs a new stream. */
  get over(): boolean {
    return this.ended !== undefined;
  }

  async start(sink: InboundSink): Promise<void> {
    this.context.sink = sink;
  }

  /** POSTs one message; a refusal with a JSON-RPC answer for `id` resolves with it. */
  private async post(message: JsonRpcMessage, options: SendOptions | undefined): Promise<JsonRpcResponse | undefined> {
    if (this.ended) throw this.ended;
    let response: Response;
    try {
      response = await this.context.fetch(this.endpoint as URL, {
        method: "POST",
        headers: { ...(await this.context.headers("POST")), ...(options?.headers ?? {}), "Content-Type": "application/json" },
        body: JSON.stringify(message),
        signal: options?.signal ?? null,
      });
    } catch (error) {
      if (isAbortError(error)) throw aborted(error);
      throw new McpClientError("transport-closed", `POST ${(this.endpoint as URL).href} failed: ${(error as Error).message}`, { cause: error });
    }
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return undefined;
    }
    const text = await response.text().catch(() => "");
    const parsed = parseMessage(text);
    if (parsed !== null && isResponse(parsed) && "id" in message && parsed.id === message.id) return parsed;
    if (response.status === 401 || response.status === 403) throw new McpClientError("auth-required", `server answered HTTP ${response.status}`, { status: response.status });
    if (response.status === 404) throw new McpClientError("session-expired", "the server no longer knows this HTTP+SSE session (HTTP 404)", { status: 404 });
    throw new McpClientError("http-status", `server refused the message with HTTP ${response.status}`, { status: response.status });
  }

  request(message: JsonRpcRequest, options?: SendOptions): Promise<JsonRpcResponse> {
    return new Promise<JsonRpcResponse>((resolve, reject) => {
      if (this.ended) return reject(this.ended);
      const signal = options?.signal;
      const onAbort = (): void => {
        if (this.pending.delete(message.id)) reject(aborted());
      };
      const settle = (): void => signal?.removeEventListener("abort", onAbort);
      this.pending.set(message.id, {
        resolve: (response) => {
          settle();
          resolve(response);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      // The answer may come on the stream before the POST's 202 does: the entry stays until one settles it.
      this.post(message, options).then(
        (refusal) => {
          if (refusal !== undefined) this.take(message.id)?.resolve(refusal);
        },
        (error: unknown) => this.take(message.id)?.reject(error as Error),
      );
    });
  }

  private take(id: RequestId): Pending | undefined {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    return waiting;
  }

  async notify(message: JsonRpcNotification, options?: SendOptions): Promise<void> {
    await this.post(message, options);
  }

  async respond(message: JsonRpcResponse): Promise<void> {
    await this.post(message, undefined);
  }

  setEra(): void {}

  handshakeComplete(): void {}

  /** The event stream already carries the server's own messages. */
  async openServerStream(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.stream.abort();
    this.finish(new McpClientError("transport-closed", "transport is closed"));
  }
}

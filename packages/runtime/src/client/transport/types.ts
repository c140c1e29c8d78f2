// The seam between the client's protocol logic and a byte transport.
//
// A transport moves JSON-RPC messages; it knows nothing about eras, envelopes or MRTR.
// Messages that are not the response to a request in flight (notifications, progress,
// legacy server→client requests, listen traffic) all go to one inbound sink, and the
// client routes them by progress token, subscription id or method.

import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from "../../core/jsonrpc/message.js";

export type TransportKind = "stdio" | "http";

export interface SendOptions {
  signal?: AbortSignal;
  /** Extra HTTP headers for this message (ignored by stdio). */
  headers?: Record<string, string>;
}

export type InboundSink = (message: JsonRpcMessage) => void;

/** What the HTTP transport reports when a POST is refused before any JSON-RPC exchange. */
export interface ClientTransport {
  readonly kind: TransportKind;
  /** A stable key for caching the era verdict (HTTP origin+path, or the stdio command line). */
  readonly serverKey: string;
  start(sink: InboundSink): Promise<void>;
  /** Send a request and resolve with its response (a JSON-RPC error response is a resolution, not a rejection). */
  request(message: JsonRpcRequest, options?: SendOptions): Promise<JsonRpcResponse>;
  notify(message: JsonRpcNotification, options?: SendOptions): Promise<void>;
  /** Answer a server→client request (legacy era only). */
  respond(message: JsonRpcResponse): Promise<void>;
  /** Tell the transport which era the connection settled on (HTTP sessions and resumption are legacy-only). */
  setEra(era: "modern" | "legacy", protocolVersion: string): void;
  /** Legacy: the initialize handshake finished with this negotiated version. */
  handshakeComplete(protocolVersion: string): void;
  /** Legacy HTTP: open the standalone server→client stream; false when not offered. */
  openServerStream?(): Promise<boolean>;
  /** stdio: spawn a fresh process after the previous one exited (used when a probe kills a legacy server). */
  restart?(): Promise<void>;
  close(): Promise<void>;
}

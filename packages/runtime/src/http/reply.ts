// The one write path of an HTTP exchange. The first answer wins: a JSON response, or an SSE
// stream opened by the first out-of-band message. Anything that arrives after the exchange was
// answered (a late ctx.progress()/ctx.log() from a timer, a server→client request after a
// DELETE) is dropped here instead of throwing ERR_HTTP_HEADERS_SENT into the caller's timer
// (issue 21 #1; SERVER.md promises late values are dropped).
import type { RpcError } from "../core/jsonrpc/errors.js";
import type { RequestId } from "../core/jsonrpc/message.js";
import { serializeError, type SharedSuccess } from "../core/jsonrpc/serialize.js";
import { CLOSED_SINK, type HttpResponder, type SseSink } from "./exchange.js";
import { JSON_HEADERS } from "./sse.js";

export class ExchangeReply {
  private state: "open" | "streaming" | "done" = "open";
  private sink: SseSink | undefined;
  private readonly responder: HttpResponder;

  constructor(responder: HttpResponder) {
    this.responder = responder;
  }

  /** True once a response was sent or the stream ended. */
  get answered(): boolean {
    return this.state === "done" || (this.state === "streaming" && (this.sink?.closed ?? true));
  }

  get streaming(): boolean {
    return this.state === "streaming";
  }

  /** Sends a whole response; ignored when the exchange already answered or streams. */
  respond(status: number, headers: Readonly<Record<string, string>>, body?: string): boolean {
    if (this.state !== "open") return false;
    this.state = "done";
    this.responder.respond(status, headers, body);
    return true;
  }

  /** `respond` with a shared result's response, written as its bytes where the adapter can, else as its text. */
  respondShared(status: number, headers: Readonly<Record<string, string>>, shared: SharedSuccess): boolean {
    if (this.state !== "open") return false;
    this.state = "done";
    if (this.responder.respondSpliced !== undefined) this.responder.respondSpliced(status, headers, shared.spliced);
    else this.responder.respond(status, headers, shared.text);
    return true;
  }

  /** The exchange's SSE stream, opened on first use; a closed sink once the exchange is over. */
  stream(headers: Readonly<Record<string, string>>): SseSink {
    if (this.state === "open") {
      this.state = "streaming";
      this.sink = this.responder.openStream(headers);
      return this.sink;
    }
    return this.state === "streaming" && this.sink ? this.sink : CLOSED_SINK;
  }

  /** Ends the stream (if one is open); later writes are dropped. */
  end(): void {
    if (this.state !== "streaming") return;
    this.state = "done";
    this.sink?.end();
  }
}

/** Answers with a JSON-RPC error body and the given HTTP status. */
export function sendError(target: Pick<HttpResponder, "respond">, status: number, error: RpcError, id: RequestId | null = null): void {
  target.respond(status, JSON_HEADERS, serializeError(id, error));
}

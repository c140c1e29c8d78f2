// A legacy SSE response stream with event ids, kept after its connection drops so a client can
// resume it with GET + Last-Event-ID (2025-11-25 basic/transports § Resumability and Redelivery).
// Only this stream's events are replayed, never another's.
import type { SseSink } from "./exchange.js";
import { sseEvent, ssePriming } from "./sse.js";

interface StoredEvent {
  seq: number;
  frame: string;
}

export class ResumableStream {
  readonly id: string;
  private seq = 0;
  private readonly events: StoredEvent[] = [];
  private connection: SseSink | undefined;
  private finished = false;

  constructor(id: string) {
    this.id = id;
  }

  get done(): boolean {
    return this.finished;
  }

  /** Attaches a connection, replaying every event after `afterSeq` (all of them for a new stream). */
  attach(sink: SseSink, afterSeq: number, retryMs: number | undefined): void {
    this.connection = sink;
    if (afterSeq < 0) {
      this.seq++;
      const frame = ssePriming(this.eventId(this.seq), retryMs);
      this.events.push({ seq: this.seq, frame });
      sink.write(frame);
    }
    for (const event of this.events) if (event.seq > afterSeq && afterSeq >= 0) sink.write(event.frame);
    sink.onClose(() => {
      if (this.connection === sink) this.connection = undefined;
    });
    if (this.finished) sink.end();
  }

  send(json: string): void {
    this.seq++;
    const frame = sseEvent(json, this.eventId(this.seq));
    this.events.push({ seq: this.seq, frame });
    if (this.connection && !this.connection.closed) this.connection.write(frame);
  }

  /** Sends the final response and ends the stream. */
  finish(json: string): void {
    this.send(json);
    this.finished = true;
    this.connection?.end();
  }

  /** Ends the stream without a final message (the request was cancelled). */
  abandon(): void {
    this.finished = true;
    this.connection?.end();
  }

  /** Closes the connection but keeps the stream resumable (server-initiated polling). */
  detach(): void {
    const connection = this.connection;
    this.connection = undefined;
    connection?.end();
  }

  private eventId(seq: number): string {
    return `${this.id}.${seq}`;
  }
}

/** Splits a Last-Event-ID into its stream id and sequence number. */
export function parseEventId(value: string): { streamId: string; seq: number } | undefined {
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const seq = Number(value.slice(dot + 1));
  if (!Number.isInteger(seq) || seq < 0) return undefined;
  return { streamId: value.slice(0, dot), seq };
}

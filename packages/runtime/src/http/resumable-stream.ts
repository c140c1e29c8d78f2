// A legacy SSE stream with event ids (a POST's response stream or the session's GET stream),
// kept after its connection drops so a client can resume it with GET + Last-Event-ID
// (2025-11-25 basic/transports § Resumability and Redelivery). Only this stream's events are
// replayed, never another's. Retention is bounded so that thousands of sessions stay cheap: while
// a client is attached only the last CONNECTED_TAIL events are kept (what a dropped connection
// may not have delivered yet); while none is, up to maxReplayBytes, oldest dropped first.
import type { StreamEventLog } from "../coordination/types.js";
import type { SseSink } from "./exchange.js";
import { sseEvent, ssePriming } from "./sse.js";

const CONNECTED_TAIL = 32;

/** Where a stream's events are also logged so that another instance can resume it. */
export interface StreamMirror {
  log: StreamEventLog;
  sessionId: string;
}

interface StoredEvent {
  seq: number;
  frame: string;
}

export class ResumableStream {
  readonly id: string;
  private seq = 0;
  /** Retained events are events[head…]; the head moves instead of shifting (O(1) per trim). */
  private events: StoredEvent[] = [];
  private head = 0;
  private storedBytes = 0;
  private connection: SseSink | undefined;
  private finished = false;
  private readonly maxReplayBytes: number;
  private readonly mirror: StreamMirror | undefined;

  /** `firstSeq`: the last sequence number already issued (a stream taken over from another instance). */
  constructor(id: string, maxReplayBytes: number, mirror?: StreamMirror, firstSeq = 0) {
    this.id = id;
    this.maxReplayBytes = maxReplayBytes;
    this.mirror = mirror;
    this.seq = firstSeq;
  }

  get done(): boolean {
    return this.finished;
  }

  get connected(): boolean {
    return this.connection !== undefined && !this.connection.closed;
  }

  /**
   * Attaches a connection. A new stream (`afterSeq` < 0) starts with its priming event; a resumed
   * one replays every retained event after `afterSeq`.
   */
  attach(sink: SseSink, afterSeq: number, retryMs: number | undefined): void {
    this.connection?.end();
    this.connection = sink;
    if (afterSeq < 0) this.store(ssePriming(this.eventId(this.seq + 1), retryMs));
    else for (let i = this.head; i < this.events.length; i++) if ((this.events[i] as StoredEvent).seq > afterSeq) sink.write((this.events[i] as StoredEvent).frame);
    sink.onClose(() => {
      if (this.connection === sink) this.connection = undefined;
    });
    if (this.finished) sink.end();
  }

  /** Whether `seq` names an event this stream issued (resumption from it is meaningful). */
  issued(seq: number): boolean {
    return seq >= 1 && seq <= this.seq;
  }

  send(json: string): void {
    // Nothing follows the final response (a late value after finish() is dropped).
    if (this.finished) return;
    this.store(sseEvent(json, this.eventId(this.seq + 1)));
  }

  /** Sends the final response and ends the stream. */
  finish(json: string): void {
    this.send(json);
    this.finished = true;
    this.mirror?.log.end(this.id);
    if (this.connected) {
      // The attached client got the whole stream; a resume of it now just ends.
      this.events = [];
      this.head = 0;
      this.storedBytes = 0;
    }
    this.connection?.end();
  }

  /** Ends the stream without a final message (the request was cancelled or the session ended). */
  abandon(): void {
    if (!this.finished) this.mirror?.log.end(this.id);
    this.finished = true;
    this.connection?.end();
  }

  /** Stops producing here without ending the logged stream (another instance took it over). */
  release(): void {
    this.finished = true;
    this.connection?.end();
  }

  /** Closes the connection but keeps the stream resumable (server-initiated polling). */
  detach(): void {
    const connection = this.connection;
    this.connection = undefined;
    connection?.end();
  }

  private store(frame: string): void {
    this.seq++;
    this.events.push({ seq: this.seq, frame });
    this.mirror?.log.append(this.id, this.mirror.sessionId, { seq: this.seq, frame });
    this.storedBytes += frame.length;
    const connected = this.connected;
    while (this.events.length - this.head > 1 && (this.storedBytes > this.maxReplayBytes || (connected && this.events.length - this.head > CONNECTED_TAIL))) {
      this.storedBytes -= (this.events[this.head++] as StoredEvent).frame.length;
    }
    if (this.head >= 64 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
    if (connected) this.connection?.write(frame);
  }

  private eventId(seq: number): string {
    return `${this.id}.${seq}`;
  }
}

/** Splits a Last-Event-ID into its stream id and sequence number. */
export function parseEventId(value: string): { streamId: string; seq: number } | undefined {
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const digits = value.slice(dot + 1);
  if (!/^[0-9]{1,15}$/.test(digits)) return undefined;
  return { streamId: value.slice(0, dot), seq: Number(digits) };
}

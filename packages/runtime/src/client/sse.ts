// A small Server-Sent Events reader (WHATWG HTML § 9.2 "event stream interpretation").
//
// OVERLAP NOTE: the server engineer writes SSE for the server side under src/http/; this
// is the client's own parser, kept separate until the lead merges the two.
//
// It tracks `lastEventId` and `retry` across events because legacy resumption needs both
// [S25:basic/transports § Resumability and Redelivery]: a priming event carries an id and
// an empty data field, which is not dispatched but still moves the last event id.

export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export class SseReader {
  lastEventId: string | undefined;
  retryMs: number | undefined;

  async *events(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
    const decoder = new TextDecoder();
    let buffer = "";
    let data: string[] = [];
    let eventType = "";
    let sawCarriageReturn = false;
    const reader = body.getReader();
    let finished = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          finished = true;
          break;
        }
        buffer += decoder.decode(value, { stream: true });
        for (;;) {
          const match = /\r\n|\r|\n/.exec(buffer);
          if (match === null) break;
          const line = buffer.slice(0, match.index);
          // A CRLF split across two chunks must not count as two line ends.
          if (sawCarriageReturn && match.index === 0 && match[0] === "\n") {
            sawCarriageReturn = false;
            buffer = buffer.slice(1);
            continue;
          }
          sawCarriageReturn = match[0] === "\r" && match.index + 1 === buffer.length;
          buffer = buffer.slice(match.index + match[0].length);
          if (line === "") {
            if (data.length > 0 && data.join("\n") !== "") yield { event: eventType || "message", data: data.join("\n"), id: this.lastEventId };
            data = [];
            eventType = "";
            continue;
          }
          if (line.startsWith(":")) continue; // comment / keepalive
          const colon = line.indexOf(":");
          const field = colon === -1 ? line : line.slice(0, colon);
          let fieldValue = colon === -1 ? "" : line.slice(colon + 1);
          if (fieldValue.startsWith(" ")) fieldValue = fieldValue.slice(1);
          if (field === "data") data.push(fieldValue);
          else if (field === "event") eventType = fieldValue;
          else if (field === "id" && !fieldValue.includes("\0")) this.lastEventId = fieldValue;
          else if (field === "retry" && /^\d+$/.test(fieldValue)) this.retryMs = Number(fieldValue);
        }
      }
    } finally {
      // The consumer stopped early (it got its response): close the stream instead of leaking it.
      if (!finished) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  }
}

// Splits a byte stream into newline-delimited messages (2026-07-28 basic/transports/stdio). A
// line longer than the limit is dropped up to its newline and reported once, so a hostile
// peer cannot make the buffer grow without bound.
// UTF-8: lines are cut at the byte 0x0A, which never occurs inside a multi-byte UTF-8 sequence,
// and each line is decoded whole, so a character split across two reads survives (issue 21 #7:
// decoding every chunk on its own turned those into U+FFFD). The limit counts bytes.
export interface LineSink {
  line(text: string): void;
  oversized(): void;
}

const NEWLINE = 0x0a;
const CR = 0x0d;

export function createLineSplitter(limit: number, sink: LineSink): (chunk: Buffer | string) => void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  const emit = (line: Buffer) => {
    const end = line.length > 0 && line[line.length - 1] === CR ? line.length - 1 : line.length;
    if (end > limit) return sink.oversized();
    const text = line.toString("utf8", 0, end);
    if (text.trim().length > 0) sink.line(text);
  };
  return (chunk) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline === -1) {
        if (skipping || start === bytes.length) return;
        const rest = bytes.subarray(start);
        pendingBytes += rest.length;
        if (pendingBytes > limit + 1) {
          // +1: a line of exactly `limit` bytes may still be followed by its CR.
          pending = [];
          pendingBytes = 0;
          skipping = true;
          sink.oversized();
          return;
        }
        pending.push(rest);
        return;
      }
      const head = bytes.subarray(start, newline);
      start = newline + 1;
      if (skipping) {
        skipping = false;
        continue;
      }
      if (pending.length === 0) emit(head);
      else {
        pending.push(head);
        const line = Buffer.concat(pending, pendingBytes + head.length);
        pending = [];
        pendingBytes = 0;
        emit(line);
      }
    }
  };
}

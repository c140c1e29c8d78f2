// Splits a byte stream into newline-delimited messages (2026-07-28 basic/transports/stdio). A
// line longer than the limit is dropped up to its newline and reported once, so a hostile
// peer cannot make the buffer grow without bound.
// UTF-8: lines are cut at the byte 0x0A, which never occurs inside a multi-byte UTF-8 sequence,
// and each line is decoded whole, so a character split across two reads survives (issue 21 #7:
// decoding every chunk on its own turned those into U+FFFD). The limit counts bytes.
// An unfinished line is copied into one buffer that doubles as needed: linear in the line's
// length however it is cut (a peer writing one byte at a time must not cost an object per byte).
export interface LineSink {
  line(text: string): void;
  oversized(): void;
}

const NEWLINE = 0x0a;
const CR = 0x0d;

export function createLineSplitter(limit: number, sink: LineSink): (chunk: Buffer | string) => void {
  let pending = Buffer.alloc(0);
  let pendingBytes = 0;
  let skipping = false;
  const emit = (line: Buffer) => {
    const end = line.length > 0 && line[line.length - 1] === CR ? line.length - 1 : line.length;
    if (end > limit) return sink.oversized();
    const text = line.toString("utf8", 0, end);
    if (text.trim().length > 0) sink.line(text);
  };
  const append = (bytes: Buffer) => {
    const needed = pendingBytes + bytes.length;
    if (needed > pending.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, Math.min(pending.length * 2, limit + 2), 1024));
      pending.copy(grown, 0, 0, pendingBytes);
      pending = grown;
    }
    bytes.copy(pending, pendingBytes);
    pendingBytes = needed;
  };
  const reset = () => {
    pendingBytes = 0;
    // Keep a small buffer for the next partial line; let a large one go.
    if (pending.length > 64 * 1024) pending = Buffer.alloc(0);
  };
  return (chunk) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline === -1) {
        if (skipping || start === bytes.length) return;
        // +1: a line of exactly `limit` bytes may still be followed by its CR.
        if (pendingBytes + bytes.length - start > limit + 1) {
          reset();
          skipping = true;
          sink.oversized();
          return;
        }
        append(bytes.subarray(start));
        return;
      }
      const head = bytes.subarray(start, newline);
      start = newline + 1;
      if (skipping) {
        skipping = false;
        continue;
      }
      if (pendingBytes === 0) emit(head);
      else if (pendingBytes + head.length > limit + 1) {
        reset();
        sink.oversized();
      } else {
        append(head);
        const line = pending.subarray(0, pendingBytes);
        // emit decodes before anything is appended again, so the view may share `pending`.
        emit(line);
        reset();
      }
    }
  };
}

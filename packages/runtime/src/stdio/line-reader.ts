// Splits a byte stream into newline-delimited messages (2026-07-28 basic/transports/stdio). A
// line longer than the limit is dropped up to its newline and reported once, so a hostile
// peer cannot make the buffer grow without bound.
export interface LineSink {
  line(text: string): void;
  oversized(): void;
}

export function createLineSplitter(limit: number, sink: LineSink): (chunk: Buffer | string) => void {
  let pending = "";
  let skipping = false;
  return (chunk) => {
    let text = typeof chunk === "string" ? chunk : chunk.toString("utf8");
    for (;;) {
      const newline = text.indexOf("\n");
      if (newline === -1) {
        if (skipping) return;
        pending += text;
        if (Buffer.byteLength(pending) > limit) {
          pending = "";
          skipping = true;
          sink.oversized();
        }
        return;
      }
      const head = text.slice(0, newline);
      text = text.slice(newline + 1);
      if (skipping) {
        skipping = false;
        continue;
      }
      const line = (pending + head).replace(/\r$/, "");
      pending = "";
      if (Buffer.byteLength(line) > limit) sink.oversized();
      else if (line.trim().length > 0) sink.line(line);
    }
  };
}

// Server-Sent Events framing. JSON never contains raw newlines when produced by JSON.stringify,
// so one `data:` line per message suffices.
export function sseEvent(data: string, id?: string, retryMs?: number): string {
  let frame = "";
  if (id !== undefined) frame += `id: ${id}\n`;
  if (retryMs !== undefined) frame += `retry: ${retryMs}\n`;
  return `${frame}event: message\ndata: ${data}\n\n`;
}

/** A priming event: an id and empty data, so a client can resume from it (2025-11-25 transports). */
export function ssePriming(id: string, retryMs?: number): string {
  return `id: ${id}\n${retryMs === undefined ? "" : `retry: ${retryMs}\n`}data: \n\n`;
}

export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": "text/event-stream",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
});

export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ "content-type": "application/json" });

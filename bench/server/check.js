// Checks that an answer is the right one, so a fast wrong server cannot win a row.
import { ECHO_TEXT, TOOLS } from "./tools.js";

/** The JSON-RPC message in an HTTP body: plain JSON, or the last `data:` event of an SSE stream. */
export function messageFromBody(contentType, text) {
  if (!(contentType ?? "").includes("text/event-stream")) return JSON.parse(text);
  const events = text.split(/\r?\n/).filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trim()).filter((d) => d !== "");
  if (events.length === 0) throw new Error(`SSE body without data: ${text.slice(0, 200)}`);
  return JSON.parse(events[events.length - 1]);
}

/** Throws unless `message` is a correct answer to `operation` (see tools.js). */
export function assertAnswer(operation, message) {
  const shown = JSON.stringify(message).slice(0, 300);
  if (message?.jsonrpc !== "2.0" || message.result === undefined) throw new Error(`${operation}: not a JSON-RPC result: ${shown}`);
  const result = message.result;
  if (operation === "tools/call") {
    const text = result.content?.[0]?.text;
    if (result.isError === true || text !== ECHO_TEXT) throw new Error(`tools/call echo answered ${shown}`);
    return;
  }
  if (operation === "tools/list") {
    const names = (result.tools ?? []).map((t) => t.name);
    const expected = TOOLS.map((t) => t.name);
    if (names.length !== expected.length || expected.some((n) => !names.includes(n)) || result.nextCursor !== undefined) {
      throw new Error(`tools/list returned ${names.length} tools (expected all ${expected.length} on one page)`);
    }
    return;
  }
  throw new Error(`unknown operation ${operation}`);
}

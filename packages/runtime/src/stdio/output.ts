// The one write path to stdout (issue 21 #5, #10). A client that stops reading must not make the
// server buffer without bound, and a client that closes its end must not crash the server:
// - write() returning false pauses reading stdin until 'drain', so no new work arrives while
//   answers pile up (responses are bounded by the requests already in flight, and always sent);
// - past `maxBufferedBytes` unsent, notifications (progress, log, list changes) are dropped, with
//   one report to onError per congestion episode;
// - EPIPE or any other stdout error or close stops all writing and ends the connection, quietly
//   for EPIPE (the client is simply gone), through onError otherwise; never a thrown error.
import type { Writable } from "node:stream";

export interface StdioOutputOptions {
  maxBufferedBytes: number;
  /** Reading stdin should stop (true) or may go on (false). */
  throttle(paused: boolean): void;
  report(error: unknown): void;
  /** stdout is gone; no write will ever succeed again. */
  broken(): void;
}

export interface StdioOutput {
  /** A response, or an error answer: written unless stdout is gone. */
  response(line: string): void;
  /** A notification or other optional message: dropped while stdout is congested. */
  notification(line: string): void;
  readonly isBroken: boolean;
}

export function createStdioOutput(output: Writable, options: StdioOutputOptions): StdioOutput {
  let isBroken = false;
  let waitingForDrain = false;
  let dropped = 0;
  const fail = (error?: unknown) => {
    if (isBroken) return;
    isBroken = true;
    const code = (error as { code?: unknown } | undefined)?.code;
    if (error !== undefined && code !== "EPIPE" && code !== "ERR_STREAM_DESTROYED") options.report(error);
    options.broken();
  };
  output.on("error", fail);
  output.on("close", () => fail());
  const onDrain = () => {
    waitingForDrain = false;
    dropped = 0;
    options.throttle(false);
  };
  const write = (line: string) => {
    if (isBroken || !output.writable) return;
    if (!output.write(`${line}\n`) && !waitingForDrain) {
      waitingForDrain = true;
      options.throttle(true);
      output.once("drain", onDrain);
    }
  };
  return {
    response: write,
    notification(line) {
      if (waitingForDrain && output.writableLength > options.maxBufferedBytes) {
        if (dropped++ === 0) {
          options.report(new Error(`stdio: the client is not reading stdout (over ${options.maxBufferedBytes} bytes unsent); dropping notifications until it catches up`));
        }
        return;
      }
      write(line);
    },
    get isBroken() {
      return isBroken;
    },
  };
}

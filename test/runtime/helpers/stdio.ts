// Drives a stdio server line by line: a spawned process, or in process over PassThrough streams.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { resolve } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { McpServer } from "../../../packages/runtime/src/server/server.js";
import { serveStdio, type StdioConnection } from "../../../packages/runtime/src/stdio/stdio.js";

export interface StdioPeer {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: string[];
  send(value: unknown): void;
  sendRaw(line: string): void;
  /** Waits for an output line matching the predicate, scanning from `from`. */
  waitFor(predicate: (message: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): Promise<number | null>;
}

export function spawnStdioServer(): StdioPeer {
  const script = resolve(import.meta.dirname, "../fixtures/stdio-server.mjs");
  const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "pipe"] });
  const lines: string[] = [];
  const stderr: string[] = [];
  let pending = "";
  const waiters = new Set<() => void>();
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    const parts = pending.split("\n");
    pending = parts.pop() ?? "";
    lines.push(...parts.filter((p) => p.length > 0));
    for (const wake of [...waiters]) wake();
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr.push(...chunk.split("\n").filter(Boolean));
    for (const wake of [...waiters]) wake();
  });
  return {
    child,
    lines,
    stderr,
    send: (value) => child.stdin.write(`${JSON.stringify(value)}\n`),
    sendRaw: (line) => child.stdin.write(`${line}\n`),
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolveMessage, reject) => {
        const check = () => {
          for (const line of lines) {
            let message: unknown;
            try {
              message = JSON.parse(line);
            } catch {
              continue;
            }
            if (predicate(message)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolveMessage(message);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; output so far:\n${lines.join("\n")}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      return new Promise((done) => {
        child.once("exit", (code) => done(code));
        child.stdin.end();
      });
    },
  };
}

/** An in-process stdio connection over PassThrough streams (no build, no child process). */
export interface InProcessStdio {
  input: PassThrough;
  output: Writable;
  connection: StdioConnection;
  /** Parsed output lines so far (only when the helper owns the output stream). */
  messages: any[];
  send(value: unknown): void;
  waitFor(predicate: (message: any) => boolean, timeoutMs?: number): Promise<any>;
}

export function connectInProcess(server: McpServer, output?: Writable): InProcessStdio {
  const input = new PassThrough();
  const messages: any[] = [];
  const waiters = new Set<() => void>();
  let sink = output;
  if (!sink) {
    let pending = "";
    const decoder = new StringDecoder("utf8");
    sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        pending += decoder.write(chunk);
        const parts = pending.split("\n");
        pending = parts.pop() ?? "";
        for (const part of parts) if (part) messages.push(JSON.parse(part));
        for (const wake of [...waiters]) wake();
        done();
      },
    });
  }
  const connection = serveStdio(server, { input, output: sink });
  return {
    input,
    output: sink,
    connection,
    messages,
    send: (value) => input.write(`${JSON.stringify(value)}\n`),
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolveMessage, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (found === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolveMessage(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; ${messages.length} messages so far`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

// stdio rows: sequential request→response round trips over a spawned server's pipes, and
// cold start (spawn to the first tools/call answer).
import { performance } from "node:perf_hooks";
import { assertAnswer } from "./check.js";
import { startStdioServer, stopChild } from "./processes.js";
import { INITIALIZED_NOTIFICATION, LEGACY, initializeMessage, legacyMessage, modernMessage } from "./requests.js";

const ANSWER_TIMEOUT_MS = 15_000;

/** Reads newline-delimited JSON-RPC responses from `child.stdout`; `next()` resolves with the next one that has an id. */
function responseReader(child) {
  let buffered = "";
  const ready = [];
  const waiting = [];
  let failure;
  const fail = (error) => {
    failure = error;
    for (const w of waiting.splice(0)) w.reject(error);
  };
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() === "") continue;
      const message = JSON.parse(line);
      if (message.id === undefined) continue; // notifications are not answers
      const waiter = waiting.shift();
      if (waiter) waiter.resolve(message);
      else ready.push(message);
    }
  });
  child.once("exit", (code) => fail(new Error(`stdio server exited (${code})`)));
  return {
    /** The next answer; rejects if none arrives within `timeoutMs`, so a hung server cannot stall the bench. */
    next(timeoutMs = ANSWER_TIMEOUT_MS) {
      if (ready.length > 0) return Promise.resolve(ready.shift());
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(new Error(`no stdio answer within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          resolve: (message) => (clearTimeout(timer), resolve(message)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        };
        waiting.push(waiter);
      });
    },
  };
}

function send(child, message) {
  child.stdin.write(`${JSON.stringify(message)}\n`);
}

async function legacyHandshake(child, reader) {
  send(child, initializeMessage(0));
  const init = await reader.next();
  if (init.result?.protocolVersion !== LEGACY) throw new Error(`stdio initialize answered ${JSON.stringify(init).slice(0, 200)}`);
  send(child, INITIALIZED_NOTIFICATION);
}

/**
 * `count` sequential tools/call round trips (stopped at `maxSeconds`), after `warmup` ones.
 * The first and last answers are checked in full, every answer's id is checked.
 */
export async function stdioRoundTrips(script, era, { count, warmup, maxSeconds }) {
  const child = startStdioServer(script);
  try {
    const reader = responseReader(child);
    if (era === "legacy") await legacyHandshake(child, reader);
    const build = era === "modern" ? (id) => modernMessage("tools/call", id) : (id) => legacyMessage("tools/call", id);
    // The id goes last in the line, so each request is one string concatenation.
    const [head, tail] = `${JSON.stringify(build(0))}\n`.split('"id":0');
    let id = 1;
    const roundTrip = async (check) => {
      const sent = id++;
      child.stdin.write(`${head}"id":${sent}${tail}`);
      const answer = await reader.next();
      if (answer.id !== sent) throw new Error(`stdio answer id ${answer.id}, expected ${sent}`);
      if (check) assertAnswer("tools/call", answer);
    };
    for (let i = 0; i < warmup; i++) await roundTrip(i === 0);
    const deadline = performance.now() + maxSeconds * 1000;
    const start = performance.now();
    let done = 0;
    while (done < count && performance.now() < deadline) {
      await roundTrip(done === count - 1);
      done++;
    }
    const seconds = (performance.now() - start) / 1000;
    return { roundTripsPerSecond: done / seconds, roundTrips: done, seconds };
  } finally {
    await stopChild(child);
  }
}

/** Milliseconds from spawn to the answer of a modern tools/call sent at once (no handshake in 2026-07-28); `extraArgs` such as `--one-tool` follow `--stdio`. */
export async function coldStartMs(script, extraArgs = []) {
  const start = performance.now();
  const child = startStdioServer(script, extraArgs);
  try {
    const reader = responseReader(child);
    send(child, modernMessage("tools/call", 1));
    const answer = await reader.next();
    const elapsed = performance.now() - start;
    assertAnswer("tools/call", answer);
    return elapsed;
  } finally {
    await stopChild(child);
  }
}

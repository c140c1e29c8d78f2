// The small pieces under the client parity features, in isolation: the request signal's two
// clocks (reset by progress, total cap), the one-listener abort fan-out, the completion tracker
// of URL elicitations, the per-era capabilities implied by handlers, and the -32042 error view.
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { onAbort } from "../../../packages/runtime/src/client/abort-fanout.js";
import { capabilitiesFromHandlers } from "../../../packages/runtime/src/client/handlers.js";
import { checkLogLevel, logMessageOf } from "../../../packages/runtime/src/client/logging.js";
import { requestSignal } from "../../../packages/runtime/src/client/request-signal.js";
import { ElicitationCompletions, McpUrlElicitationRequiredError, peerError } from "../../../packages/runtime/src/client/url-elicitation.js";
import { RpcError } from "../../../packages/runtime/src/core-entry.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("requestSignal clocks", () => {
  it("reset() restarts the request timeout; without resets it fires", async () => {
    const kept = requestSignal([], 300);
    for (let i = 0; i < 8; i++) {
      await sleep(60);
      kept.reset();
    }
    expect(kept.signal.aborted).toBe(false); // ~480 ms in, past the timeout, still alive
    expect(kept.resets).toBe(8);
    await sleep(500);
    expect(kept.signal.aborted).toBe(true);
    expect(kept.limit).toBe("request");
    kept.dispose();
  });

  it("the total cap fires whatever the resets, counted from startedAt", async () => {
    const capped = requestSignal([], 1000, { maxTotalTimeoutMs: 200, startedAt: Date.now() });
    const resetting = setInterval(() => capped.reset(), 30);
    await sleep(320);
    clearInterval(resetting);
    expect(capped.signal.aborted).toBe(true);
    expect(capped.limit).toBe("total");
    capped.dispose();

    const spent = requestSignal([], 10_000, { maxTotalTimeoutMs: 50, startedAt: Date.now() - 60 });
    expect(spent.signal.aborted).toBe(true); // a later round of an already-spent call
    expect(spent.limit).toBe("total");
    spent.dispose();
  });
});

describe("abort fan-out", () => {
  it("puts one listener on a signal for any number of waiters and calls each once", () => {
    const source = new AbortController();
    const calls: number[] = [];
    const releases = Array.from({ length: 50 }, (_, i) => onAbort(source.signal, () => calls.push(i)));
    expect(getEventListeners(source.signal, "abort")).toHaveLength(1);
    releases[3]?.();
    source.abort();
    expect(calls).toHaveLength(49);
    expect(calls).not.toContain(3);
  });
});

describe("URL elicitation completions", () => {
  it("resolves waiters on completion, remembers early completions, and times out", async () => {
    const completions = new ElicitationCompletions();
    const waiting = completions.wait("a", 1000);
    completions.complete("a");
    await expect(waiting).resolves.toBeUndefined();
    completions.complete("early");
    await expect(completions.wait("early", 1000)).resolves.toBeUndefined();
    await expect(completions.wait("never", 30)).rejects.toMatchObject({ reason: "timeout" });
    const aborted = new AbortController();
    const cut = completions.wait("b", 1000, aborted.signal);
    aborted.abort();
    await expect(cut).rejects.toMatchObject({ reason: "aborted" });
  });

  it("types a peer's -32042 and keeps only URL elicitations with an id", () => {
    const error = peerError({
      code: -32042,
      message: "URL elicitation required",
      data: { elicitations: [{ mode: "url", url: "https://x.example/1", message: "go", elicitationId: "e1" }, { url: "https://x.example/2" }, "junk"] },
    });
    expect(error).toBeInstanceOf(McpUrlElicitationRequiredError);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as McpUrlElicitationRequiredError).elicitations).toEqual([{ mode: "url", url: "https://x.example/1", message: "go", elicitationId: "e1" }]);
    expect(peerError({ code: -32042, message: "x" })).toMatchObject({ elicitations: [] });
    expect(peerError({ code: -32602, message: "bad" })).not.toBeInstanceOf(McpUrlElicitationRequiredError);
  });
});

describe("capabilities from handlers", () => {
  const answer = () => ({});
  it("declare only what the handlers given can do, per era", () => {
    expect(capabilitiesFromHandlers({})).toEqual({});
    expect(capabilitiesFromHandlers({ elicitation: answer })).toEqual({ elicitation: { form: {} } });
    expect(capabilitiesFromHandlers({ urlElicitation: answer })).toEqual({ elicitation: { url: {} } });
    expect(capabilitiesFromHandlers({ sampling: answer })).toEqual({ sampling: {} });
    expect(capabilitiesFromHandlers({ sampling: { handler: answer, tools: true, context: true } })).toEqual({ sampling: { context: {}, tools: {} } });
    expect(capabilitiesFromHandlers({ roots: answer }, "legacy")).toEqual({ roots: { listChanged: true } });
    expect(capabilitiesFromHandlers({ roots: answer }, "modern")).toEqual({ roots: {} });
  });
});

describe("log messages", () => {
  it("reads notifications/message params and refuses unknown levels", () => {
    expect(logMessageOf({ level: "info", data: 1, logger: "x" })).toEqual({ level: "info", data: 1, logger: "x" });
    expect(logMessageOf({ level: "chatty", data: 1 })).toBeUndefined();
    expect(logMessageOf({ level: "info" })).toBeUndefined();
    expect(checkLogLevel("emergency")).toBe("emergency");
    expect(() => checkLogLevel("verbose")).toThrow(TypeError);
  });
});

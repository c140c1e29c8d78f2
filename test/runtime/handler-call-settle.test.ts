// HandlerCall settles once and then lets go (issue 10): the call's hooks on the request's
// cancellation and on the deadline list are removed, and a settled call keeps nothing of its
// work reachable, even while something (a handler context kept by user code) still holds it.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { Cancellation } from "../../packages/runtime/src/server/cancellation.js";
import { HandlerCall } from "../../packages/runtime/src/server/handler-call.js";
import { HandlerTimeoutError } from "../../packages/runtime/src/server/safe-error.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const never = () => new Promise<never>(() => {});

/** The request state lives only in this function's scope, captured by the work closure. */
function startWithState(call: HandlerCall, parent: Cancellation): { released: WeakRef<object>; done: Promise<number> } {
  const state = { blob: new Uint8Array(1 << 20) };
  return { released: new WeakRef(state), done: call.run(parent, async () => state.blob.length) };
}

/** Only a WeakRef to the call leaves this function, so what still reaches the call is the runtime's. */
function startUnheld(parent: Cancellation, timeoutMs: number): { call: WeakRef<HandlerCall>; done: Promise<string> } {
  const call = new HandlerCall("tools/call", timeoutMs);
  return { call: new WeakRef(call), done: call.run(parent, async () => "done") };
}

describe("HandlerCall settles once", () => {
  it("a handler that throws synchronously rejects the call and unhooks it from the request", async () => {
    const parent = new Cancellation();
    const call = new HandlerCall("tools/call", 1_000);
    const failure = new Error("sync");
    const outcome = await call
      .run(parent, () => {
        throw failure;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(failure);
    parent.abort(); // the request ends later: the settled call is no longer listening
    expect(call.cancellation.aborted).toBe(false);
    expect(call.list).toBeUndefined();
  });

  it("the first outcome wins: a result after the cancellation is ignored", async () => {
    const parent = new Cancellation();
    const call = new HandlerCall("tools/call", 1_000);
    let finish!: (value: string) => void;
    const outcome = call.run(parent, () => new Promise<string>((resolve) => (finish = resolve))).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    parent.abort();
    finish("late");
    expect(await outcome).toMatchObject({ error: { message: "Request cancelled" } });
    expect(call.cancellation.aborted).toBe(true);
  });

  it("a result leaves the deadline list and never times out afterwards", async () => {
    const call = new HandlerCall("tools/call", 30);
    expect(await call.run(new Cancellation(), async () => "done")).toBe("done");
    expect(call.list).toBeUndefined();
    expect(call.deadline).toBe(Infinity);
    await new Promise((r) => setTimeout(r, 60));
    expect(call.cancellation.aborted).toBe(false);
  });

  it("the deadline still fires for a handler that never settles", async () => {
    const call = new HandlerCall("tools/call", 20);
    const outcome = await call.run(new Cancellation(), never).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(HandlerTimeoutError);
    expect(call.cancellation.aborted).toBe(true);
    expect(call.list).toBeUndefined();
  });

  it("neither the request's cancellation nor the deadline list keeps a settled call reachable", async () => {
    const parent = new Cancellation();
    const { call, done } = startUnheld(parent, 60_000);
    expect(await done).toBe("done");
    await new Promise((r) => setImmediate(r));
    gc();
    expect(parent.aborted).toBe(false);
    expect(call.deref()).toBeUndefined();
  });

  it("a settled call kept alive does not keep its work's request state reachable", async () => {
    const parent = new Cancellation();
    const call = new HandlerCall("tools/call", 1_000);
    const { released, done } = startWithState(call, parent);
    expect(await done).toBe(1 << 20);
    await new Promise((r) => setImmediate(r));
    gc();
    // The call and the request's cancellation are still referenced here; the state is not.
    expect(call.cancellation.aborted).toBe(false);
    expect(parent.aborted).toBe(false);
    expect(released.deref()).toBeUndefined();
  });
});

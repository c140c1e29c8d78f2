import { describe, expect, it } from "vitest";
import { completeArgument, completionValues } from "../../../packages/runtime/src/generated-support/completion.js";
import type { JsonObject } from "../../../packages/runtime/src/core/jsonrpc/message.js";

describe("completion helpers of generated clients", () => {
  it("completionValues keeps the string values and tolerates a result without any", () => {
    expect(completionValues({ completion: { values: ["a", 1, "b", null] } })).toEqual(["a", "b"]);
    expect(completionValues({ completion: { values: "a" } })).toEqual([]);
    expect(completionValues({})).toEqual([]);
  });

  it("completeArgument sends the ref, the argument and the context (only when given)", async () => {
    const sent: unknown[][] = [];
    const client = {
      complete: async (...args: unknown[]): Promise<JsonObject> => {
        sent.push(args);
        return { completion: { values: ["Oslo", "Osaka"] } };
      },
    };
    const ref = { type: "ref/prompt", name: "plan_trip" } as const;
    expect(await completeArgument(client, ref, "city", "Os", { budget: "low" }, { timeoutMs: 5 })).toEqual(["Oslo", "Osaka"]);
    expect(await completeArgument(client, ref, "city", "Os")).toEqual(["Oslo", "Osaka"]);
    expect(sent).toEqual([
      [ref, { name: "city", value: "Os" }, { arguments: { budget: "low" } }, { timeoutMs: 5 }],
      [ref, { name: "city", value: "Os" }, undefined, undefined],
    ]);
  });
});

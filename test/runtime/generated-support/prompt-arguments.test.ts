import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parsePromptArguments } from "../../../packages/runtime/src/generated-support/prompt-arguments.js";

const ARGS = z.object({ city: z.string(), budget: z.string().optional() });

describe("parsePromptArguments", () => {
  it("returns the typed arguments when they match the declaration", () => {
    expect(parsePromptArguments("plan_trip", { city: "Oslo" }, ARGS)).toEqual({ city: "Oslo" });
  });

  it("a missing required argument is a -32602 with the schema's issues", () => {
    let thrown: unknown;
    try {
      parsePromptArguments("plan_trip", { budget: "low" }, ARGS);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: -32602, message: "Invalid arguments for prompt plan_trip" });
    expect((thrown as { data: { issues: { path: string[] }[] } }).data.issues[0]!.path).toEqual(["city"]);
  });

  it("a parser whose error has no issues is reported by its message", () => {
    const failing = { safeParse: () => ({ success: false as const, error: new Error("nope") }) };
    expect(() => parsePromptArguments("p", {}, failing)).toThrow(expect.objectContaining({ code: -32602, data: { issues: [{ message: "nope" }] } }));
  });
});

// Handler unit tests, in memory: createTestClient serves the handlers with the generated server
// and connects the typed client to it (no port, no process), on each protocol era.
import { describe, expect, it } from "vitest";
import { createTestClient } from "../generated/dist/index.js";
import { handlers } from "./handlers.js";

describe.each(["2026-07-28", "2025-11-25"] as const)("greet on %s", (revision) => {
  it("greets by name", async () => {
    const client = await createTestClient(handlers, { revision });
    try {
      const result = await client.tools.greet({ name: "Ada" });
      expect(result.structured).toEqual({ greeting: "Hello, Ada!" });
    } finally {
      await client.close();
    }
  });

  it("rejects an empty name with the tool's input schema", async () => {
    const client = await createTestClient(handlers, { revision });
    try {
      const result = await client.tools.greet({ name: "" });
      expect(result.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

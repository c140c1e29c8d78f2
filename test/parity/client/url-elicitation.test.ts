// 2025-11-25 URL elicitation on the client (issue 16 item 3, client side) against the official
// SDK 2.4.0 server: a tool answers -32042 URLElicitationRequired until the user has visited the
// URL, and the server then sends notifications/elicitation/complete. Without a URL handler the
// caller gets McpUrlElicitationRequiredError listing the elicitations; with one the client asks
// it, waits for the completion and retries once [S25:client/elicitation § URL Elicitation
// Required Error].
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { McpUrlElicitationRequiredError, type UrlElicitationParams } from "../../../packages/runtime/src/client-entry.js";
import { clientFor, startSdkPeer, textOf, type SdkParityServer } from "./support.js";

let sdk: SdkParityServer;
beforeEach(async () => {
  sdk = await startSdkPeer();
});
afterEach(async () => {
  await sdk?.close();
});

describe("official SDK server, legacy era", () => {
  it("without a URL handler: McpUrlElicitationRequiredError with the listed elicitation", async () => {
    // The capability declared by hand: a caller that does the URL step itself (the SDK server
    // only starts URL elicitations for clients declaring elicitation.url).
    const client = clientFor(sdk.url, "legacy", { capabilities: { elicitation: { url: {} } } });
    try {
      const error = await client.callTool("connect", {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpUrlElicitationRequiredError);
      expect((error as McpUrlElicitationRequiredError).code).toBe(-32042);
      expect((error as McpUrlElicitationRequiredError).elicitations).toEqual([
        { mode: "url", message: "Connect your account", url: "https://example.com/connect/el-1", elicitationId: "el-1" },
      ]);
    } finally {
      await client.close();
    }
  });

  it("with a URL handler: asks it, hears notifications/elicitation/complete, retries once and succeeds", async () => {
    const asked: UrlElicitationParams[] = [];
    const completed: string[] = [];
    const client = clientFor(sdk.url, "legacy", {
      onElicitationComplete: (id) => completed.push(id),
      handlers: {
        urlElicitation: (params) => {
          asked.push(params);
          // The user goes to the page a little later; the server then reports completion.
          setTimeout(() => void sdk.visit(params.elicitationId as string), 100);
          return { action: "accept" };
        },
      },
    });
    try {
      const result = await client.callTool("connect", {});
      expect(textOf(result)).toBe("connected");
      expect(asked.map((a) => a.elicitationId)).toEqual(["el-1"]);
      expect(completed).toEqual(["el-1"]);
      expect(sdk.state.elicitations).toBe(1); // one -32042, then the retry went through
    } finally {
      await client.close();
    }
  });

  it("a declined URL elicitation surfaces the error without waiting or retrying", async () => {
    const client = clientFor(sdk.url, "legacy", { handlers: { urlElicitation: () => ({ action: "decline" }) } });
    try {
      await expect(client.callTool("connect", {})).rejects.toBeInstanceOf(McpUrlElicitationRequiredError);
      expect(sdk.state.elicitations).toBe(1);
    } finally {
      await client.close();
    }
  });

  it("no completion within the request timeout: a timeout error, not a hang", async () => {
    const client = clientFor(sdk.url, "legacy", { handlers: { urlElicitation: () => ({ action: "accept" }) } });
    try {
      await expect(client.callTool("connect", {}, { timeoutMs: 300 })).rejects.toMatchObject({ reason: "timeout", message: expect.stringMatching(/elicitation el-1 was not reported complete within 300 ms/) });
    } finally {
      await client.close();
    }
  });
});

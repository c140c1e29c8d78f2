// `mcp-gen pull --oauth`: authorize against a protected server the way a desktop client does
// [S26:basic/authorization]: the runtime's OAuth client (metadata discovery, dynamic
// registration, authorization code + PKCE, RFC 8707 resource) with the runtime's loopback
// redirect helper (RFC 8252 §7.3). The authorization URL is printed for the user to open; the
// browser's redirect back to 127.0.0.1 completes it. Authorization happens once, before the pull's own deadline
// starts, because a person may take longer than any probe timeout.
import { McpClientError, OAuthClient } from "@mcp-gen/runtime/client";
import { startLoopbackRedirect } from "@mcp-gen/runtime/node";
import { UserError } from "../errors.js";

export interface LoopbackAuthorization {
  readonly client: OAuthClient;
  close(): Promise<void>;
}

/** Starts the runtime's loopback listener and the OAuth client that prints its authorization URL with `print`. */
export async function startLoopbackAuthorization(print: (line: string) => void, waitMs: number): Promise<LoopbackAuthorization> {
  const loopback = await startLoopbackRedirect({
    timeoutMs: waitMs,
    doneText: "mcp-gen pull is authorized; you may close this window.",
    show: (url) => print(`open this URL to authorize mcp-gen pull: ${url.href}`),
  });
  const client = new OAuthClient({
    redirectUrl: loopback.redirectUrl,
    clientName: "mcp-gen pull",
    openAuthorization: (authorizationUrl) =>
      loopback.openAuthorization(authorizationUrl).catch((error: unknown) => {
        if (error instanceof McpClientError && error.reason === "timeout") {
          throw new UserError("MCPGEN4015", `no authorization within ${Math.round(waitMs / 1000)} s`, "open the printed URL in a browser and sign in, or pass --header 'Authorization=Bearer ${TOKEN}'");
        }
        throw error;
      }),
  });
  return { client, close: () => loopback.close() };
}

/**
 * Asks the server once without a token; a 401 (or 403 insufficient_scope) runs the OAuth flow
 * so that every later request of the pull carries the token. An open server is left alone.
 */
export async function preauthorize(client: OAuthClient, serverUrl: URL, headers: Readonly<Record<string, string>>): Promise<void> {
  const response = await fetch(serverUrl, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "ping" }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 401 || response.status === 403) await client.handleChallenge(response, serverUrl);
  await response.body?.cancel().catch(() => undefined);
}

// `mcp-gen pull --oauth`: authorize against a protected server the way a desktop client does
// [S26:basic/authorization]: the runtime's OAuth client (metadata discovery, dynamic
// registration, authorization code + PKCE, RFC 8707 resource) with a loopback redirect URI
// (RFC 8252 §7.3). The authorization URL is printed for the user to open; the browser's redirect
// back to 127.0.0.1 completes it. Authorization happens once, before the pull's own deadline
// starts, because a person may take longer than any probe timeout.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { OAuthClient } from "@mcp-gen/runtime/client";
import { UserError } from "../errors.js";

export interface LoopbackAuthorization {
  readonly client: OAuthClient;
  close(): Promise<void>;
}

/** Starts the loopback listener and the OAuth client that prints its authorization URL with `print`. */
export async function startLoopbackAuthorization(print: (line: string) => void, waitMs: number): Promise<LoopbackAuthorization> {
  let deliver: ((url: URL) => void) | undefined;
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback" || deliver === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end("mcp-gen pull is authorized; you may close this window.\n");
    deliver(new URL(`http://127.0.0.1${req.url}`));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const redirectUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/callback`;
  const client = new OAuthClient({
    redirectUrl,
    clientName: "mcp-gen pull",
    openAuthorization: (authorizationUrl) =>
      new Promise<URL>((resolve, reject) => {
        const timer = setTimeout(() => reject(new UserError("MCPGEN4015", `no authorization within ${Math.round(waitMs / 1000)} s`, "open the printed URL in a browser and sign in, or pass --header 'Authorization=Bearer ${TOKEN}'")), waitMs);
        deliver = (url) => {
          clearTimeout(timer);
          deliver = undefined;
          resolve(url);
        };
        print(`open this URL to authorize mcp-gen pull: ${authorizationUrl.href}`);
      }),
  });
  return {
    client,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
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

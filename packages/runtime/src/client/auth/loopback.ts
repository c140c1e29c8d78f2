// For a person at a terminal: a loopback redirect listener [RFC 8252 § 7.3] on 127.0.0.1 and a
// free port. `openAuthorization` hands the authorization URL to `show` (print it, or open a
// browser), waits for the browser's redirect to /callback and resolves with it; no redirect
// within `timeoutMs` rejects with a `timeout` error. Only the expected path is answered; the
// page shown to the browser says nothing about the code.

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpClientError } from "../errors.js";

export interface LoopbackOptions {
  /** Shows the authorization URL to the person (default: one line on stderr). */
  show?: (authorizationUrl: URL) => void | Promise<void>;
  /** How long a person may take (default 5 minutes). */
  timeoutMs?: number;
  /** What the browser shows once the redirect arrived. */
  doneText?: string;
}

export interface LoopbackRedirect {
  /** http://127.0.0.1:<port>/callback: pass it as OAuthOptions.redirectUrl. */
  readonly redirectUrl: string;
  /** Pass it as OAuthOptions.openAuthorization. */
  openAuthorization(authorizationUrl: URL): Promise<URL>;
  close(): Promise<void>;
}

export async function startLoopbackRedirect(options: LoopbackOptions = {}): Promise<LoopbackRedirect> {
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const show = options.show ?? ((url: URL) => void process.stderr.write(`open this URL to authorize: ${url.href}\n`));
  let deliver: ((url: URL) => void) | undefined;
  // Imported on first use: ./node is loaded by every server start, which opens no loopback.
  const { createServer } = await import("node:http");
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== "/callback" || deliver === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    res.writeHead(200, { "content-type": "text/plain", "cache-control": "no-store" }).end(`${options.doneText ?? "Authorized; you may close this window."}\n`);
    deliver(url);
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const redirectUrl = `http://127.0.0.1:${port}/callback`;
  return {
    redirectUrl,
    openAuthorization: (authorizationUrl) =>
      new Promise<URL>((resolve, reject) => {
        const timer = setTimeout(() => {
          deliver = undefined;
          reject(new McpClientError("timeout", `no authorization arrived at ${redirectUrl} within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        deliver = (url) => {
          clearTimeout(timer);
          deliver = undefined;
          resolve(new URL(`${redirectUrl}${url.search}`));
        };
        Promise.resolve(show(authorizationUrl)).catch((error: unknown) => {
          clearTimeout(timer);
          deliver = undefined;
          reject(error);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

// Shared by the client authorization tests: the generated secure-notes server started by its own
// start.js (port 0, the test's authorization server as issuer), and a fetch that records the
// token endpoint requests an OAuth client makes (what it sends, not what it gets back).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const EXAMPLE = path.resolve("examples/secure-notes");

export interface RunningExample {
  child: ChildProcess;
  url: string;
  stop(): void;
}

export function startSecureNotes(issuer: string): Promise<RunningExample> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(EXAMPLE, "start.js"), "--port", "0", "--issuer", issuer], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    const timer = setTimeout(() => reject(new Error(`start.js did not start: ${err}`)), 15_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening (\S+)/.exec(err);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string, stop: () => child.kill() });
      }
    });
    child.once("exit", (code) => reject(new Error(`start.js exited ${code}: ${err}`)));
  });
}

export async function generatedClient(): Promise<{ connect: (options: unknown) => Promise<any> }> {
  return (await import(path.join(EXAMPLE, "generated/dist/index.js"))) as { connect: (options: unknown) => Promise<any> };
}

export interface RecordedTokenRequest {
  grantType: string | null;
  form: URLSearchParams;
  headers: Headers;
}

/** A fetch that records every POST to a URL ending in /token (the grants and refreshes). */
export function recordingFetch(): { fetch: typeof fetch; tokenRequests: RecordedTokenRequest[] } {
  const tokenRequests: RecordedTokenRequest[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === "POST" && new URL(url).pathname.endsWith("/token")) {
      const form = new URLSearchParams(String(init.body ?? ""));
      tokenRequests.push({ grantType: form.get("grant_type"), form, headers: new Headers(init.headers) });
    }
    return fetch(input, init);
  };
  return { fetch: wrapped, tokenRequests };
}

export function scratch(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `mcp-gen-${label}-`));
}

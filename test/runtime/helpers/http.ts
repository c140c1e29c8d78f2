// Minimal HTTP client helpers for the runtime tests (real sockets on 127.0.0.1).
import { request } from "node:http";
import { MODERN, envelope } from "./definition.js";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "POST", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Parses a JSON body or the `data:` lines of an SSE body into messages. */
export function messagesOf(response: RawResponse): any[] {
  const type = String(response.headers["content-type"] ?? "");
  if (type.includes("text/event-stream")) {
    return response.body
      .split("\n")
      .filter((line) => line.startsWith("data: ") && line.length > 6)
      .map((line) => JSON.parse(line.slice(6)));
  }
  return response.body ? [JSON.parse(response.body)] : [];
}

let nextId = 1;

export function modernHeaders(method: string, name?: string, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": MODERN,
    "mcp-method": method,
    ...extra,
  };
  if (name !== undefined) headers["mcp-name"] = name;
  return headers;
}

export async function modernCall(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { capabilities?: Record<string, unknown>; meta?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const name = typeof params["name"] === "string" ? (params["name"] as string) : typeof params["uri"] === "string" ? (params["uri"] as string) : undefined;
  const id = nextId++;
  const body = JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope(options.meta, options.capabilities ?? {}) } });
  const response = await rawRequest(url, { headers: modernHeaders(method, name, options.headers), body });
  const messages = messagesOf(response);
  return { response, messages, final: messages.find((m) => m.id === id) };
}

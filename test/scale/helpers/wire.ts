// Raw wire helpers for the scale tests: legacy sessions, streaming POST/GET readers that keep
// each SSE event's id, and modern calls, all by URL so they work against one instance, several,
// or a balancer in front of them.
import { request } from "node:http";

export const LEGACY = "2025-11-25";
export const MODERN = "2026-07-28";

export interface SseEvent {
  id: string | undefined;
  data: any;
}

export interface OpenStream {
  status: Promise<number>;
  events: SseEvent[];
  /** Resolves when the server ended the response. */
  ended: Promise<void>;
  close(): void;
}

function parseEvents(text: string): { events: SseEvent[]; rest: string } {
  const blocks = text.split("\n\n");
  const rest = blocks.pop() ?? "";
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    const joined = data.join("\n");
    events.push({ id, data: joined === "" ? undefined : JSON.parse(joined) });
  }
  return { events, rest };
}

/** Sends one request and reads its response as it arrives (SSE events, or one JSON body). */
export function stream(url: string, options: { method?: string; headers: Record<string, string>; body?: string }): OpenStream {
  const events: SseEvent[] = [];
  let setStatus: (status: number) => void = () => {};
  let setEnded: () => void = () => {};
  const status = new Promise<number>((resolve) => (setStatus = resolve));
  const ended = new Promise<void>((resolve) => (setEnded = resolve));
  const req = request(url, { method: options.method ?? "POST", headers: options.headers }, (res) => {
    setStatus(res.statusCode ?? 0);
    res.setEncoding("utf8");
    let buffer = "";
    const sse = String(res.headers["content-type"] ?? "").includes("text/event-stream");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      if (!sse) return;
      const parsed = parseEvents(buffer);
      buffer = parsed.rest;
      events.push(...parsed.events);
    });
    res.on("end", () => {
      if (!sse && buffer) events.push({ id: undefined, data: JSON.parse(buffer) });
      setEnded();
    });
    res.on("error", () => setEnded());
    res.on("close", () => setEnded());
  });
  req.on("error", () => {
    setStatus(0);
    setEnded();
  });
  req.end(options.body);
  return { status, events, ended, close: () => req.destroy() };
}

export async function waitFor(check: () => boolean, ms = 5000, what = "condition"): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface LegacyClient {
  session: string;
  headers: Record<string, string>;
  post(message: object): OpenStream;
  call(message: object): Promise<any>;
}

let nextId = 1;

/** `initialize` + `notifications/initialized` through `url`; later calls go wherever `urlOf()` says. */
export async function legacySession(url: string | (() => string), capabilities: object = {}): Promise<LegacyClient> {
  const urlOf = typeof url === "string" ? () => url : url;
  const base = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const response = await new Promise<{ session: string }>((resolve, reject) => {
    const req = request(urlOf(), { method: "POST", headers: base }, (res) => {
      res.resume();
      res.on("end", () => resolve({ session: String(res.headers["mcp-session-id"]) }));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: LEGACY, capabilities, clientInfo: { name: "scale", version: "1" } } }));
  });
  const headers = { ...base, "mcp-session-id": response.session, "mcp-protocol-version": LEGACY };
  const client: LegacyClient = {
    session: response.session,
    headers,
    post: (message) => stream(urlOf(), { headers, body: JSON.stringify(message) }),
    async call(message) {
      const open = client.post({ jsonrpc: "2.0", id: nextId++, ...message });
      await open.ended;
      return open.events.at(-1)?.data;
    },
  };
  await client.post({ jsonrpc: "2.0", method: "notifications/initialized" }).ended;
  return client;
}

export function modernListen(url: string, notifications: object, id = `listen-${nextId++}`): OpenStream {
  return stream(url, {
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "subscriptions/listen" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "subscriptions/listen", params: { notifications, _meta: modernMeta() } }),
  });
}

export function modernMeta(capabilities: object = {}): Record<string, unknown> {
  return { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": capabilities };
}

export async function modernCall(url: string, method: string, params: Record<string, unknown>, capabilities: object = {}): Promise<any> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": method };
  const name = params["name"] ?? params["uri"];
  if (typeof name === "string") headers["mcp-name"] = name;
  const open = stream(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: modernMeta(capabilities) } }) });
  await open.ended;
  return open.events.at(-1)?.data;
}

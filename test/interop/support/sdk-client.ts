// The official MCP TypeScript SDK client (@modelcontextprotocol/client 2.4.0), set up for one era
// and one transport, with a record of what it put on the wire so tests can assert the era was
// really spoken (not just reported by the SDK).
//
// ERA SELECTION, as the SDK exposes it (ClientOptions.versionNegotiation):
// - legacy: no negotiation option. The SDK runs the plain 2025 sequence: `initialize` offering its
//   latest legacy revision (2025-11-25), `notifications/initialized`, a session on HTTP.
// - auto: `{ mode: "auto" }`: probe with `server/discover`, fall back to `initialize` unless the
//   answer is definitive modern evidence.
// - modern: `{ mode: { pin: "2026-07-28" } }`. The SDK sends `server/discover`, requires the
//   pinned revision in `supportedVersions` (no fallback), then attaches the per-request `_meta`
//   envelope to every request and answers `input_required` results by calling its own
//   `elicitation/create` / `roots/list` handlers and retrying. On stdio the probe runs in a
//   short-lived sibling process, so the recorded wire of the real connection starts after it.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type {
  ClientCapabilities,
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
  JSONRPCMessage,
  ListRootsResult,
  Transport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { stdioServerParameters, type ExampleName } from "./example-process.js";

export type Era = "legacy" | "modern";
export type TransportKind = "stdio" | "http";

export const ERA_REVISION: Readonly<Record<Era, string>> = { legacy: "2025-11-25", modern: "2026-07-28" };
export const PROTOCOL_VERSION_META = "io.modelcontextprotocol/protocolVersion";

export interface RecordedHttpRequest {
  readonly method: string;
  readonly headers: Headers;
  /** The parsed JSON body of a POST, undefined for GET/DELETE. */
  readonly body: unknown;
}

export interface ConnectedSdkClient {
  readonly client: Client;
  /** Every JSON-RPC message the client sent on its connection, in order. */
  readonly sent: JSONRPCMessage[];
  /** HTTP only: every request the client made, with its headers. */
  readonly httpRequests: RecordedHttpRequest[];
  /** The params of every elicitation the client's handler was asked for. */
  readonly elicitations: ElicitRequest["params"][];
  /** The server process's stderr so far (stdio only; the HTTP server keeps its own). */
  stderr(): string;
  /** Transport session id: set on a legacy HTTP session, absent on stateless 2026-07-28. */
  sessionId(): string | undefined;
  close(): Promise<void>;
}

export interface SdkClientSetup {
  /** "auto" lets the SDK probe and choose. */
  readonly era: Era | "auto";
  /** The SDK's supported revisions; on a legacy handshake it offers the first one. */
  readonly supportedProtocolVersions?: string[];
  readonly target: { kind: "stdio"; example: ExampleName } | { kind: "http"; url: URL };
  /** Defaults to form and URL elicitation. */
  readonly capabilities?: ClientCapabilities;
  /** How the user answers an elicitation; defaults to declining. */
  readonly answerElicitation?: (params: ElicitRequest["params"]) => ElicitResult;
  /** Registered only when given (pair it with a `roots` capability). */
  readonly listRoots?: () => ListRootsResult;
  /** Registered only when given (pair it with a `sampling` capability). */
  readonly createMessage?: (params: CreateMessageRequest["params"]) => CreateMessageResult;
}

export async function connectSdkClient(setup: SdkClientSetup): Promise<ConnectedSdkClient> {
  const sent: JSONRPCMessage[] = [];
  const httpRequests: RecordedHttpRequest[] = [];
  const elicitations: ElicitRequest["params"][] = [];
  let stderr = "";

  const client = new Client(
    { name: "mcp-gen-interop-test", version: "1.0.0" },
    {
      capabilities: setup.capabilities ?? { elicitation: { form: {}, url: {} } },
      ...(setup.era === "modern" ? { versionNegotiation: { mode: { pin: ERA_REVISION.modern } } } : {}),
      ...(setup.era === "auto" ? { versionNegotiation: { mode: "auto" } } : {}),
      ...(setup.supportedProtocolVersions ? { supportedProtocolVersions: setup.supportedProtocolVersions } : {}),
    },
  );
  const answer = setup.answerElicitation ?? ((): ElicitResult => ({ action: "decline" }));
  if (setup.capabilities?.elicitation !== undefined || setup.capabilities === undefined) {
    client.setRequestHandler("elicitation/create", (request) => {
      elicitations.push(request.params);
      return answer(request.params);
    });
  }
  const listRoots = setup.listRoots;
  if (listRoots) client.setRequestHandler("roots/list", () => listRoots());
  const createMessage = setup.createMessage;
  if (createMessage) client.setRequestHandler("sampling/createMessage", (request) => createMessage(request.params));

  let transport: Transport;
  let sessionId: () => string | undefined = () => undefined;
  if (setup.target.kind === "stdio") {
    const stdio = new StdioClientTransport(stdioServerParameters(setup.target.example));
    stdio.stderr?.on("data", (chunk: Buffer | string) => {
      stderr += chunk.toString();
    });
    transport = stdio;
  } else {
    const http = new StreamableHTTPClientTransport(setup.target.url, {
      fetch: async (url, init) => {
        const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
        httpRequests.push({ method: init?.method ?? "GET", headers: new Headers(init?.headers), body });
        return fetch(url, init);
      },
    });
    sessionId = () => http.sessionId;
    transport = http;
  }
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };

  await client.connect(transport);
  return {
    client,
    sent,
    httpRequests,
    elicitations,
    stderr: () => stderr,
    sessionId,
    close: () => client.close(),
  };
}

/** The requests among the sent messages (notifications and responses left out). */
export function sentRequests(sent: readonly JSONRPCMessage[]): Array<{ id: string | number; method: string; params?: Record<string, unknown> }> {
  return sent.flatMap((message) =>
    "method" in message && "id" in message && message.id !== undefined
      ? [{ id: message.id, method: message.method, ...(message.params ? { params: message.params as Record<string, unknown> } : {}) }]
      : [],
  );
}

/** Responses the client sent: on a legacy session, its answers to the server's own requests. */
export function sentResponses(sent: readonly JSONRPCMessage[]): JSONRPCMessage[] {
  return sent.filter((message) => !("method" in message));
}

/** The text of every text content block of a tool result. */
export function textOf(result: { content?: unknown }): string[] {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : [];
  return content.flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []));
}

/** Resolves once `predicate` holds, polling; rejects with `describe()` after `timeoutMs`. */
export async function eventually(predicate: () => boolean, describe: () => string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await new Promise((resolveTick) => setTimeout(resolveTick, 20));
  }
}

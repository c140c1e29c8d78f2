// Talks to a live MCP server and records its contract exactly as it answers: identity,
// instructions, capabilities, versions, and every page of every list.
//
// DECISION RECORD — RAW TOOL LIST. The runtime client's `listAllTools()` drops tools whose
// `x-mcp-header` annotations are invalid, as a calling client must on modern HTTP
// [S26:basic/transports/streamable-http § Custom Headers]. A pulled manifest is a record of
// what the server offers, so pull sends `tools/list` itself and keeps every tool; invalid
// annotations become diagnostics (see to-manifest.ts), never silent omissions.
//
// DECISION RECORD — ONE DEADLINE. `--timeout` bounds the whole pull, not each request: a
// server that answers every page slowly must fail as surely as one that never answers. Each
// request also gets the remaining time as its own timeout so the client cancels it properly.
import { connectClient, createHttpTransport, McpClient, McpClientError, type ClientTransport, type OAuthClient } from "@mcp-gen/runtime/client";
import { METHOD_NOT_FOUND, RpcError, SKILLS_EXTENSION, SKILLS_LIST_METHOD, SUPPORTED_REVISIONS, type JsonObject } from "@mcp-gen/runtime/core";
import { createStdioTransport } from "@mcp-gen/runtime/node";
import { UserError } from "../errors.js";
import { GENERATOR_VERSION } from "../version.js";
import { describeTarget, type PullTarget } from "./target.js";

export interface ServerSnapshot {
  readonly era: "modern" | "legacy";
  /** The revision this pull spoke. */
  readonly protocolVersion: string;
  /** Revisions the server says it supports (modern: `supportedVersions`; legacy: the negotiated one). */
  readonly supportedVersions: readonly string[];
  readonly serverInfo: JsonObject;
  readonly instructions: string | undefined;
  readonly capabilities: JsonObject;
  readonly tools: readonly JsonObject[];
  readonly prompts: readonly JsonObject[];
  readonly resources: readonly JsonObject[];
  readonly templates: readonly JsonObject[];
  /** skills/list entries, when the server declares the Skills extension (SEP-2640). */
  readonly skills?: readonly JsonObject[];
}

export interface IntrospectOptions {
  /** Whole-pull deadline in ms. */
  readonly timeoutMs: number;
  /** "auto" probes like the client does; a revision pins era and version. */
  readonly protocol?: string;
  /** Extra environment for a stdio server. */
  readonly env?: Readonly<Record<string, string>>;
  /** OAuth for an HTTP server (`--oauth`): its tokens go on every request. */
  readonly auth?: OAuthClient;
}

/** A pagination guard: no real server needs this many pages for one list. */
const MAX_PAGES = 10_000;

interface ListSpec {
  readonly method: string;
  readonly field: string;
  readonly capability: string;
}

const LISTS: Record<"tools" | "prompts" | "resources" | "templates", ListSpec> = {
  tools: { method: "tools/list", field: "tools", capability: "tools" },
  prompts: { method: "prompts/list", field: "prompts", capability: "prompts" },
  resources: { method: "resources/list", field: "resources", capability: "resources" },
  templates: { method: "resources/templates/list", field: "resourceTemplates", capability: "resources" },
};

const SKILLS_LIST: ListSpec = { method: SKILLS_LIST_METHOD, field: "skills", capability: "extensions" };

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function makeTransport(target: PullTarget, options: IntrospectOptions, stderrTail: string[]): ClientTransport {
  if (target.kind === "http") return createHttpTransport({ url: target.url, headers: { ...target.headers }, ...(options.auth ? { auth: options.auth } : {}) });
  return createStdioTransport({
    command: target.command,
    args: [...target.args],
    env: { ...process.env, ...(options.env ?? {}) },
    stderr: "pipe",
    // Kept for error messages: a server that dies usually says why on stderr.
    onStderr: (chunk) => {
      stderrTail.push(chunk);
      while (stderrTail.join("").length > 2000 && stderrTail.length > 1) stderrTail.shift();
    },
    shutdownGraceMs: 500,
  });
}

/**
 * Pulls the contract of one server. Throws a UserError (MCPGEN4010/4011) when it cannot.
 *
 * DECISION RECORD — SERVED REVISIONS. A modern server lists modern revisions in
 * `supportedVersions` (the SDK advertises only those; protocol-brief § server/discover), and a
 * legacy handshake names one revision. Which revisions a server serves is part of its
 * contract (dropping one breaks the clients pinned to it, and `pull --check` must see that),
 * so every other revision the client speaks is asked for on its own short connection, all at
 * once: a pinned `initialize` per legacy revision (the server must answer with the offered
 * version to serve it [S25:basic/lifecycle § Version Negotiation]) and, after a legacy pull, a
 * pinned modern `server/discover`. A refusal, an error or silence within the probe time only
 * means "not served"; it never fails the pull.
 */
export async function introspectServer(target: PullTarget, options: IntrospectOptions): Promise<ServerSnapshot> {
  const started = Date.now();
  const snapshot = await introspectOnce(target, options);
  // Probes share what is left of the deadline, less a second for closing their connections.
  const left = options.timeoutMs - (Date.now() - started) - 1000;
  if (left < 200) return snapshot;
  const known = new Set(snapshot.supportedVersions);
  // On a modern pull, `supportedVersions` is the authority on modern revisions.
  const toProbe = SUPPORTED_REVISIONS.filter((r) => !known.has(r) && !(snapshot.era === "modern" && r >= MODERN_FIRST_REVISION));
  const agreed = await Promise.all(toProbe.map((revision) => probeRevision(target, revision, Math.min(left, OTHER_REVISION_PROBE_MS), options)));
  const served = agreed.filter((r, i): r is string => r !== undefined && r === toProbe[i]);
  return served.length === 0 ? snapshot : { ...snapshot, supportedVersions: [...snapshot.supportedVersions, ...served] };
}

const MODERN_FIRST_REVISION = "2026-07-28";
const OTHER_REVISION_PROBE_MS = 5000;

/** The revision a pinned connection agrees on, or undefined when the server refuses or stays silent. */
async function probeRevision(target: PullTarget, revision: string, timeoutMs: number, options: IntrospectOptions): Promise<string | undefined> {
  const transport = makeTransport(target, options, []);
  let client: McpClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const attempt = (async () => {
      client = new McpClient({ transport, clientInfo: CLIENT_INFO, protocol: revision, requestTimeoutMs: timeoutMs, legacyServerStream: false, eraCache: new Map(), onWarning: () => undefined });
      await client.connect();
      if (client.era === "modern") {
        // A pinned modern client tolerates a missing server/discover; a server that serves the era must answer it.
        const discovered = await client.discover();
        const listed = Array.isArray(discovered?.supportedVersions) ? discovered.supportedVersions : [];
        return listed.includes(revision) ? revision : undefined;
      }
      return client.protocolVersion;
    })();
    const expired = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    return await Promise.race([attempt, expired]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    const closing = client !== undefined ? (client as McpClient).close() : transport.close();
    await Promise.race([closing.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}

const CLIENT_INFO = { name: "mcp-gen-pull", version: GENERATOR_VERSION };

async function introspectOnce(target: PullTarget, options: IntrospectOptions): Promise<ServerSnapshot> {
  const started = Date.now();
  const remaining = (): number => Math.max(1, options.timeoutMs - (Date.now() - started));
  const stderrTail: string[] = [];
  const transport = makeTransport(target, options, stderrTail);
  const where = describeTarget(target);
  let client: McpClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(options.timeoutMs)), options.timeoutMs);
  });
  const work = async (): Promise<ServerSnapshot> => {
    client = await connectClient({
      transport,
      clientInfo: CLIENT_INFO,
      protocol: options.protocol ?? "auto",
      requestTimeoutMs: options.timeoutMs,
      probeTimeoutMs: Math.min(3000, options.timeoutMs),
      // Pull only reads lists; no server-initiated stream is needed.
      legacyServerStream: false,
      eraCache: new Map(),
      onWarning: () => undefined,
    });
    const era = client.era === "modern" ? "modern" : "legacy";
    const protocolVersion = client.protocolVersion ?? "";
    let supportedVersions: string[] = [protocolVersion];
    if (era === "modern") {
      const discovered = await client.discover({ tolerateMissing: true });
      const listed = discovered?.supportedVersions;
      if (Array.isArray(listed)) supportedVersions = listed.filter((v): v is string => typeof v === "string");
      if (!supportedVersions.includes(protocolVersion)) supportedVersions.push(protocolVersion);
    }
    const capabilities = client.serverCapabilities;
    const list = async (spec: ListSpec): Promise<JsonObject[]> => {
      if (!isObject(capabilities[spec.capability])) return [];
      return collectPages(client as McpClient, spec, remaining);
    };
    const tools = await list(LISTS.tools);
    const prompts = await list(LISTS.prompts);
    const resources = await list(LISTS.resources);
    const templates = await list(LISTS.templates);
    const extensions = capabilities["extensions"];
    const skills = isObject(extensions) && isObject(extensions[SKILLS_EXTENSION]) ? await collectPages(client, SKILLS_LIST, remaining) : [];
    return {
      era,
      protocolVersion,
      supportedVersions,
      serverInfo: client.serverInfo ?? {},
      instructions: client.instructions,
      capabilities,
      tools,
      prompts,
      resources,
      templates,
      ...(skills.length > 0 ? { skills } : {}),
    };
  };
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    throw explain(error, where, stderrTail);
  } finally {
    clearTimeout(timer);
    // Closing must not hang a pull whose server stopped answering.
    const closing = client !== undefined ? client.close() : transport.close();
    await Promise.race([closing.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}

/** Every page of one list, following `nextCursor`; a repeated cursor is an error, not a loop. */
async function collectPages(client: McpClient, spec: ListSpec, remaining: () => number): Promise<JsonObject[]> {
  const items: JsonObject[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let result: JsonObject;
    try {
      result = await client.request(spec.method, cursor === undefined ? undefined : { cursor }, { timeoutMs: remaining(), noCache: true });
    } catch (error) {
      // A server that declares the capability but not the list method: treat the list as empty.
      if (error instanceof RpcError && error.code === METHOD_NOT_FOUND && page === 0) return items;
      // Say where in the list it broke: "closed on page 2" is the clue to a paging bug.
      if (error instanceof McpClientError) throw new McpClientError(error.reason, `${spec.method}, page ${page + 1}: ${error.message}`, { ...(error.status === undefined ? {} : { status: error.status }), cause: error });
      throw error;
    }
    const listed = result[spec.field];
    if (!Array.isArray(listed)) throw new McpClientError("bad-response", `${spec.method} answered without a "${spec.field}" list`);
    for (const item of listed) {
      if (!isObject(item)) throw new McpClientError("bad-response", `${spec.method} listed a ${item === null ? "null" : typeof item} where an object belongs`);
      items.push(item);
    }
    const next = result.nextCursor;
    if (next === undefined || next === null) return items;
    if (typeof next !== "string") throw new McpClientError("bad-response", `${spec.method} answered a nextCursor that is not a string`);
    if (seen.has(next)) throw new McpClientError("bad-response", `${spec.method} repeated the pagination cursor ${JSON.stringify(next)} (the list would never end)`);
    seen.add(next);
    cursor = next;
  }
  throw new McpClientError("bad-response", `${spec.method} returned more than ${MAX_PAGES} pages`);
}

class DeadlineExceeded extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
  }
}

function explain(error: unknown, where: string, stderrTail: readonly string[]): Error {
  if (error instanceof UserError) return error;
  const tail = stderrTail.join("").trim();
  const serverSaid = tail === "" ? "" : `\nserver stderr (last lines):\n${tail.split("\n").slice(-8).join("\n")}`;
  if (error instanceof DeadlineExceeded) {
    const hint = where.startsWith("stdio:")
      ? "check that the command starts an MCP server that writes only JSON-RPC messages on stdout (logs go to stderr); raise --timeout for slow servers"
      : "check that the server is up and speaks MCP; raise --timeout for slow servers";
    return new UserError("MCPGEN4011", `${where} did not finish answering within ${error.timeoutMs} ms${serverSaid}`, hint);
  }
  if (error instanceof RpcError) {
    return new UserError("MCPGEN4010", `${where} answered with error ${error.code}: ${error.message}${serverSaid}`, "check the target, its credentials (--header) and the protocol revision (--protocol)");
  }
  if (error instanceof McpClientError) {
    const code = error.reason === "timeout" ? "MCPGEN4011" : "MCPGEN4010";
    const hint =
      error.reason === "auth-required" || (error.reason === "http-status" && (error.status === 401 || error.status === 403))
        ? "pass credentials with --header, e.g. --header 'Authorization=Bearer ${TOKEN}'"
        : error.reason === "timeout"
          ? "check that the server is up and speaks MCP; raise --timeout for slow servers"
          : "check that the target is an MCP server (Streamable HTTP endpoint or stdio command)";
    return new UserError(code, `cannot pull from ${where}: ${error.message}${serverSaid}`, hint);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new UserError("MCPGEN4010", `cannot pull from ${where}: ${message}${serverSaid}`, "check that the target is an MCP server (Streamable HTTP endpoint or stdio command)");
}

// Chooses the era and opens its session: a pinned revision, a cached probe verdict, or a fresh
// `server/discover` probe [S26:basic/versioning § Backward Compatibility]. The verdict rules
// themselves are in ../probe.ts; this module only performs the exchange and acts on them.
import { withEnvelope } from "../../core/era/envelope.js";
import { eraOfRevision, isSupportedRevision, MODERN_REVISIONS, SUPPORTED_REVISIONS, type Era } from "../../core/era/revisions.js";
import { isFailure } from "../../core/jsonrpc/message.js";
import { McpClientError } from "../errors.js";
import { classifyProbe, type EraVerdictRecord, type ProbeOutcome } from "../probe.js";
import { timeoutSignal } from "./exchange.js";
import { DEFAULT_LEGACY_REVISION, LegacySession } from "./legacy.js";
import { ModernSession } from "./modern.js";
import type { ClientSession, SessionContext } from "./types.js";

const DEFAULT_MODERN_REVISION: string = MODERN_REVISIONS[0];

/** Where the opener hands each session as soon as it exists, so inbound traffic reaches it. */
export type AttachSession = (session: ClientSession) => void;

export async function openSession(context: SessionContext, eraCache: Map<string, EraVerdictRecord>, attach: AttachSession): Promise<ClientSession> {
  const transport = context.transport;
  const choice = context.options.protocol ?? "auto";
  if (choice !== "auto") {
    if (!isSupportedRevision(choice)) throw new McpClientError("unsupported-version", `this client does not speak protocol revision ${choice}`);
    return adopt(context, eraOfRevision(choice), choice, attach);
  }
  const cached = eraCache.get(transport.serverKey);
  if (cached !== undefined) {
    try {
      return await adopt(context, cached.era, cached.protocolVersion, attach);
    } catch (error) {
      // [S26:basic/versioning]: re-probe when the cached verdict fails.
      eraCache.delete(transport.serverKey);
      if (error instanceof McpClientError && error.reason === "transport-closed") throw error;
    }
  }
  const session = await probe(context, attach);
  eraCache.set(transport.serverKey, { era: session.era, protocolVersion: session.protocolVersion });
  return session;
}

async function adopt(context: SessionContext, era: Era, protocolVersion: string | undefined, attach: AttachSession): Promise<ClientSession> {
  if (era === "modern") {
    const session = new ModernSession(context, protocolVersion ?? DEFAULT_MODERN_REVISION);
    attach(session);
    if (context.options.discoverOnConnect !== false) await session.discover({ tolerateMissing: true });
    return session;
  }
  return legacy(context, protocolVersion ?? DEFAULT_LEGACY_REVISION, attach);
}

async function legacy(context: SessionContext, offered: string, attach: AttachSession): Promise<ClientSession> {
  const session = new LegacySession(context, offered);
  attach(session);
  await session.initialize(offered);
  return session;
}

async function probe(context: SessionContext, attach: AttachSession): Promise<ClientSession> {
  const transport = context.transport;
  const offered = DEFAULT_MODERN_REVISION;
  const modern = new ModernSession(context, offered);
  attach(modern);
  // stdio: silence within the probe timeout means a legacy server. HTTP: a deployed server
  // always answers, so silence is an outage and surfaces as a timeout error.
  const timeoutMs = transport.kind === "stdio" ? (context.options.probeTimeoutMs ?? 3000) : (context.options.requestTimeoutMs ?? 60_000);
  const timeout = timeoutSignal(timeoutMs);
  let outcome: ProbeOutcome;
  try {
    const response = await transport.request(
      { jsonrpc: "2.0", id: context.nextId(), method: "server/discover", params: withEnvelope(undefined, modern.envelope()) },
      { ...(timeout === undefined ? {} : { signal: timeout }), headers: modern.headers("server/discover", undefined) ?? {} },
    );
    outcome = isFailure(response) ? { kind: "rpc-error", code: response.error.code, data: response.error.data } : { kind: "result", result: response.result };
  } catch (error) {
    if (!(error instanceof McpClientError)) throw error;
    if (error.reason === "aborted" && transport.kind === "stdio") {
      outcome = { kind: "no-answer" }; // stdio silence within the probe timeout
    } else if (error.reason === "aborted") {
      throw new McpClientError("timeout", `the server did not answer server/discover within ${timeoutMs} ms`);
    } else if (error.reason === "http-status" && (error.status ?? 0) < 500) {
      outcome = { kind: "no-answer" }; // a 4xx without a JSON-RPC body
    } else if (error.reason === "transport-closed" && transport.kind === "stdio" && transport.restart !== undefined) {
      // The server exited on the probe: a legacy server that rejects pre-initialize traffic.
      await transport.restart();
      outcome = { kind: "no-answer" };
    } else {
      throw error; // 401/403, 5xx, network failure: never era evidence
    }
  }
  const verdict = classifyProbe(outcome, transport.kind, offered, SUPPORTED_REVISIONS);
  if (verdict.era === "none") throw new McpClientError("unsupported-version", verdict.message);
  if (verdict.era === "legacy") return legacy(context, verdict.protocolVersion ?? DEFAULT_LEGACY_REVISION, attach);
  modern.useVersion(verdict.protocolVersion);
  if (verdict.discovered !== undefined && !verdict.retryDiscover) modern.absorbDiscover(verdict.discovered);
  else await modern.discover({ tolerateMissing: true });
  return modern;
}

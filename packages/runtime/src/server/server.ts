// createMcpServer: compiles a definition once and exposes the transport-neutral entry points
// both transports (HTTP, stdio) call. No per-request server construction happens anywhere.
import { META_SERVER_INFO } from "../core/era/envelope.js";
import { createHandleCodec, type HandleCodec } from "../handles/handles.js";
import type { JsonRpcRequest } from "../core/jsonrpc/message.js";
import { createRequestStateCodec, type RequestStateCodec } from "../mrtr/request-state.js";
import { resolveSigningKey } from "../mrtr/signing-key.js";
import { requireSharedKeys } from "../coordination/shared-keys.js";
import { LocalChangeBus } from "../subscriptions/event-bus.js";
import { DEFAULT_MAX_URI_LENGTH } from "../uri/template.js";
import { compileDefinition, hasTaskTools, type CompiledServer } from "./compile.js";
import { TaskEngine } from "../tasks/engine.js";
import { DEFAULT_HANDLER_TIMEOUT_MS } from "./handler-call.js";
import type { ServerControl, ServerDefinition } from "./definition.js";
import { LegacySession, type LegacyHost } from "./legacy-session.js";
import { serveModernRequest, type ModernExchange, type ModernHost, type Reply } from "./modern.js";
import { DEFAULT_MAX_BODY_BYTES, type ServerOptions } from "./options.js";

export interface McpServer extends ServerControl {
  readonly definition: ServerDefinition;
  readonly options: ServerOptions;
  readonly maxBodyBytes: number;
  /** Serves one modern-era request (envelope already claimed by the body). */
  serveModern(request: JsonRpcRequest, exchange: ModernExchange): Promise<Reply>;
  /** Legacy revisions served, preferred first (empty for a modern-only server). */
  readonly legacyRevisions: readonly string[];
  /** Hands a transport-level failure to ServerOptions.onError (never to a client). */
  reportError(error: unknown): void;
  /** Creates a legacy session bound to this server (one per HTTP session or stdio connection). */
  createLegacySession(id?: string): LegacySession;
  /** Ends open listen streams gracefully and closes legacy sessions. */
  close(): void;
}

export function createMcpServer(definition: ServerDefinition, options: ServerOptions = {}): McpServer {
  if (options.coordination) requireSharedKeys(options);
  const compiled: CompiledServer = compileDefinition(definition, options.limits?.pageSize);
  const stateCodec: RequestStateCodec = createRequestStateCodec(
    resolveSigningKey(options.stateKey, "MCP_GEN_STATE_KEY"),
    options.stateTtlMs ?? 10 * 60_000,
  );
  const handles: HandleCodec = createHandleCodec(resolveSigningKey(options.handleKey, "MCP_GEN_HANDLE_KEY"), definition.handles ?? {});
  const bus = options.coordination?.bus ?? new LocalChangeBus();
  const sessions = new Set<LegacySession>();
  let markClosing: () => void = () => {};
  const closing = new Promise<void>((resolve) => {
    markClosing = resolve;
  });
  const control: ServerControl = {
    notifyToolsListChanged: () => bus.publish({ type: "toolsListChanged" }),
    notifyPromptsListChanged: () => bus.publish({ type: "promptsListChanged" }),
    notifyResourcesListChanged: () => bus.publish({ type: "resourcesListChanged" }),
    notifyResourceUpdated: (uri: string) => bus.publish({ type: "resourceUpdated", uri }),
  };
  const host = {
    compiled,
    handles,
    control,
    reportError: (error: unknown) => options.onError?.(error),
    stateCodec,
    capabilities: compiled.capabilities,
    serverInfo: compiled.serverInfo,
    bus,
    maxListens: options.limits?.maxListens ?? 1024,
    listens: { active: 0 },
    closing,
    clientRequestTimeoutMs: options.limits?.clientRequestTimeoutMs ?? 10 * 60_000,
    handlerTimeoutMs: options.limits?.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS,
    maxUriLength: options.limits?.maxUriLength ?? DEFAULT_MAX_URI_LENGTH,
    callerOf: options.callerOf,
    serverMetaJson: `"_meta":${JSON.stringify({ [META_SERVER_INFO]: compiled.serverInfo })}`,
    tasks: hasTaskTools(definition)
      ? new TaskEngine({ ...options.tasks, reportError: (error: unknown) => options.onError?.(error) })
      : undefined,
  };
  return {
    ...control,
    definition,
    options,
    maxBodyBytes: options.limits?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    legacyRevisions: compiled.legacyRevisions,
    reportError: host.reportError,
    serveModern: (request, exchange) => serveModernRequest(host, request, exchange),
    createLegacySession(id) {
      const session = new LegacySession(host, id);
      const unsubscribe = bus.subscribe((event) => session.deliverChange(event));
      sessions.add(session);
      const close = session.close.bind(session);
      session.close = () => {
        unsubscribe();
        sessions.delete(session);
        close();
      };
      return session;
    },
    close() {
      markClosing();
      for (const session of [...sessions]) session.close();
      host.tasks?.close();
      options.coordination?.close().catch((error: unknown) => options.onError?.(error));
    },
  };
}

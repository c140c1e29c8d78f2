// The client→server request methods of each era, one row per method, and what the runtime
// needs to know about each: the server capability that gates it, whether a result may be
// cached [2026-07-28 server/utilities/caching], whether it may answer `input_required`
// [2026-07-28 basic/patterns/mrtr § Supported Requests], and whether a client may simply send it
// again when its response stream breaks [2026-07-28 changelog § Major changes #9: no resumption,
// re-issue with a new id]. The server's dispatch, the client's cache, MRTR loop and re-issue
// rule all read these rows; test/architecture ties them to the generator's hand-curated tables
// (generator/spec-schema/methods), which are tied to the schema's unions.
import { META_TASKS_EXTENSION } from "./era/envelope.js";
import type { Era } from "./era/revisions.js";

/**
 * A capability path in the server's advertised capabilities: ["tools"] means
 * `capabilities.tools` must be present; ["resources", "subscribe"] means it must be `true`.
 */
export type CapabilityGate = readonly [string] | readonly [string, string];

export interface MethodRow {
  readonly method: string;
  /** Undefined: always available (discovery, handshake, ping). */
  readonly capability?: CapabilityGate;
  readonly cacheable: boolean;
  readonly mayRequireInput: boolean;
  readonly reissueSafe: boolean;
  /** Modern HTTP: the params field the `Mcp-Name` header mirrors (streamable-http § Standard Request Headers). */
  readonly nameHeaderField?: "name" | "uri" | "taskId";
  /** Legacy: the revision that added the method (rows apply to that revision and later ones). */
  readonly since?: string;
  /** False for spec methods the runtime does not implement yet (answered with -32601). */
  readonly served: boolean;
  /** A method an extension adds (not in the revision's schema): left out of methodsOfRevision. */
  readonly extension?: string;
}

function row(method: string, capability: CapabilityGate | undefined, flags: Partial<Omit<MethodRow, "method" | "capability">> = {}): MethodRow {
  return Object.freeze({
    method,
    ...(capability === undefined ? {} : { capability }),
    cacheable: flags.cacheable ?? false,
    mayRequireInput: flags.mayRequireInput ?? false,
    reissueSafe: flags.reissueSafe ?? false,
    ...(flags.nameHeaderField === undefined ? {} : { nameHeaderField: flags.nameHeaderField }),
    ...(flags.since === undefined ? {} : { since: flags.since }),
    served: flags.served ?? true,
    ...(flags.extension === undefined ? {} : { extension: flags.extension }),
  });
}

// tools/call is never re-issued on its own: repeating a side effect is the caller's decision.
const MODERN_ROWS: readonly MethodRow[] = [
  row("server/discover", undefined, { cacheable: true, reissueSafe: true }),
  row("subscriptions/listen", undefined),
  row("tools/list", ["tools"], { cacheable: true, reissueSafe: true }),
  row("tools/call", ["tools"], { mayRequireInput: true, nameHeaderField: "name" }),
  row("prompts/list", ["prompts"], { cacheable: true, reissueSafe: true }),
  row("prompts/get", ["prompts"], { mayRequireInput: true, reissueSafe: true, nameHeaderField: "name" }),
  row("resources/list", ["resources"], { cacheable: true, reissueSafe: true }),
  row("resources/templates/list", ["resources"], { cacheable: true, reissueSafe: true }),
  row("resources/read", ["resources"], { cacheable: true, mayRequireInput: true, reissueSafe: true, nameHeaderField: "uri" }),
  row("completion/complete", ["completions"], { reissueSafe: true }),
  // The tasks extension (extensions/tasks § Supported Methods); Mcp-Name mirrors params.taskId
  // (§ Streamable HTTP: Routing Headers). Served only by servers with a task-capable tool.
  row("tasks/get", undefined, { nameHeaderField: "taskId", reissueSafe: true, extension: META_TASKS_EXTENSION }),
  row("tasks/update", undefined, { nameHeaderField: "taskId", extension: META_TASKS_EXTENSION }),
  row("tasks/cancel", undefined, { nameHeaderField: "taskId", extension: META_TASKS_EXTENSION }),
];

// Legacy servers are stateful and results carry no cache hints; nothing is cached or re-issued
// (a legacy stream resumes with Last-Event-ID instead), and input comes as real requests.
const LEGACY_ROWS: readonly MethodRow[] = [
  row("initialize", undefined),
  row("ping", undefined),
  row("logging/setLevel", ["logging"]),
  row("resources/subscribe", ["resources", "subscribe"]),
  row("resources/unsubscribe", ["resources", "subscribe"]),
  row("tools/list", ["tools"]),
  row("tools/call", ["tools"]),
  row("prompts/list", ["prompts"]),
  row("prompts/get", ["prompts"]),
  row("resources/list", ["resources"]),
  row("resources/templates/list", ["resources"]),
  row("resources/read", ["resources"]),
  row("completion/complete", ["completions"]),
  // Tasks (SEP-1686, 2025-11-25 basic/utilities/tasks), gated by the legacy `tasks` capability.
  row("tasks/get", ["tasks"], { since: "2025-11-25" }),
  row("tasks/result", ["tasks"], { since: "2025-11-25" }),
  row("tasks/cancel", ["tasks"], { since: "2025-11-25" }),
  row("tasks/list", ["tasks"], { since: "2025-11-25" }),
];

function index(rows: readonly MethodRow[]): ReadonlyMap<string, MethodRow> {
  return new Map(rows.map((r) => [r.method, r]));
}

const MODERN_INDEX = index(MODERN_ROWS);
const LEGACY_INDEX = index(LEGACY_ROWS);

/** Every row of an era's registry, in table order. */
export function methodRows(era: Era): readonly MethodRow[] {
  return era === "modern" ? MODERN_ROWS : LEGACY_ROWS;
}

/** The methods a client may send at one revision (legacy rows added later are left out). */
export function methodsOfRevision(era: Era, revision: string): readonly MethodRow[] {
  return methodRows(era).filter((r) => r.extension === undefined && (r.since === undefined || r.since <= revision));
}

/** The row of a method in an era, or undefined when the era has no such method. */
export function methodRow(era: Era, method: string): MethodRow | undefined {
  return (era === "modern" ? MODERN_INDEX : LEGACY_INDEX).get(method);
}

/** Whether advertised capabilities open a method's gate. */
export function capabilityAllows(gate: CapabilityGate | undefined, capabilities: Readonly<Record<string, unknown>>): boolean {
  if (gate === undefined) return true;
  const top = capabilities[gate[0]];
  if (top === undefined) return false;
  if (gate.length === 1) return true;
  return typeof top === "object" && top !== null && (top as Record<string, unknown>)[gate[1]] === true;
}

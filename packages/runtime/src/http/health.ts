// Liveness and readiness probes beside the MCP path (issue 17 #2). `/healthz` answers 200 while
// the process can answer at all; `/readyz` answers 200 only while the server accepts work: not
// draining, its shared state (ServerOptions.coordination) connected, and the operator's own check
// passing. Both run before the Host/Origin guard: an orchestrator probes by pod address, and the
// answers carry nothing but a status word.
import type { McpServer } from "../server/server.js";

export const DEFAULT_HEALTH_PATH = "/healthz";
export const DEFAULT_READY_PATH = "/readyz";

export interface ProbeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Answers a probe path, or undefined for any other path. */
export type HealthRoutes = (path: string, method: string) => Promise<ProbeAnswer> | undefined;

const HEADERS = Object.freeze({ "content-type": "application/json", "cache-control": "no-store" });

function answer(status: number, body: Record<string, string>): ProbeAnswer {
  return { status, headers: { ...HEADERS }, body: JSON.stringify(body) };
}

/** Why the server is not ready, or undefined when it is. */
async function notReadyBecause(server: McpServer): Promise<string | undefined> {
  if (server.gate.draining) return "draining";
  const coordination = server.options.coordination;
  if (coordination?.ready && !coordination.ready()) return "coordination unavailable";
  const check = server.options.health?.ready;
  if (check) {
    try {
      if (!(await check())) return "readiness check failed";
    } catch (error) {
      server.reportError(error);
      return "readiness check failed";
    }
  }
  return undefined;
}

/** The probe routes of `server`, or undefined when ServerOptions.health.enabled is false. */
export function createHealthRoutes(server: McpServer): HealthRoutes | undefined {
  const options = server.options.health ?? {};
  if (options.enabled === false) return undefined;
  const healthPath = options.healthPath ?? DEFAULT_HEALTH_PATH;
  const readyPath = options.readyPath ?? DEFAULT_READY_PATH;
  return (path, method) => {
    if (path !== healthPath && path !== readyPath) return undefined;
    if (method !== "GET" && method !== "HEAD") {
      return Promise.resolve({ status: 405, headers: { allow: "GET, HEAD" }, body: "" });
    }
    if (path === healthPath) return Promise.resolve(answer(200, { status: "ok" }));
    return notReadyBecause(server).then((reason) => (reason === undefined ? answer(200, { status: "ready" }) : answer(503, { status: "unavailable", reason })));
  };
}

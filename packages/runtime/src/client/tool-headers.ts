// The client's `Mcp-Param-*` plan for one tool [S26:basic/transports/streamable-http § Schema
// Extension]: the declarations the shared scanner (core/headers/declarations.ts) reads, or the
// reason the tool must be dropped from `tools/list` on HTTP (with a warning naming the tool),
// so one malformed definition never blocks the others.
import { scanHeaderDeclarations, type HeaderDeclaration } from "../core/headers/declarations.js";

export type ToolHeaderPlan = { ok: true; params: readonly HeaderDeclaration[] } | { ok: false; reason: string };

export function planToolHeaders(inputSchema: unknown): ToolHeaderPlan {
  const scan = scanHeaderDeclarations(inputSchema);
  const problem = scan.problems[0];
  return problem === undefined ? { ok: true, params: scan.declarations } : { ok: false, reason: problem.message };
}

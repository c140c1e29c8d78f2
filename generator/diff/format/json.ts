import type { DiffResult } from "../types.js";

/** `{"old","new","changes":[{"rule","level","kind","path","message"}]}`: this shape is public, keep it stable. */
export function formatJson(result: DiffResult): string {
  const changes = result.changes.map((c) => ({ rule: c.rule, level: c.level, kind: c.kind, path: c.path, message: c.message }));
  return JSON.stringify({ old: result.old, new: result.new, changes }, null, 2) + "\n";
}

import type { Change, Level } from "../types.js";
import { LEVELS } from "../types.js";

export function countByLevel(changes: readonly Change[]): Record<Level, number> {
  const counts: Record<Level, number> = { breaking: 0, warning: 0, info: 0 };
  for (const c of changes) counts[c.level]++;
  return counts;
}

/** "3 breaking, 1 warning, 12 info" (or "no changes"). */
export function summaryLine(changes: readonly Change[]): string {
  if (changes.length === 0) return "no changes";
  const counts = countByLevel(changes);
  return LEVELS.map((level) => `${counts[level]} ${level}`).join(", ");
}

/** True when some change is at `threshold` or more severe (`--fail-on`). */
export function reachesLevel(changes: readonly Change[], threshold: Level): boolean {
  const limit = LEVELS.indexOf(threshold);
  return changes.some((c) => LEVELS.indexOf(c.level) <= limit);
}

import type { Change, ChangeKind, Rule } from "./types.js";

/** A change reported under `rule`; the level always comes from the rule, never from the caller. */
export function changeOf(rule: Rule, kind: ChangeKind, path: string, message: string): Change {
  return { rule: rule.id, level: rule.level, kind, path, message };
}

const LEVEL_ORDER = { breaking: 0, warning: 1, info: 2 } as const;

/** Deterministic order: by path, then rule id, then message (byte order, not locale). */
export function sortChanges(changes: readonly Change[]): Change[] {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...changes].sort((a, b) => cmp(a.path, b.path) || cmp(a.rule, b.rule) || cmp(a.message, b.message));
}

export function levelRank(level: Change["level"]): number {
  return LEVEL_ORDER[level];
}

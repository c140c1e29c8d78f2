import type { Change, ChangeKind, Level } from "../types.js";

/** Reading order of kinds inside a level: the wire surface first, then types, then a server's parts. */
const KIND_ORDER: readonly ChangeKind[] = [
  "revision",
  "method",
  "notification",
  "capability",
  "error-code",
  "definition",
  "property",
  "tool",
  "prompt",
  "resource",
  "template",
  "handle",
  "input-request",
];

/** The changes of one level, by kind in reading order; inside a kind, the result's (path) order. */
export function changesOfLevel(changes: readonly Change[], level: Level): Change[] {
  const rank = (c: Change): number => KIND_ORDER.indexOf(c.kind);
  return changes
    .map((change, index) => ({ change, index }))
    .filter(({ change }) => change.level === level)
    .sort((a, b) => rank(a.change) - rank(b.change) || a.index - b.index)
    .map(({ change }) => change);
}

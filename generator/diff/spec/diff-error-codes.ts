import { changeOf } from "../change.js";
import { ERROR_CODE_ADDED, ERROR_CODE_REMOVED, ERROR_CODE_RENUMBERED } from "../rules/error-codes.js";
import type { Change } from "../types.js";
import { type ErrorCode, errorKey } from "./error-codes.js";

/** Codes are matched by name first (a renumbering is one change, not a removal plus an addition), then by number. */
export function diffErrorCodes(oldCodes: readonly ErrorCode[], newCodes: readonly ErrorCode[]): Change[] {
  const changes: Change[] = [];
  const newByKey = new Map(newCodes.map((c) => [errorKey(c.name), c]));
  const oldByKey = new Map(oldCodes.map((c) => [errorKey(c.name), c]));
  const renumbered = new Set<string>();
  for (const [key, before] of oldByKey) {
    const after = newByKey.get(key);
    if (after && after.code !== before.code) {
      renumbered.add(key);
      changes.push(changeOf(ERROR_CODE_RENUMBERED, "error-code", before.name, `${before.name} renumbered: ${before.code} → ${after.code}`));
    }
  }
  const newNumbers = new Set(newCodes.map((c) => c.code));
  const oldNumbers = new Set(oldCodes.map((c) => c.code));
  for (const c of oldCodes) {
    if (renumbered.has(errorKey(c.name)) || newNumbers.has(c.code)) continue;
    changes.push(changeOf(ERROR_CODE_REMOVED, "error-code", String(c.code), `error code ${c.code} (${c.name}) removed`));
  }
  for (const c of newCodes) {
    if (renumbered.has(errorKey(c.name)) || oldNumbers.has(c.code)) continue;
    changes.push(changeOf(ERROR_CODE_ADDED, "error-code", String(c.code), `error code ${c.code} (${c.name}) added`));
  }
  return changes;
}

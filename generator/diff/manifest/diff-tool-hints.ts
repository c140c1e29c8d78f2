import { changeOf } from "../change.js";
import type { ContractToolHints } from "../contract.js";
import { TOOL_SAFETY_HINT_WEAKENED } from "../rules/manifest.js";
import type { Change } from "../types.js";

interface EffectiveHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * The hints as a client must read them, with the spec's defaults (schema.ts ToolAnnotations:
 * readOnly false, destructive true, idempotent false, openWorld true; destructive and
 * idempotent mean something only when the tool is not read-only). Comparing raw values would
 * call "destructiveHint: true" → absent a change, and miss "readOnlyHint: true" → absent.
 */
function effective(hints: ContractToolHints | undefined): EffectiveHints {
  const readOnlyHint = hints?.readOnlyHint ?? false;
  return {
    readOnlyHint,
    destructiveHint: readOnlyHint ? false : (hints?.destructiveHint ?? true),
    idempotentHint: readOnlyHint ? true : (hints?.idempotentHint ?? false),
    openWorldHint: hints?.openWorldHint ?? true,
  };
}

const WEAKER: readonly { readonly hint: keyof EffectiveHints; readonly safe: boolean; readonly words: string }[] = [
  { hint: "readOnlyHint", safe: true, words: "is no longer read-only" },
  { hint: "destructiveHint", safe: false, words: "may now perform destructive updates" },
  { hint: "idempotentHint", safe: true, words: "is no longer idempotent" },
  { hint: "openWorldHint", safe: false, words: "now interacts with an open world" },
];

/** One change per hint that moved away from its safe value. */
export function diffToolHints(before: ContractToolHints | undefined, after: ContractToolHints | undefined, toolPath: string, changes: Change[]): void {
  const was = effective(before);
  const now = effective(after);
  for (const { hint, safe, words } of WEAKER) {
    if (was[hint] === safe && now[hint] !== safe) changes.push(changeOf(TOOL_SAFETY_HINT_WEAKENED, "tool", `${toolPath}.annotations.${hint}`, `${toolPath} ${words}`));
  }
}

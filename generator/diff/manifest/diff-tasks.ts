// Task support in the contract (issue 14): a tool that becomes task-required refuses every
// caller that does not do tasks (2026-07-28: -32021 for a request without the extension;
// 2025-11-25: -32601 without the `task` param), so that change is breaking; any other change
// of task support is answered by clients that do tasks either way.
import { changeOf } from "../change.js";
import type { ServerContract } from "../contract.js";
import { TOOL_TASK_REQUIRED, TOOL_TASK_SUPPORT_CHANGED } from "../rules/manifest.js";
import type { Change } from "../types.js";
import { pairByName, segment } from "./pairing.js";

export function diffTaskSupport(before: ServerContract, after: ServerContract, changes: Change[]): void {
  for (const [o, n] of pairByName(before.tools, after.tools).kept) {
    const was = o.taskSupport ?? "forbidden";
    const now = n.taskSupport ?? "forbidden";
    if (was === now) continue;
    const path = `${segment("tools", o.name)}.task`;
    const rule = now === "required" ? TOOL_TASK_REQUIRED : TOOL_TASK_SUPPORT_CHANGED;
    changes.push(changeOf(rule, "tool", path, `tool ${o.name}: task support ${was} → ${now}`));
  }
}

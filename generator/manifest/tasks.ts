// A tool's `task:` (issue 14): whether it never, may or must run as a task, its time-to-live, poll
// interval and the inputs asked through MRTR before the task exists. Checks (MCPGEN18xx) and the
// IR part. Tasks exist from 2025-11-25 (basic/utilities/tasks, experimental) and, on 2026-07-28,
// as the io.modelcontextprotocol/tasks extension (extensions/tasks); older revisions cannot
// express them.
import { entriesOf, isMap } from "./raw.js";
import type { Reporter } from "./reporter.js";

export type TaskSupport = "forbidden" | "optional" | "required";

export interface ToolTask {
  readonly support: TaskSupport;
  /** null: unlimited; absent: the runtime default (1 h). */
  readonly ttlMs?: number | null;
  readonly pollIntervalMs?: number;
  readonly askFirst: readonly string[];
}

/** The first revision with tasks (2025-11-25 basic/utilities/tasks). */
export const FIRST_TASK_REVISION = "2025-11-25";

function raw(tool: unknown): unknown {
  return isMap(tool) ? tool["task"] : undefined;
}

/** Durations are read by the caller's parser (normalize.ts durationToMs), passed in to keep imports one-way. */
export type DurationParser = (text: string) => number;

export function checkTasks(root: unknown, served: readonly string[], reporter: Reporter, durationToMs: DurationParser): void {
  if (!isMap(root)) return;
  const withTasks = served.filter((r) => r >= FIRST_TASK_REVISION);
  for (const [name, tool] of entriesOf(root["tools"])) {
    const task = raw(tool);
    if (task === undefined) continue;
    const at = ["tools", name, "task"];
    const support = typeof task === "string" ? task : isMap(task) ? task["support"] : undefined;
    if (support !== "forbidden" && served.length > 0 && withTasks.length === 0) {
      reporter.report("MCPGEN1801", at, `tool \`${name}\` runs as a task, but no served revision has tasks (they start at ${FIRST_TASK_REVISION})`, `add ${FIRST_TASK_REVISION} or 2026-07-28 to \`protocol\`, or remove \`task\``);
    }
    if (!isMap(task)) continue;
    const inputs = isMap(tool) && isMap(tool["inputs"]) ? tool["inputs"] : {};
    const askFirst = Array.isArray(task["askFirst"]) ? task["askFirst"] : [];
    askFirst.forEach((key, i) => {
      if (typeof key === "string" && !Object.hasOwn(inputs, key)) {
        reporter.report("MCPGEN1802", [...at, "askFirst", i], `\`askFirst\` names \`${key}\`, which is not one of the tool's \`inputs\``, "declare it under `inputs`, or remove it from `askFirst`");
      }
    });
    // A malformed duration is the schema's finding (MCPGEN11xx); it is not parsed here.
    const ttl = durationOrUndefined(task["ttl"], durationToMs);
    const poll = durationOrUndefined(task["pollInterval"], durationToMs);
    if (ttl !== undefined && poll !== undefined && poll >= ttl) {
      reporter.report("MCPGEN1803", [...at, "pollInterval"], `the poll interval (${task["pollInterval"]}) is not shorter than the time-to-live (${task["ttl"]})`, "poll more often than the task expires");
    }
  }
}

function durationOrUndefined(value: unknown, durationToMs: DurationParser): number | undefined {
  if (typeof value !== "string" || value === "unlimited") return undefined;
  try {
    return durationToMs(value);
  } catch {
    return undefined;
  }
}

/** The IR part; undefined when the tool declares no `task`. */
export function toolTaskOf(tool: unknown, durationToMs: DurationParser): ToolTask | undefined {
  const task = raw(tool);
  if (typeof task === "string") return { support: task as TaskSupport, askFirst: [] };
  if (!isMap(task)) return undefined;
  const ttl = task["ttl"];
  return {
    support: (task["support"] as TaskSupport | undefined) ?? "optional",
    ...(ttl === "unlimited" ? { ttlMs: null } : typeof ttl === "string" ? { ttlMs: durationToMs(ttl) } : {}),
    ...(typeof task["pollInterval"] === "string" ? { pollIntervalMs: durationToMs(task["pollInterval"]) } : {}),
    askFirst: Array.isArray(task["askFirst"]) ? task["askFirst"].filter((k): k is string => typeof k === "string") : [],
  };
}

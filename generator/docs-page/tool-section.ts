// One tool's entry: name and title, description, annotations, input and output tables, what it
// may ask the user, scopes, task support, handles and the parameters mirrored into headers.
import type { HandleUse, Manifest, Tool, ToolAnnotations } from "../manifest/ir.js";
import { anchor, code, el, type Html, join } from "./html.js";
import { inputRequestsBlock, scopesLine } from "./input-requests.js";
import { schemaTable } from "./schema-table.js";
import { duration } from "./words.js";

const HINTS: readonly [keyof ToolAnnotations, string][] = [
  ["readOnlyHint", "read-only"],
  ["destructiveHint", "destructive"],
  ["idempotentHint", "idempotent"],
  ["openWorldHint", "open world"],
];

/** Annotations as badges; a hint set to false says so ("not destructive"). */
function annotationsLine(annotations: ToolAnnotations | undefined): Html | undefined {
  if (!annotations) return undefined;
  const badges = HINTS.filter(([key]) => annotations[key] !== undefined).map(([key, word]) =>
    el("span", { class: `badge ${annotations[key] ? "on" : "off"}`, title: `${key}: ${String(annotations[key])}` }, annotations[key] ? word : `not ${word}`),
  );
  if (badges.length === 0 && annotations.title === undefined) return undefined;
  return el("p", { class: "annotations" }, el("strong", {}, "Annotations: "), join(badges, " "), annotations.title !== undefined ? join([" title ", el("q", {}, annotations.title)]) : undefined);
}

function taskLine(tool: Tool): Html | undefined {
  const task = tool.task;
  if (!task) return undefined;
  const support = { forbidden: "never runs as a task", optional: "may run as a task (the client chooses)", required: "always runs as a task" }[task.support];
  const ttl = task.ttlMs === null ? "kept without limit" : task.ttlMs !== undefined ? `kept ${duration(task.ttlMs)}` : "kept for the runtime default (1 h)";
  return el(
    "p",
    { class: "task" },
    el("strong", {}, "Task: "),
    support,
    task.support === "forbidden" ? undefined : join([`; ${ttl}`, task.pollIntervalMs !== undefined ? `; poll every ${duration(task.pollIntervalMs)}` : undefined]),
    task.askFirst.length > 0 ? join(["; asks ", join(task.askFirst.map(code), ", "), " before the task starts"]) : undefined,
  );
}

function headersLine(tool: Tool): Html | undefined {
  if (tool.headers.length === 0) return undefined;
  return el("p", { class: "headers" }, el("strong", {}, "HTTP headers (2026-07-28): "), join(tool.headers.map((h) => join([code(`Mcp-Param-${h.header}`), " ← ", code(h.path.join("."))])), ", "));
}

function handlesLine(tool: Tool): Html | undefined {
  const use = (verb: string, h: HandleUse): Html => join([`${verb} `, el("a", { href: `#${anchor("handle", h.handle)}` }, code(h.handle)), " at ", code(h.path.join("."))]);
  const uses = [...tool.handleInputs.map((h) => use("takes", h)), ...tool.handleOutputs.map((h) => use("returns", h))];
  return uses.length > 0 ? el("p", { class: "handles" }, el("strong", {}, "Handles: "), join(uses, "; ")) : undefined;
}

export function toolSection(tool: Tool, manifest: Manifest): Html {
  return el(
    "section",
    { class: "entry tool", id: anchor("tool", tool.name) },
    el("h3", {}, el("code", { class: "entry-name" }, tool.name), tool.title !== undefined ? el("span", { class: "entry-title" }, tool.title) : undefined),
    tool.description !== undefined ? el("p", { class: "description" }, tool.description) : undefined,
    annotationsLine(tool.annotations),
    scopesLine(tool.scopes, manifest.auth?.required),
    taskLine(tool),
    handlesLine(tool),
    headersLine(tool),
    el("h4", {}, "Input"),
    schemaTable(tool.inputSchema, "No parameters."),
    el("h4", {}, "Output (structuredContent)"),
    tool.outputSchema !== undefined ? schemaTable(tool.outputSchema, "An object with no declared properties.") : el("p", { class: "empty" }, "No output schema: the result is content only."),
    inputRequestsBlock(tool.inputRequests),
  );
}

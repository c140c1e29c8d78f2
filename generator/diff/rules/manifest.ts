import { defineRule } from "./rule.js";

// Rules over the declared surface of one server (its "contract"): what existing callers
// of the old server can name and rely on.

export const TOOL_ADDED = defineRule("TOOL_ADDED", "info", ["MANIFEST", "TOOL"], "Reports a tool that the new server offers.");
export const TOOL_REMOVED = defineRule("TOOL_REMOVED", "breaking", ["MANIFEST", "TOOL"], "Reports a tool that the new server no longer offers, so callers of it fail.");
export const TOOL_SAFETY_HINT_WEAKENED = defineRule(
  "TOOL_SAFETY_HINT_WEAKENED",
  "warning",
  ["MANIFEST", "TOOL"],
  "Reports a tool that is no longer read-only, now destructive, no longer idempotent or now open-world, which client approval policies rely on.",
);
export const PROMPT_ADDED = defineRule("PROMPT_ADDED", "info", ["MANIFEST", "PROMPT"], "Reports a prompt that the new server offers.");
export const PROMPT_REMOVED = defineRule("PROMPT_REMOVED", "breaking", ["MANIFEST", "PROMPT"], "Reports a prompt that the new server no longer offers, so clients that get it fail.");
export const PROMPT_REQUIRED_ARGUMENT_ADDED = defineRule(
  "PROMPT_REQUIRED_ARGUMENT_ADDED",
  "breaking",
  ["MANIFEST", "PROMPT"],
  "Reports a new required prompt argument that existing clients do not send.",
);
export const PROMPT_OPTIONAL_ARGUMENT_ADDED = defineRule("PROMPT_OPTIONAL_ARGUMENT_ADDED", "info", ["MANIFEST", "PROMPT"], "Reports a new optional prompt argument.");
export const PROMPT_ARGUMENT_REMOVED = defineRule(
  "PROMPT_ARGUMENT_REMOVED",
  "breaking",
  ["MANIFEST", "PROMPT"],
  "Reports a prompt argument that the new server no longer takes, so clients that send it lose its meaning.",
);
export const PROMPT_ARGUMENT_BECAME_REQUIRED = defineRule(
  "PROMPT_ARGUMENT_BECAME_REQUIRED",
  "breaking",
  ["MANIFEST", "PROMPT"],
  "Reports an optional prompt argument that became required, so clients that omit it fail.",
);
export const PROMPT_ARGUMENT_BECAME_OPTIONAL = defineRule("PROMPT_ARGUMENT_BECAME_OPTIONAL", "info", ["MANIFEST", "PROMPT"], "Reports a required prompt argument that became optional.");
export const RESOURCE_ADDED = defineRule("RESOURCE_ADDED", "info", ["MANIFEST", "RESOURCE"], "Reports a static resource that the new server offers.");
export const RESOURCE_REMOVED = defineRule(
  "RESOURCE_REMOVED",
  "breaking",
  ["MANIFEST", "RESOURCE"],
  "Reports a static resource that the new server no longer offers, so reads of it fail.",
);
export const RESOURCE_URI_CHANGED = defineRule(
  "RESOURCE_URI_CHANGED",
  "breaking",
  ["MANIFEST", "RESOURCE"],
  "Reports a static resource whose URI changed, so reads of the old URI fail.",
);
export const RESOURCE_MIME_TYPE_CHANGED = defineRule(
  "RESOURCE_MIME_TYPE_CHANGED",
  "warning",
  ["MANIFEST", "RESOURCE", "TEMPLATE"],
  "Reports a resource or template whose declared MIME type changed, so readers may misparse its contents.",
);
export const RESOURCE_SUBSCRIPTION_REMOVED = defineRule(
  "RESOURCE_SUBSCRIPTION_REMOVED",
  "breaking",
  ["MANIFEST", "RESOURCE", "TEMPLATE"],
  "Reports a resource or template that no longer supports subscriptions, so clients waiting for updates get none.",
);
export const TEMPLATE_ADDED = defineRule("TEMPLATE_ADDED", "info", ["MANIFEST", "TEMPLATE"], "Reports a resource template that the new server offers.");
export const TEMPLATE_REMOVED = defineRule(
  "TEMPLATE_REMOVED",
  "breaking",
  ["MANIFEST", "TEMPLATE"],
  "Reports a resource template that the new server no longer offers, so URIs built from it fail.",
);
export const TEMPLATE_URI_CHANGED = defineRule(
  "TEMPLATE_URI_CHANGED",
  "breaking",
  ["MANIFEST", "TEMPLATE"],
  "Reports a resource template whose URI template changed, so URIs built from the old one may fail.",
);
export const HANDLE_ADDED = defineRule("HANDLE_ADDED", "info", ["HANDLE", "MANIFEST"], "Reports a handle kind that the new server mints.");
export const HANDLE_REMOVED = defineRule(
  "HANDLE_REMOVED",
  "breaking",
  ["HANDLE", "MANIFEST"],
  "Reports a handle kind that the new server no longer mints or accepts, so stored handles stop working.",
);
export const HANDLE_TTL_SHORTENED = defineRule(
  "HANDLE_TTL_SHORTENED",
  "warning",
  ["HANDLE", "MANIFEST"],
  "Reports a handle whose lifetime got shorter, so callers that keep handles see them expire sooner.",
);
export const REVISION_ADDED = defineRule("REVISION_ADDED", "info", ["MANIFEST", "REVISION"], "Reports a protocol revision that the new server also serves.");
export const REVISION_DROPPED = defineRule(
  "REVISION_DROPPED",
  "breaking",
  ["MANIFEST", "REVISION"],
  "Reports a protocol revision that the new server no longer serves, so clients that only speak it cannot connect.",
);

export const AUTH_REQUIRED = defineRule("AUTH_REQUIRED", "breaking", ["AUTH", "MANIFEST"], "Reports a server that now requires an OAuth access token, so callers without one get 401.");
export const AUTH_DROPPED = defineRule("AUTH_DROPPED", "info", ["AUTH", "MANIFEST"], "Reports a server that no longer requires an OAuth access token.");
export const SCOPE_ADDED = defineRule(
  "SCOPE_ADDED",
  "breaking",
  ["AUTH", "MANIFEST", "PROMPT", "RESOURCE", "TEMPLATE", "TOOL"],
  "Reports a call that now needs an OAuth scope it did not need, so tokens without it get 403 insufficient_scope.",
);
export const SCOPE_REMOVED = defineRule("SCOPE_REMOVED", "info", ["AUTH", "MANIFEST", "PROMPT", "RESOURCE", "TEMPLATE", "TOOL"], "Reports a call that no longer needs an OAuth scope.");

export const TOOL_TASK_REQUIRED = defineRule(
  "TOOL_TASK_REQUIRED",
  "breaking",
  ["MANIFEST", "TOOL"],
  "Reports a tool that now runs only as a task, so clients that do not support tasks can no longer call it (-32021 / -32601).",
);
export const TOOL_TASK_SUPPORT_CHANGED = defineRule(
  "TOOL_TASK_SUPPORT_CHANGED",
  "info",
  ["MANIFEST", "TOOL"],
  "Reports a tool that may now run as a task, or no longer must or may (clients that support tasks handle both answers).",
);

export const META_CHANGED = defineRule(
  "META_CHANGED",
  "info",
  ["MANIFEST", "META", "PROMPT", "RESOURCE", "TEMPLATE", "TOOL"],
  "Reports a tool, prompt, resource or template whose `_meta` changed (the spec gives `_meta` no meaning clients must rely on).",
);

export const MANIFEST_RULES = [
  TOOL_ADDED,
  TOOL_REMOVED,
  TOOL_SAFETY_HINT_WEAKENED,
  PROMPT_ADDED,
  PROMPT_REMOVED,
  PROMPT_REQUIRED_ARGUMENT_ADDED,
  PROMPT_OPTIONAL_ARGUMENT_ADDED,
  PROMPT_ARGUMENT_REMOVED,
  PROMPT_ARGUMENT_BECAME_REQUIRED,
  PROMPT_ARGUMENT_BECAME_OPTIONAL,
  RESOURCE_ADDED,
  RESOURCE_REMOVED,
  RESOURCE_URI_CHANGED,
  RESOURCE_MIME_TYPE_CHANGED,
  RESOURCE_SUBSCRIPTION_REMOVED,
  TEMPLATE_ADDED,
  TEMPLATE_REMOVED,
  TEMPLATE_URI_CHANGED,
  HANDLE_ADDED,
  HANDLE_REMOVED,
  HANDLE_TTL_SHORTENED,
  REVISION_ADDED,
  REVISION_DROPPED,
  AUTH_REQUIRED,
  AUTH_DROPPED,
  SCOPE_ADDED,
  SCOPE_REMOVED,
  TOOL_TASK_REQUIRED,
  TOOL_TASK_SUPPORT_CHANGED,
  META_CHANGED,
] as const;

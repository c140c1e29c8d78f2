// `_meta` on tools, prompts, resources and templates, and the server's `extensions` (issue 15):
// the checks (MCPGEN21xx) and the IR parts. Both are passed to the wire verbatim, so the checks
// hold them to the spec's key format [S26:basic/index § _meta; S25:basic/index § _meta]:
// an optional prefix of dot-separated labels ending in `/`, then a name. Extension identifiers
// are such keys with a mandatory prefix [S26:basic/versioning § Extension Negotiation].
import { META_TASKS_EXTENSION, SKILLS_EXTENSION } from "@mcp-gen/runtime/core";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { entriesOf, INPUT_OWNERS, isMap, type RawMap } from "./raw.js";
import type { Reporter } from "./reporter.js";

const LABEL = "[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const PREFIX = `${LABEL}(?:\\.${LABEL})*/`;
const NAME = "(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?";
const META_KEY = new RegExp(`^(?:${PREFIX})?${NAME}$`);
const EXTENSION_ID = new RegExp(`^${PREFIX}[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$`);

/**
 * Extension identifiers the runtime advertises itself when the manifest calls for them (a tool
 * with `task:` brings io.modelcontextprotocol/tasks); declaring one by hand would fight it.
 */
export const RUNTIME_OWNED_EXTENSIONS: readonly string[] = [META_TASKS_EXTENSION, SKILLS_EXTENSION];

/** Whether a key's prefix is reserved for MCP: its second label is `modelcontextprotocol` or `mcp`. */
export function isReservedMetaKey(key: string): boolean {
  const slash = key.indexOf("/");
  if (slash < 0) return false;
  const second = key.slice(0, slash).split(".")[1]?.toLowerCase();
  return second === "modelcontextprotocol" || second === "mcp";
}

export function isValidMetaKey(key: string): boolean {
  return META_KEY.test(key);
}

export function isValidExtensionId(id: string): boolean {
  return EXTENSION_ID.test(id);
}

/** The MCPGEN21xx checks; the schema already made `_meta` and each extension setting an object. */
export function checkMetaAndExtensions(root: unknown, reporter: Reporter): void {
  if (!isMap(root)) return;
  for (const owner of INPUT_OWNERS) {
    for (const [name, entry] of entriesOf(root[owner])) {
      const meta = isMap(entry) ? entry["_meta"] : undefined;
      for (const [key] of entriesOf(meta)) checkMetaKey(key, [owner, name, "_meta", key], reporter);
    }
  }
  for (const [id] of entriesOf(root["extensions"])) {
    const at = ["extensions", id];
    if (!isValidExtensionId(id)) {
      reporter.report("MCPGEN2103", at, `extension identifier \`${id}\` is not a prefixed key such as \`com.example/search\``, "write a reverse-DNS prefix, a slash and a name, e.g. com.example/search", { target: "key" });
    } else if (RUNTIME_OWNED_EXTENSIONS.includes(id)) {
      const skills = id === SKILLS_EXTENSION;
      reporter.report("MCPGEN2104", at, `\`${id}\` is advertised by the runtime itself (${skills ? "`skills:` brings it" : "a tool with `task:` brings it"})`, skills ? "remove it from `extensions`; list the skill folders under `skills`" : "remove it from `extensions`; declare `task:` on the tools that run as tasks", { target: "key" });
    }
  }
}

function checkMetaKey(key: string, at: readonly (string | number)[], reporter: Reporter): void {
  if (!isValidMetaKey(key)) {
    reporter.report("MCPGEN2101", [...at], `\`_meta\` key \`${key}\` does not follow the spec's key format`, "write an optional prefix of dot-separated labels and a slash (com.example/), then a name that starts and ends with a letter or digit", { target: "key" });
  } else if (isReservedMetaKey(key)) {
    reporter.warn("MCPGEN2102", [...at], `\`_meta\` key \`${key}\` uses a prefix reserved for MCP`, "use your own reverse-DNS prefix (com.example/), unless an MCP extension defines this key", { target: "key" });
  }
}

/** `_meta` of a list entry for the IR, verbatim; absent when not declared. */
export function metaOf(entry: RawMap): { _meta?: Readonly<Record<string, unknown>> } {
  const meta = entry["_meta"];
  return isMap(meta) ? { _meta: meta } : {};
}

/** The server's `extensions` for the IR, sorted by identifier for deterministic output. */
export function extensionsOf(root: RawMap): { extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>> } {
  const entries = entriesOf(root["extensions"]).filter((e): e is [string, RawMap] => isMap(e[1]));
  if (entries.length === 0) return {};
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { extensions: Object.fromEntries(entries) };
}

// What `mcp-gen pull` records of a server's lists: only what the pulled manifest can hold, so
// it loads (keys outside the format and the runtime-owned extensions are left out).

/** A wire `_meta` as a manifest field, keeping the keys of the spec's format; absent when none is left. */
export function pulledMetaOf(entry: Readonly<Record<string, unknown>>): { _meta?: Record<string, unknown> } {
  const meta = entry["_meta"];
  if (!isMap(meta)) return {};
  const kept = Object.entries(meta).filter(([key]) => isValidMetaKey(key));
  return kept.length > 0 ? { _meta: Object.fromEntries(kept) } : {};
}

/** `capabilities.extensions` as the manifest's `extensions`, sorted; absent when none is left. */
export function pulledExtensionsOf(capabilities: Readonly<Record<string, unknown>>): { extensions?: Record<string, unknown> } {
  const kept = entriesOf(capabilities["extensions"]).filter(([id, settings]) => isMap(settings) && isValidExtensionId(id) && !RUNTIME_OWNED_EXTENSIONS.includes(id));
  if (kept.length === 0) return {};
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { extensions: Object.fromEntries(kept) };
}

const DATE_TIME = fullFormats["date-time"] as { validate: (value: string) => boolean };

/** Whether a pulled `lastModified` passes the manifest schema's `date-time` format (the same ajv-formats check). */
export function isDateTime(value: unknown): value is string {
  return typeof value === "string" && DATE_TIME.validate(value);
}

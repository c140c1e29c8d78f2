// MCP Apps (the io.modelcontextprotocol/ui extension): the wire facts one place holds. A tool
// names its page in `_meta.ui.resourceUri`, a `ui://` resource served with the MCP Apps MIME type,
// whose `_meta.ui` (csp, permissions, domain, prefersBorder) hosts read from the resources/read
// content item, the resources/list entry being the fallback (ext-apps 2.0.4, spec.types
// McpUiToolMeta and McpUiResourceMeta; ../shared/spec/docs/extensions/apps/overview.mdx).
import { META_APPS_EXTENSION } from "./era/envelope.js";
import type { JsonObject } from "./jsonrpc/message.js";
import type { CallToolResult } from "./results.js";

/** The MIME type of an app's HTML resource. */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
/** The URI scheme of app resources. */
export const APP_URI_SCHEME = "ui:";
/** The deprecated flat tool `_meta` key some servers still send instead of `_meta.ui.resourceUri`. */
export const LEGACY_APP_RESOURCE_KEY = "ui/resourceUri";

export type AppVisibility = "model" | "app";

/** `_meta.ui` of a tool. */
export interface AppToolMeta {
  readonly resourceUri: string;
  readonly visibility?: readonly AppVisibility[];
}

/** `_meta.ui` of an app resource. */
export interface AppResourceMeta {
  readonly csp?: {
    readonly connectDomains?: readonly string[];
    readonly resourceDomains?: readonly string[];
    readonly frameDomains?: readonly string[];
    readonly baseUriDomains?: readonly string[];
  };
  readonly permissions?: Readonly<Partial<Record<"camera" | "microphone" | "geolocation" | "clipboardWrite", Record<string, never>>>>;
  readonly domain?: string;
  readonly prefersBorder?: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether capabilities (a client's, a server's) declare the apps extension (META_APPS_EXTENSION, advertised by servers with apps and by clients that render them). */
export function declaresApps(capabilities: JsonObject | undefined): boolean {
  const extensions = capabilities?.["extensions"];
  return isObject(extensions) && isObject(extensions[META_APPS_EXTENSION]);
}

/** A tool's app link read off its tools/list entry: `_meta.ui.resourceUri`, or the deprecated flat key. */
export function appOfTool(tool: JsonObject): AppToolMeta | undefined {
  const meta = tool["_meta"];
  if (!isObject(meta)) return undefined;
  const ui = meta["ui"];
  const uri = isObject(ui) && typeof ui["resourceUri"] === "string" ? ui["resourceUri"] : meta[LEGACY_APP_RESOURCE_KEY];
  if (typeof uri !== "string" || !uri.startsWith(APP_URI_SCHEME)) return undefined;
  const visibility = isObject(ui) && Array.isArray(ui["visibility"]) ? ui["visibility"].filter((v): v is AppVisibility => v === "model" || v === "app") : undefined;
  return { resourceUri: uri, ...(visibility ? { visibility } : {}) };
}

/**
 * The text fallback of an app-linked tool: a client that did not declare the extension cannot
 * render the app, so its result gets `text` as a first content block; others get it unchanged.
 */
export function withAppFallback<R extends CallToolResult<unknown>>(result: R, clientCapabilities: JsonObject | undefined, text: string): R {
  if (declaresApps(clientCapabilities)) return result;
  return { ...result, content: [{ type: "text", text }, ...(Array.isArray(result.content) ? result.content : [])] };
}

// A tool's MCP App seen from the client (the io.modelcontextprotocol/ui extension): the app link
// on the tools/list entry (`_meta.ui.resourceUri`, core/apps.ts) and the page behind it, read
// with resources/read. Hosts render the page in a sandboxed iframe with the CSP, permissions and
// domain of its `_meta.ui`, which hosts read off the content item first and off the
// resources/list entry as a fallback (ext-apps 2.0.4 spec.types McpUiToolMeta.csp).
import { APP_MIME_TYPE, appOfTool, type AppResourceMeta, type AppToolMeta } from "../core/apps.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { McpClient } from "./client.js";
import { McpClientError } from "./errors.js";
import type { RequestOptions } from "./session/types.js";

/** An app page as read: its URI, MIME type, HTML and the `_meta.ui` the host applies. */
export interface AppResource {
  readonly uri: string;
  readonly mimeType: string;
  readonly html: string;
  readonly ui: AppResourceMeta;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function uiOf(item: JsonObject): AppResourceMeta | undefined {
  const meta = item["_meta"];
  return isObject(meta) && isObject(meta["ui"]) ? (meta["ui"] as AppResourceMeta) : undefined;
}

/**
 * Reads an app resource (resources/read) and checks it is one: a text item of `uri` with the MCP
 * Apps MIME type. `listEntry` (the resources/list entry) supplies `_meta.ui` when the content has none.
 */
export async function readAppResource(client: McpClient, uri: string, options: RequestOptions = {}, listEntry?: JsonObject): Promise<AppResource> {
  const result = await client.readResource(uri, options);
  const contents = Array.isArray(result["contents"]) ? result["contents"].filter(isObject) : [];
  const item = contents.find((c) => c["uri"] === uri) ?? contents[0];
  if (item === undefined || typeof item["text"] !== "string" || item["mimeType"] !== APP_MIME_TYPE) {
    throw new McpClientError("bad-response", `resource ${uri} is not an MCP App page (a text item with MIME type ${APP_MIME_TYPE})`);
  }
  return { uri, mimeType: APP_MIME_TYPE, html: item["text"], ui: uiOf(item) ?? (listEntry ? uiOf(listEntry) : undefined) ?? {} };
}

/** The app link of tool `name` from tools/list (every page), or undefined when the tool has none or does not exist. */
export async function toolApp(client: McpClient, name: string, options: RequestOptions = {}): Promise<AppToolMeta | undefined> {
  const tool = (await client.listAllTools(options)).find((t) => t["name"] === name);
  return tool === undefined ? undefined : appOfTool(tool);
}

/** Tool `name`'s app page: its link from tools/list, then resources/read; undefined when the tool has no app. */
export async function readToolApp(client: McpClient, name: string, options: RequestOptions = {}): Promise<(AppResource & { readonly tool: AppToolMeta }) | undefined> {
  const link = await toolApp(client, name, options);
  if (link === undefined) return undefined;
  return { ...(await readAppResource(client, link.resourceUri, options)), tool: link };
}

// MCP Apps in the manifest (issue 15 item 2; the io.modelcontextprotocol/ui extension, ext-apps
// 2.0.4 spec.types McpUiResourceMeta / McpUiToolMeta): the load-time checks MCPGEN2160–2167 and
// the IR parts. An app is a page served as a ui:// resource with `_meta.ui` (csp, permissions,
// domain, prefersBorder); a tool's `app` becomes `_meta.ui.resourceUri` (+ visibility) on it.
import { APP_URI_SCHEME, META_APPS_EXTENSION } from "@mcp-gen/runtime/core";
import { resolve } from "node:path";
import { inlineAppPage, pageInputs } from "./apps-inline.js";
import type { App, ToolApp } from "./ir.js";
import { toIdentifier } from "./identifiers.js";
import { entriesOf, isMap, type RawMap } from "./raw.js";
import type { Reporter } from "./reporter.js";

const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const HOST = `(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])`;
/** A CSP source the hosts accept in these lists: scheme, an optional `*.` wildcard, host, port; no path. */
const ORIGIN = new RegExp(`^(?:https?|wss?)://(?:\\*\\.)?${HOST}(?::[0-9]{1,5})?$`);
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const CSP_KEYS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;

/** The app name a tool's `app` names (a word, or `{ name }`). */
function linkedApp(tool: unknown): string | undefined {
  if (!isMap(tool)) return undefined;
  const app = tool["app"];
  return typeof app === "string" ? app : isMap(app) && typeof app["name"] === "string" ? app["name"] : undefined;
}

/** The default resource URI: the server's name as the authority, made URI-safe. */
function defaultUri(root: RawMap, app: string): string {
  const server = isMap(root["server"]) && typeof root["server"]["name"] === "string" ? root["server"]["name"] : "server";
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._~-]/g, "-").toLowerCase() || "app";
  return `${APP_URI_SCHEME}//${safe(server)}/${safe(app)}.html`;
}

function uriOf(root: RawMap, name: string, app: RawMap): string {
  return typeof app["uri"] === "string" ? app["uri"] : defaultUri(root, name);
}

/**
 * The MCPGEN216x checks. Returns each app's page as one document (apps-inline.ts), by app name,
 * for the IR; an app whose page has a problem is left out (the load then fails anyway).
 */
export function checkApps(root: unknown, manifestDir: string, reporter: Reporter): Map<string, string> {
  const pages = new Map<string, string>();
  if (!isMap(root)) return pages;
  const apps = entriesOf(root["apps"]).filter((e): e is [string, RawMap] => isMap(e[1]));
  const resourceUris = new Set(entriesOf(root["resources"]).flatMap(([, r]) => (isMap(r) && typeof r["uri"] === "string" ? [r["uri"]] : [])));
  const appUris = new Map<string, string>();
  for (const [name, app] of apps) {
    const at = ["apps", name];
    if (typeof app["entry"] === "string") {
      const page = inlineAppPage(resolve(manifestDir, app["entry"]));
      if ("code" in page) reporter.report(page.code, [...at, "entry"], `app \`${name}\`: ${page.message}`, page.code === "MCPGEN2160" ? "point `entry` at an HTML file or a bundle folder with an index.html, relative to the manifest" : page.code === "MCPGEN2168" ? "copy the file into the folder instead of linking it (a bundler's output has no links)" : "build the page into one file (scripts and stylesheets beside it are inlined), or load the asset from an origin listed in `csp.resourceDomains`");
      else pages.set(name, page.html);
    }
    const uri = uriOf(root, name, app);
    const uriAt = typeof app["uri"] === "string" ? [...at, "uri"] : at;
    const target = typeof app["uri"] === "string" ? "value" : "key";
    if (!/^ui:\/\/[^\s\u0000-\u001f\u007f]+$/.test(uri)) {
      reporter.report("MCPGEN2163", uriAt, `app \`${name}\`: ${JSON.stringify(uri)} is not a ui:// URI`, "write e.g. ui://dashboard/index.html", { target });
    } else if (resourceUris.has(uri) || appUris.has(uri)) {
      reporter.report("MCPGEN2163", uriAt, `app \`${name}\`: URI ${JSON.stringify(uri)} is already used by ${appUris.has(uri) ? `app \`${appUris.get(uri)}\`` : "a resource"}`, "give each app and resource its own URI", { target });
    } else appUris.set(uri, name);
    const csp = isMap(app["csp"]) ? app["csp"] : {};
    for (const key of CSP_KEYS) {
      const list = csp[key];
      if (!Array.isArray(list)) continue;
      list.forEach((entry, i) => {
        if (typeof entry === "string" && !ORIGIN.test(entry)) {
          reporter.report("MCPGEN2161", [...at, "csp", key, i], `app \`${name}\`: ${JSON.stringify(entry)} in \`csp.${key}\` is not an origin`, "write scheme://host[:port] (https, http, wss, ws), optionally with a `*.` subdomain wildcard, and no path");
        }
      });
    }
    if (typeof app["domain"] === "string" && !HOST_NAME.test(app["domain"])) {
      reporter.report("MCPGEN2166", [...at, "domain"], `app \`${name}\`: domain ${JSON.stringify(app["domain"])} is not a host name`, "write the host only, e.g. a904794854a047f6.claudemcpcontent.com");
    }
  }
  const declared = new Set(apps.map(([name]) => name));
  const linked = new Set<string>();
  for (const [toolName, tool] of entriesOf(root["tools"])) {
    const app = linkedApp(tool);
    if (app === undefined) continue;
    linked.add(app);
    const appAt = typeof (tool as RawMap)["app"] === "string" ? ["tools", toolName, "app"] : ["tools", toolName, "app", "name"];
    if (!declared.has(app)) {
      const names = [...declared];
      reporter.report("MCPGEN2162", appAt, `tool \`${toolName}\` links to app \`${app}\`, which \`apps\` does not declare`, names.length > 0 ? `use one of: ${names.join(", ")}` : "declare it under `apps:` with an `entry`");
    }
    const meta = (tool as RawMap)["_meta"];
    if (isMap(meta) && "ui" in meta) {
      reporter.report("MCPGEN2164", ["tools", toolName, "_meta", "ui"], `tool \`${toolName}\` declares both \`app\` and \`_meta.ui\``, "remove `_meta.ui`: `app` writes it (resourceUri, visibility)", { target: "key" });
    }
  }
  for (const [name] of apps) {
    if (!linked.has(name)) reporter.warn("MCPGEN2167", ["apps", name], `app \`${name}\` is declared but no tool links to it`, `add \`app: ${name}\` to the tool whose result it shows, or remove it`, { target: "key" });
  }
  return pages;
}

/** `_meta.ui` of an app resource, as on the wire; permissions become the spec's `{ camera: {} }` form. */
function resourceUi(app: RawMap): Record<string, unknown> {
  const csp = isMap(app["csp"]) ? Object.fromEntries(CSP_KEYS.filter((k) => Array.isArray((app["csp"] as RawMap)[k])).map((k) => [k, (app["csp"] as RawMap)[k]])) : undefined;
  const permissions = Array.isArray(app["permissions"]) ? Object.fromEntries(app["permissions"].map((p) => [String(p), {}])) : undefined;
  return {
    ...(csp ? { csp } : {}),
    ...(permissions ? { permissions } : {}),
    ...(typeof app["domain"] === "string" ? { domain: app["domain"] } : {}),
    ...(typeof app["prefersBorder"] === "boolean" ? { prefersBorder: app["prefersBorder"] } : {}),
  };
}

/** The IR's apps, sorted by name; only called when every check passed, so each page was read. */
export function appsOf(root: RawMap, pages: ReadonlyMap<string, string>): { apps?: readonly App[] } {
  const apps = entriesOf(root["apps"])
    .filter((e): e is [string, RawMap] => isMap(e[1]))
    .map(([name, app]): App => ({
      name,
      identifier: toIdentifier(name),
      uri: uriOf(root, name, app),
      ...(typeof app["title"] === "string" ? { title: app["title"] } : {}),
      ...(typeof app["description"] === "string" ? { description: app["description"] } : {}),
      html: pages.get(name) ?? "",
      ui: resourceUi(app),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return apps.length > 0 ? { apps } : {};
}

/** A tool's app link for the IR, and its `_meta` with `ui` (resourceUri, visibility) merged in. */
export function toolAppOf(root: RawMap, tool: RawMap, meta: { _meta?: Readonly<Record<string, unknown>> }): { app?: ToolApp; _meta?: Readonly<Record<string, unknown>> } {
  const name = linkedApp(tool);
  const app = name === undefined ? undefined : entriesOf(root["apps"]).find(([n]) => n === name)?.[1];
  if (name === undefined || !isMap(app)) return meta;
  const link = isMap(tool["app"]) ? tool["app"] : {};
  const uri = uriOf(root, name, app);
  const visibility = Array.isArray(link["visibility"]) ? (link["visibility"] as ("model" | "app")[]) : undefined;
  const ui = { resourceUri: uri, ...(visibility ? { visibility } : {}) };
  return {
    app: { name, uri, ...(typeof link["fallback"] === "string" ? { fallback: link["fallback"] } : {}) },
    _meta: { ...(meta._meta ?? {}), ui },
  };
}

/** The server's extensions with io.modelcontextprotocol/ui added when it has apps (declared settings kept). */
export function withAppsExtension(
  extensions: { extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>> },
  apps: { apps?: readonly App[] },
): { extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>> } {
  if (!apps.apps || extensions.extensions?.[META_APPS_EXTENSION]) return extensions;
  const merged = { ...(extensions.extensions ?? {}), [META_APPS_EXTENSION]: {} };
  return { extensions: Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

/** Every file the manifest's apps are built from (absolute), read from the parsed manifest. */
export function appInputFiles(root: unknown, manifestDir: string): string[] {
  return entriesOf(isMap(root) ? root["apps"] : undefined).flatMap(([, app]) => (isMap(app) && typeof app["entry"] === "string" ? pageInputs(resolve(manifestDir, app["entry"])) : []));
}

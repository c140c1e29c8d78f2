// MCP Apps in the generated server (manifest/apps.ts): each app's page, inlined into one
// document, becomes a ui:// resource with the MCP Apps MIME type and `_meta.ui` on both its
// resources/list entry and its resources/read content (hosts read the content's first, the list
// entry being the fallback: ext-apps 2.0.4 spec.types McpUiToolMeta.csp); tools with a text
// `fallback` add it for clients that do not declare io.modelcontextprotocol/ui.
import { APP_MIME_TYPE } from "@mcp-gen/runtime/core";
import type { App, Manifest } from "../../manifest/ir.js";
import type { ModuleWriter } from "../module-writer/module-writer.js";
import { literal, RUNTIME } from "./naming.js";

export interface ServerAppsParts {
  /** Module-level declarations: the pages, the resources, the wrapper. */
  readonly part: string;
  /** The definition expression handed to createMcpServer. */
  readonly wrap: (definition: string) => string;
}

// Names of the declarations (module-level, upper case: no handler or schema name looks like
// them). Pages and `_meta.ui` are one constant per app, by position in the sorted list, and the
// fallbacks a Map, so no manifest name ever becomes an object-literal key (`__proto__` would set
// the prototype instead of a property).
const page = (index: number) => `APP_PAGE_${index}`;
const ui = (index: number) => `APP_UI_${index}`;
const RESOURCES = "APP_RESOURCES";
const FALLBACKS = "APP_FALLBACKS";
const WITH_APPS = "withApps";

function resourceEntry(app: App, index: number): string {
  // The runtime's constant, written into the definition as data like the rest of the manifest.
  const mime = JSON.stringify(APP_MIME_TYPE);
  const uri = JSON.stringify(app.uri);
  const meta = Object.keys(app.ui).length > 0 ? `, _meta: { ui: ${ui(index)} }` : "";
  const optional = [app.title === undefined ? "" : `, title: ${JSON.stringify(app.title)}`, app.description === undefined ? "" : `, description: ${JSON.stringify(app.description)}`].join("");
  return (
    `  {\n    uri: ${uri}, name: ${JSON.stringify(app.name)}${optional}, mimeType: ${mime}${meta},\n` +
    `    read: () => [{ uri: ${uri}, mimeType: ${mime}, text: ${page(index)}${meta} }],\n  },\n`
  );
}

function appConstants(w: ModuleWriter, app: App, index: number): string {
  const name = JSON.stringify(app.name).slice(1, -1).replace(/\*\//g, "*\\/");
  return (
    `/** The page of app \`${name}\` (${app.uri}): one HTML document, its local scripts and stylesheets inlined. */\n` +
    `const ${page(index)} = ${JSON.stringify(app.html)};\n` +
    (Object.keys(app.ui).length > 0 ? `/** \`_meta.ui\` of app \`${name}\`: the CSP origins, permissions, domain and border the host applies. */\nconst ${ui(index)}: ${w.use(RUNTIME.JsonObject)} = ${literal(app.ui)};\n` : "") +
    "\n"
  );
}

export function serverAppsParts(w: ModuleWriter, manifest: Manifest): ServerAppsParts | undefined {
  const apps = manifest.apps ?? [];
  if (apps.length === 0) return undefined;
  const fallbacks = manifest.tools.flatMap((t) => (t.app?.fallback === undefined ? [] : [[t.name, t.app.fallback] as const]));
  const definition = w.use(RUNTIME.ServerDefinition);
  const tools =
    fallbacks.length > 0
      ? `    tools: definition.tools?.map((tool) => {\n` +
        `      const text = ${FALLBACKS}.get(tool.name);\n` +
        `      return text === undefined ? tool : { ...tool, handler: async (args: unknown, ctx) => ${w.use(RUNTIME.withAppFallback)}(await tool.handler(args, ctx), ctx.clientCapabilities, text) };\n` +
        `    }),\n`
      : "";
  const part =
    apps.map((a, i) => appConstants(w, a, i)).join("") +
    `/** The apps as ui:// resources: the MCP Apps MIME type, \`_meta.ui\` on the list entry and on the content. */\n` +
    `const ${RESOURCES}: ${w.use(RUNTIME.ResourceDefinition)}[] = [\n${apps.map((a, i) => resourceEntry(a, i)).join("")}];\n\n` +
    (fallbacks.length > 0 ? `/** Text for clients that cannot render a tool's app (no io.modelcontextprotocol/ui in their capabilities), by tool name. */\nconst ${FALLBACKS}: ReadonlyMap<string, string> = new Map(${literal(fallbacks)});\n\n` : "") +
    `/** The definition with the app resources added${fallbacks.length > 0 ? " and the tools' text fallbacks applied" : ""}. */\n` +
    `function ${WITH_APPS}(definition: ${definition}): ${definition} {\n` +
    `  return {\n    ...definition,\n    resources: [...(definition.resources ?? []), ...${RESOURCES}],\n${tools}  };\n}\n`;
  return { part, wrap: (expression) => `${WITH_APPS}(${expression})` };
}

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

const PAGES = "APP_PAGES";
const RESOURCES = "appResources";
const FALLBACKS = "APP_FALLBACKS";
const WITH_APPS = "withApps";
const UI = "APP_UI";

function resourceEntry(w: ModuleWriter, app: App): string {
  // The runtime's constant, written into the definition as data like the rest of the manifest.
  const mime = JSON.stringify(APP_MIME_TYPE);
  const uri = JSON.stringify(app.uri);
  const meta = Object.keys(app.ui).length > 0 ? `, _meta: { ui: ${UI}[${JSON.stringify(app.name)}] }` : "";
  const optional = [app.title === undefined ? "" : `, title: ${JSON.stringify(app.title)}`, app.description === undefined ? "" : `, description: ${JSON.stringify(app.description)}`].join("");
  return (
    `  {\n    uri: ${uri}, name: ${JSON.stringify(app.name)}${optional}, mimeType: ${mime}${meta},\n` +
    `    read: () => [{ uri: ${uri}, mimeType: ${mime}, text: ${PAGES}[${JSON.stringify(app.name)}]${meta} }],\n  },\n`
  );
}

export function serverAppsParts(w: ModuleWriter, manifest: Manifest): ServerAppsParts | undefined {
  const apps = manifest.apps ?? [];
  if (apps.length === 0) return undefined;
  const pages = Object.fromEntries(apps.map((a) => [a.name, a.html]));
  const ui = Object.fromEntries(apps.filter((a) => Object.keys(a.ui).length > 0).map((a) => [a.name, a.ui]));
  const fallbacks = Object.fromEntries(manifest.tools.flatMap((t) => (t.app?.fallback === undefined ? [] : [[t.name, t.app.fallback]])));
  const definition = w.use(RUNTIME.ServerDefinition);
  const hasFallbacks = Object.keys(fallbacks).length > 0;
  const tools = hasFallbacks
    ? `    tools: definition.tools?.map((tool) => {\n` +
      `      const text = ${FALLBACKS}[tool.name];\n` +
      `      return text === undefined ? tool : { ...tool, handler: async (args: unknown, ctx) => ${w.use(RUNTIME.withAppFallback)}(await tool.handler(args, ctx), ctx.clientCapabilities, text) };\n` +
      `    }),\n`
    : "";
  const part =
    `/** MCP App pages (manifest \`apps\`), each one HTML document with its local scripts and stylesheets inlined. */\n` +
    `const ${PAGES}: Readonly<Record<string, string>> = ${literal(pages)};\n\n` +
    (Object.keys(ui).length > 0 ? `/** \`_meta.ui\` of each app: the CSP origins, permissions, domain and border the host applies. */\nconst ${UI}: Readonly<Record<string, ${w.use(RUNTIME.JsonObject)}>> = ${literal(ui)};\n\n` : "") +
    `/** The apps as ui:// resources: the MCP Apps MIME type, \`_meta.ui\` on the list entry and on the content. */\n` +
    `const ${RESOURCES}: ${w.use(RUNTIME.ResourceDefinition)}[] = [\n${apps.map((a) => resourceEntry(w, a)).join("")}];\n\n` +
    (hasFallbacks ? `/** Text for clients that cannot render a tool's app (no io.modelcontextprotocol/ui in their capabilities). */\nconst ${FALLBACKS}: Readonly<Record<string, string>> = ${literal(fallbacks)};\n\n` : "") +
    `/** The definition with the app resources added${hasFallbacks ? " and the tools' text fallbacks applied" : ""}. */\n` +
    `function ${WITH_APPS}(definition: ${definition}): ${definition} {\n` +
    `  return {\n    ...definition,\n    resources: [...(definition.resources ?? []), ...${RESOURCES}],\n${tools}  };\n}\n`;
  return { part, wrap: (expression) => `${WITH_APPS}(${expression})` };
}

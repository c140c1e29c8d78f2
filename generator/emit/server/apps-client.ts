// The typed client's `apps` section: `client.apps.<tool>()` reads the page of the app a tool
// links to (resources/read of its `_meta.ui.resourceUri`, known from the manifest, pulled ones
// included), checked to be an MCP Apps page (runtime client/apps.ts).
import { APP_URI_SCHEME } from "@mcp-gen/runtime/core";
import type { Manifest, Tool } from "../../manifest/ir.js";
import type { ModuleWriter } from "../module-writer/module-writer.js";
import { handlerMember, jsdoc, RUNTIME } from "./naming.js";

/** The section's name on the typed client. */
export const APPS_SECTION = "apps";

/**
 * The ui:// page a tool links to: its `app`, or, in a pulled manifest (which records the wire's
 * `_meta` verbatim and has no `apps`), the `_meta.ui.resourceUri` it was seen with.
 */
function linkedPage(tool: Tool): { uri: string; label: string } | undefined {
  if (tool.app !== undefined) return { uri: tool.app.uri, label: `app \`${tool.app.name}\`` };
  const ui = tool._meta?.["ui"];
  const uri = ui !== null && typeof ui === "object" ? (ui as Record<string, unknown>)["resourceUri"] : undefined;
  return typeof uri === "string" && uri.startsWith(APP_URI_SCHEME) ? { uri, label: "the app" } : undefined;
}

export function clientAppMembers(w: ModuleWriter, manifest: Manifest): { type: string; value: string }[] {
  return manifest.tools.flatMap((tool) => {
    const page = linkedPage(tool);
    if (page === undefined) return [];
    const uri = JSON.stringify(page.uri);
    const doc = jsdoc([`Reads the page of ${page.label} that tool \`${tool.name}\` shows (${page.uri}): HTML and \`_meta.ui\` (csp, permissions, domain).`], 4);
    return [
      {
        type: `${doc}    ${handlerMember(tool)}(options?: ${w.use(RUNTIME.RequestOptions)}): Promise<${w.use(RUNTIME.AppResource)}>;`,
        value: `      ${handlerMember(tool)}: (options) => ${w.use(RUNTIME.readAppResource)}(raw, ${uri}, options),`,
      },
    ];
  });
}

// The typed client's `apps` section: `client.apps.<tool>()` reads the page of the app a tool
// links to (resources/read of its `_meta.ui.resourceUri`, known from the manifest), checked to
// be an MCP Apps page (runtime client/apps.ts).
import type { Manifest } from "../../manifest/ir.js";
import type { ModuleWriter } from "../module-writer/module-writer.js";
import { handlerMember, jsdoc, RUNTIME } from "./naming.js";

/** The section's name on the typed client. */
export const APPS_SECTION = "apps";

export function clientAppMembers(w: ModuleWriter, manifest: Manifest): { type: string; value: string }[] {
  return manifest.tools.flatMap((tool) => {
    if (tool.app === undefined) return [];
    const uri = JSON.stringify(tool.app.uri);
    const doc = jsdoc([`Reads the page of app \`${tool.app.name}\` that tool \`${tool.name}\` shows (${tool.app.uri}): HTML and \`_meta.ui\` (csp, permissions, domain).`], 4);
    return [
      {
        type: `${doc}    ${handlerMember(tool)}(options?: ${w.use(RUNTIME.RequestOptions)}): Promise<${w.use(RUNTIME.AppResource)}>;`,
        value: `      ${handlerMember(tool)}: (options) => ${w.use(RUNTIME.readAppResource)}(raw, ${uri}, options),`,
      },
    ];
  });
}

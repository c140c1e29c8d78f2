// The manifest's `http` section (manifest/http-options.ts) as createServer's option defaults:
// one statement at the top of createServer that fills `sse` and `exposeHeaders` in under the
// caller's options, so a deployment can still override either when it creates the server.
import type { Manifest } from "../../manifest/ir.js";

/** The statement (with its indent and newline), or "" when the manifest has no `http` section. */
export function httpOptionDefaults(manifest: Manifest): string {
  const http = manifest.http;
  if (http === undefined) return "";
  const fields: string[] = [];
  if (http.sse !== undefined) fields.push(`sse: { path: ${JSON.stringify(http.sse.path)}, messagesPath: ${JSON.stringify(http.sse.messagesPath)} }`);
  if (http.exposeHeaders !== undefined) fields.push(`exposeHeaders: ${JSON.stringify(http.exposeHeaders)}`);
  return `  // The manifest's \`http\` section; options given to createServer win.\n  options = { ${fields.join(", ")}, ...options };\n`;
}

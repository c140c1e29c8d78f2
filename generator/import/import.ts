// `mcp-gen import openapi` end to end, without the printing: document → manifest text, checked
// by the manifest loader as if read from `outPath` (nothing is written when it does not load).
import { dirname, relative, resolve } from "node:path";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { formatDiagnosticsText } from "../diagnostics/format.js";
import { UserError } from "../errors.js";
import type { Manifest } from "../manifest/ir.js";
import { loadManifestText } from "../manifest/load.js";
import type { ImportDiagnostic } from "./security.js";
import type { Selector } from "./select.js";
import { importOpenApi } from "./to-manifest.js";
import { importedYaml } from "./write.js";

export interface ImportRequest {
  /** The document: a path (relative to the working folder) or an http(s) URL. */
  readonly source: string;
  /** Where the manifest will live: `openapi.document` is written relative to its folder. */
  readonly outPath: string;
  readonly include?: readonly Selector[];
  readonly exclude?: readonly Selector[];
  readonly name?: string;
}

export interface ImportOutcome {
  readonly yaml: string;
  readonly manifest: Manifest;
  readonly diagnostics: readonly ImportDiagnostic[];
  readonly loaderWarnings: readonly Diagnostic[];
  readonly tools: number;
}

/** How the manifest names its document: a URL as is, a path relative to the manifest's folder. */
export function documentLabel(source: string, outPath: string): string {
  if (/^https?:\/\//i.test(source)) return source;
  const rel = relative(dirname(resolve(outPath)), resolve(source)).split("\\").join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

export async function importManifest(request: ImportRequest): Promise<ImportOutcome> {
  const result = await importOpenApi(request.source, {
    documentLabel: documentLabel(request.source, request.outPath),
    include: request.include ?? [],
    exclude: request.exclude ?? [],
    ...(request.name !== undefined ? { name: request.name } : {}),
  });
  const yaml = importedYaml(result.data);
  const loaded = loadManifestText(yaml, request.outPath, { data: result.data });
  if (!loaded.manifest || hasErrors(loaded.diagnostics)) {
    const report = formatDiagnosticsText(loaded.diagnostics, { sources: new Map([[request.outPath, yaml]]) });
    throw new UserError("MCPGEN3007", `the contract imported from ${request.source} cannot be written as a valid manifest:\n${report.trimEnd()}`, "nothing was written; exclude the operation named above (--exclude operation:<id>) or report it");
  }
  return { yaml, manifest: loaded.manifest, diagnostics: result.diagnostics, loaderWarnings: loaded.diagnostics, tools: result.tools };
}

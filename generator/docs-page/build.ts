// Manifest file → reference page (pure: returns the page; writing is the command's). The
// manifest goes through the usual loader, so a pulled manifest works like a written one.
import { readFileSync } from "node:fs";
import { basename, relative, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { formatDiagnosticsText } from "../diagnostics/format.js";
import { UserError } from "../errors.js";
import type { Manifest } from "../manifest/ir.js";
import { loadManifest } from "../manifest/load.js";
import { sha256 } from "../spec-schema/sync.js";
import { renderDocsPage } from "./page.js";

export interface DocsPage {
  readonly manifest: Manifest;
  readonly html: string;
  /** The loader's warnings (a pulled manifest may carry some). */
  readonly warnings: readonly Diagnostic[];
}

/** Builds the page of `manifestPath` as it will sit in `outDir` (the provenance names the manifest relative to it). */
export async function buildDocsPage(manifestPath: string, outDir: string): Promise<DocsPage> {
  const { manifest, diagnostics } = await loadManifest(manifestPath);
  if (!manifest || hasErrors(diagnostics)) {
    let text: string | undefined;
    try {
      text = readFileSync(manifestPath, "utf8");
    } catch {
      text = undefined;
    }
    const report = formatDiagnosticsText(diagnostics, { sources: text === undefined ? new Map() : new Map([[manifestPath, text]]) });
    throw new UserError("MCPGEN0701", `the manifest has errors:\n${report.trimEnd()}`, "fix them (see `mcp-gen validate`), then run `mcp-gen docs` again");
  }
  const manifestName = relative(resolve(outDir), resolve(manifestPath)).split("\\").join("/") || basename(manifestPath);
  const html = renderDocsPage(manifest, {
    sources: [
      { label: "manifest", value: manifestName },
      { label: "manifest sha256", value: sha256(readFileSync(manifestPath)) },
      { label: "protocol revisions", value: manifest.revisions.join(", ") },
    ],
  });
  return { manifest, html, warnings: diagnostics };
}

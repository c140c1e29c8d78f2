// `mcp-gen pull` without the printing: target → live server → checked manifest text.
import { formatDiagnosticsText } from "../diagnostics/format.js";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { UserError } from "../errors.js";
import type { Manifest } from "../manifest/ir.js";
import { loadManifestText } from "../manifest/load.js";
import { introspectServer, type IntrospectOptions, type ServerSnapshot } from "./introspect.js";
import { describeTarget, type PullTarget } from "./target.js";
import { snapshotToManifest, type PullDiagnostic } from "./to-manifest.js";
import { manifestYaml } from "./write.js";

export interface PullResult {
  /** The manifest text, ready to write. */
  readonly yaml: string;
  /** The same manifest, loaded (the loader accepted it). */
  readonly manifest: Manifest;
  readonly snapshot: ServerSnapshot;
  /** Things the server offers that the manifest records with a caveat (e.g. invalid x-mcp-header). */
  readonly diagnostics: readonly PullDiagnostic[];
  /** Warnings of the manifest loader on the pulled text. */
  readonly loaderWarnings: readonly Diagnostic[];
}

export const DEFAULT_PULL_TIMEOUT_MS = 30_000;

/**
 * Pulls one server into manifest text and checks that text with the manifest loader, as if it
 * were read from `outPath`. Throws a UserError when the server cannot be pulled or the result
 * does not load; in both cases nothing has been written anywhere.
 */
export async function pullManifest(target: PullTarget, options: Partial<IntrospectOptions> & { outPath: string }): Promise<PullResult> {
  const snapshot = await introspectServer(target, { timeoutMs: options.timeoutMs ?? DEFAULT_PULL_TIMEOUT_MS, ...(options.protocol ? { protocol: options.protocol } : {}), ...(options.env ? { env: options.env } : {}), ...(options.auth ? { auth: options.auth } : {}) });
  const { data, diagnostics } = snapshotToManifest(snapshot, { from: describeTarget(target) });
  const yaml = manifestYaml(data);
  const loaded = loadManifestText(yaml, options.outPath);
  if (!loaded.manifest || hasErrors(loaded.diagnostics)) {
    const report = formatDiagnosticsText(loaded.diagnostics, { sources: new Map([[options.outPath, yaml]]) });
    throw new UserError("MCPGEN4012", `the contract pulled from ${describeTarget(target)} cannot be written as a valid manifest:\n${report.trimEnd()}`, "nothing was written; please report the server's tool list with this message");
  }
  return { yaml, manifest: loaded.manifest, snapshot, diagnostics, loaderWarnings: loaded.diagnostics };
}

// `mcp-gen validate <manifest>`: every problem in the manifest, compiler-style or as JSON.
// Exit 0 when there is no error (warnings allowed), 1 when the manifest has errors. A bug in
// mcp-gen escapes as an exception and the CLI entry turns it into exit 2.
import { readFile } from "node:fs/promises";
import { type Command, Option } from "commander";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { formatDiagnosticsJson, formatDiagnosticsText } from "../diagnostics/format.js";
import type { Manifest } from "../manifest/ir.js";
import type { PortabilityOptions } from "../manifest/portability/check.js";
import { type PortabilityFlags, portabilityCliOptions, portabilityFromFlags } from "../manifest/portability/cli-options.js";

export type OutputFormat = "text" | "json";

function summary(manifest: Manifest): string {
  const parts = [
    `${manifest.tools.length} tool(s)`,
    `${manifest.prompts.length} prompt(s)`,
    `${manifest.resources.length} resource(s)`,
    `${manifest.templates.length} template(s)`,
  ];
  return `${parts.join(", ")}; serves ${manifest.revisions.join(", ")}`;
}

/** Validates one manifest and writes the report; returns the exit code. */
export async function runValidate(file: string, format: OutputFormat, out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr, portability: PortabilityOptions = {}): Promise<number> {
  const { loadManifest } = await import("../manifest/load.js");
  const { manifest, diagnostics } = await loadManifest(file, { portability });
  const failed = hasErrors(diagnostics);
  if (format === "json") {
    out.write(formatDiagnosticsJson(diagnostics));
    return failed ? 1 : 0;
  }
  if (diagnostics.length > 0) {
    // Source lines for the manifest and for any `$ref`'d file a diagnostic points into.
    const sources = new Map<string, string>();
    for (const name of new Set(diagnostics.map((d) => d.file))) {
      const text = await readFile(name, "utf8").catch(() => undefined);
      if (text !== undefined) sources.set(name, text);
    }
    err.write(formatDiagnosticsText(diagnostics, { sources }));
  }
  if (manifest) out.write(`${file}: ok (${summary(manifest)})\n`);
  return failed ? 1 : 0;
}

export function registerValidateCommand(program: Command): void {
  const command = program
    .command("validate")
    .description("check a manifest and report every problem with its code, position and a hint")
    .argument("<manifest>", "path to the manifest (mcp.yaml)")
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"));
  for (const option of portabilityCliOptions()) command.addOption(option);
  command.action(async (manifest: string, opts: { format: OutputFormat } & PortabilityFlags) => {
    process.exitCode = await runValidate(manifest, opts.format, process.stdout, process.stderr, portabilityFromFlags(opts));
  });
}

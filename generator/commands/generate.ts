import type { Command } from "commander";
import { compareWithDisk, writeFileSet } from "../compile/output-files.js";
import { formatDiagnosticText } from "../diagnostics/format.js";
import { type PortabilityFlags, portabilityCliOptions, portabilityFromFlags } from "../manifest/portability/cli-options.js";

interface GenerateFlags extends PortabilityFlags {
  out: string;
  name?: string;
  check?: boolean;
  dryRun?: boolean;
}

/** `mcp-gen generate <manifest> --out <dir> [--check | --dry-run]`. */
export function registerGenerateCommand(program: Command): void {
  const command = program
    .command("generate")
    .description("generate the typed dual-era server package for a manifest")
    .argument("<manifest>", "path to the manifest (mcp.yaml)")
    .requiredOption("-o, --out <dir>", "output folder of the generated package")
    .option("--name <package>", "npm package name (default: <server name>-mcp)")
    .option("--check", "write nothing; exit 1 and print a diff when the files on disk are stale")
    .option("--dry-run", "write nothing; list the files that would change");
  for (const option of portabilityCliOptions()) command.addOption(option);
  command.action(async (manifestPath: string, flags: GenerateFlags) => {
    // Loaded on use: the TypeScript compiler and prettier cost ~1 s of start-up every other command should not pay.
    const { generatePackage, loadManifestOrThrow } = await import("../generate/generate-package.js");
    // `--portability*` change what the load reports (and, with `error`, whether it fails).
    const portability = portabilityFromFlags(flags);
    const loaded = Object.keys(portability).length > 0 ? await loadManifestOrThrow(manifestPath, { portability }) : undefined;
    const generated = await generatePackage(manifestPath, { outDir: flags.out, ...(flags.name ? { packageName: flags.name } : {}), ...(loaded ? { loaded } : {}) });
    for (const warning of generated.warnings) process.stderr.write(`${formatDiagnosticText(warning)}\n`);
    if (flags.check || flags.dryRun) {
      const stale = compareWithDisk(flags.out, generated.files);
      if (stale.length === 0) {
        process.stdout.write(`${flags.out}: up to date (${generated.files.size} files)\n`);
        return;
      }
      for (const file of stale) {
        process.stdout.write(`${file.state.padEnd(7)} ${file.path}\n`);
        if (flags.check) process.stdout.write(file.diff);
      }
      if (flags.check) {
        process.stdout.write(`\n${stale.length} generated file(s) are stale. Run: mcp-gen generate ${manifestPath} --out ${flags.out}\n`);
        process.exitCode = 1;
      }
      return;
    }
    const { written, removed } = writeFileSet(flags.out, generated.files);
    process.stdout.write(`${flags.out}: ${written.length} file(s) written, ${removed.length} removed, ${generated.files.size - written.length} unchanged\n`);
  });
}

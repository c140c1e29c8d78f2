import type { Command } from "commander";
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UserError } from "../errors.js";

interface ImportFlags {
  out?: string;
  check?: string;
  include: string[];
  exclude: string[];
  name?: string;
  failOn?: string;
  format: string;
}

const FAIL_LEVELS = ["breaking", "warning"] as const;
const FORMATS = ["text", "json", "markdown"] as const;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * `mcp-gen import openapi <file|url> --out <manifest>` or `--check <manifest>`.
 * Exit codes: 0 = written / no drift, 1 = drift (per --fail-on) or a user error, 2 = a bug.
 */
export function registerImportCommand(program: Command): void {
  const group = program.command("import").description("turn an API description into a manifest");
  group
    .command("openapi")
    .description("import an OpenAPI 3.0/3.1 document (JSON or YAML) as a manifest whose tools proxy the API, or check one for drift")
    .argument("[document]", "path or http(s) URL of the OpenAPI document (with --check: default the manifest's openapi.document)")
    .option("-o, --out <manifest>", "write the manifest here (atomically; nothing is written on failure)")
    .option("--check <manifest>", "import, compare with this committed manifest, print the diff; exit 1 on drift")
    .option("--include <selector>", "import only matching operations: tag:<name> or operation:<id> (repeatable, comma-separated)", collect, [])
    .option("--exclude <selector>", "leave matching operations out: tag:<name> or operation:<id> (repeatable, comma-separated)", collect, [])
    .option("--name <name>", "server name (default: from info.title)")
    .option("--fail-on <level>", "with --check: exit 1 only when a change at this level or worse exists (breaking or warning)")
    .option("--format <format>", "with --check: how to print the diff, text, json or markdown", "text")
    .addHelpText("after", ["", "Examples:", "  mcp-gen import openapi petstore.yaml --out mcp.yaml --exclude tag:user", "  mcp-gen import openapi --check mcp.yaml --fail-on breaking", "", "Details: docs/import-openapi.md"].join("\n"))
    .action(async (document: string | undefined, flags: ImportFlags) => {
      const { parseSelectors } = await import("../import/select.js");
      if ((flags.out === undefined) === (flags.check === undefined)) throw new UserError("MCPGEN3001", "import openapi needs exactly one of --out <manifest> and --check <manifest>", "use --out to write a manifest, --check to compare with a committed one");
      const failOn = flags.failOn;
      if (failOn !== undefined && !(FAIL_LEVELS as readonly string[]).includes(failOn)) throw new UserError("MCPGEN3001", `unknown --fail-on '${failOn}'`, `use one of: ${FAIL_LEVELS.join(", ")}`);
      if (failOn !== undefined && flags.check === undefined) throw new UserError("MCPGEN3001", "--fail-on only applies with --check", "add --check <manifest>");
      if (!(FORMATS as readonly string[]).includes(flags.format)) throw new UserError("MCPGEN3001", `unknown --format '${flags.format}'`, `use one of: ${FORMATS.join(", ")}`);
      let include = parseSelectors(flags.include, "--include");
      let exclude = parseSelectors(flags.exclude, "--exclude");
      const { importManifest } = await import("../import/import.js");
      const warn = (outcome: Awaited<ReturnType<typeof importManifest>>) => {
        for (const d of outcome.diagnostics) process.stderr.write(`warning ${d.code} ${d.at}: ${d.message}\n`);
        for (const d of outcome.loaderWarnings) process.stderr.write(`warning ${d.code} ${d.path}: ${d.message}\n`);
      };
      if (flags.out !== undefined) {
        if (document === undefined) throw new UserError("MCPGEN3001", "import openapi --out needs the document", "e.g. mcp-gen import openapi openapi.yaml --out mcp.yaml");
        if (!isDirectory(dirname(resolve(flags.out)))) throw new UserError("MCPGEN3008", `cannot write ${flags.out}: the folder ${dirname(resolve(flags.out))} does not exist`, "create the folder first, or choose another --out path");
        const outcome = await importManifest({ source: document, outPath: flags.out, include, exclude, ...(flags.name !== undefined ? { name: flags.name } : {}) });
        warn(outcome);
        const { writeFileAtomic } = await import("../pull/write.js");
        try {
          writeFileAtomic(flags.out, outcome.yaml);
        } catch (error) {
          throw new UserError("MCPGEN3008", `cannot write ${flags.out}: ${(error as Error).message}`, "check the path and its permissions");
        }
        process.stdout.write(`${flags.out}: ${outcome.manifest.server.name} ${outcome.manifest.server.version}: ${outcome.tools} tool(s), ${Object.keys(outcome.manifest.definitions).length} definition(s)\n`);
        return;
      }
      const { checkImported, loadCommitted } = await import("../import/check.js");
      const checkPath = flags.check as string;
      const committed = await loadCommitted(checkPath);
      const source = committed.openapi!;
      // Unless told otherwise, re-import what the committed manifest was imported from, the same way.
      const documentSource = document ?? (/^https?:\/\//i.test(source.document) ? source.document : resolve(dirname(resolve(checkPath)), source.document));
      if (flags.include.length === 0) include = parseSelectors(source.include ?? [], "--include");
      if (flags.exclude.length === 0) exclude = parseSelectors(source.exclude ?? [], "--exclude");
      const outcome = await importManifest({ source: documentSource, outPath: checkPath, include, exclude, name: flags.name ?? committed.server.name });
      warn(outcome);
      const result = checkImported(checkPath, committed, outcome.yaml, outcome.manifest, failOn as "breaking" | "warning" | undefined);
      if (flags.format === "json") {
        const { formatJson } = await import("../diff/format/json.js");
        const diff = JSON.parse(formatJson(result.diff)) as Record<string, unknown>;
        process.stdout.write(`${JSON.stringify({ equal: result.equal, failed: result.failed, ...diff }, null, 2)}\n`);
      } else if (result.equal) {
        process.stdout.write(`${checkPath}: up to date with ${source.document}\n`);
      } else {
        const { formatText } = await import("../diff/format/text.js");
        const { formatMarkdown } = await import("../diff/format/markdown.js");
        process.stdout.write(flags.format === "markdown" ? formatMarkdown(result.diff) : formatText(result.diff));
        if (result.diff.changes.length === 0) process.stdout.write(`(the manifest differs from a fresh import, but no diff rule classifies the difference; import with --out and review the file diff)\n`);
      }
      if (result.failed) process.exitCode = 1;
    });
}

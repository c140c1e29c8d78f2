// `mcp-gen init [dir]`: scaffolds a project with a one-tool manifest, the tool's handler and a
// package.json whose scripts validate, generate and run it. Refuses to overwrite (MCPGEN0801)
// unless --force, and validates the manifest it wrote before reporting success.
//
// DECISION RECORD — EDITOR SCHEMA PATH. The manifest's first line points yaml-language-server at
// `node_modules/mcp-gen/schema/manifest.schema.json`, relative to the manifest: the scaffolded
// package.json depends on mcp-gen, so after `npm install` the schema is found offline and always
// matches the installed mcp-gen version (a URL would drift from the installed version).
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { UserError } from "../errors.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { formatDiagnosticsText } from "../diagnostics/format.js";
import { loadManifest } from "../manifest/load.js";
import { PACKAGE_ROOT } from "../paths.js";
import { GENERATOR_VERSION } from "../version.js";

export const INIT_TEMPLATE_DIR = join(PACKAGE_ROOT, "templates", "init");
export const INIT_FILES = ["mcp.yaml", "handlers.js", "start.js", "package.json"] as const;
export const EDITOR_SCHEMA_PATH = "node_modules/mcp-gen/schema/manifest.schema.json";

export interface InitOptions {
  readonly name?: string;
  readonly force?: boolean;
}

/** A server/package name from a folder name: lowercase letters, digits and dashes. */
export function projectName(dir: string): string {
  const cleaned = basename(resolve(dir)).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return cleaned === "" ? "my-mcp-server" : cleaned;
}

function titleOf(name: string): string {
  return name.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

/** Writes the scaffold; returns the paths written. Throws UserError for existing files or a bad name. */
export async function runInit(dir: string, options: InitOptions = {}): Promise<string[]> {
  const name = options.name ?? projectName(dir);
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name)) {
    throw new UserError("MCPGEN0802", `invalid project name ${JSON.stringify(name)}`, "use lowercase letters, digits, '.', '_' and '-', starting with a letter or digit");
  }
  const targets = INIT_FILES.map((f) => join(dir, f));
  const existing = targets.filter((t) => existsSync(t));
  if (existing.length > 0 && !options.force) {
    throw new UserError("MCPGEN0801", `refusing to overwrite ${existing.join(", ")}`, "run in an empty folder, or pass --force to overwrite these files");
  }
  const values = { name, title: titleOf(name), schemaPath: EDITOR_SCHEMA_PATH, generatorVersion: GENERATOR_VERSION };
  for (const file of INIT_FILES) {
    const text = await readFile(join(INIT_TEMPLATE_DIR, file), "utf8");
    const target = join(dir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, fill(text, values));
  }
  // The scaffold must always pass its own validation; anything else is a bug in mcp-gen.
  const manifestPath = join(dir, "mcp.yaml");
  const { diagnostics } = await loadManifest(manifestPath);
  if (hasErrors(diagnostics)) throw new Error(`mcp-gen init wrote an invalid manifest:\n${formatDiagnosticsText(diagnostics)}`);
  return targets;
}

export function registerInitCommand(program: Command): void {
  program
    .command("init")
    .description("scaffold a manifest with one tool, its handler and package.json scripts")
    .argument("[dir]", "folder to create the project in", ".")
    .option("--name <name>", "server and package name (default: the folder's name)")
    .option("--force", "overwrite existing files")
    .action(async (dir: string, opts: { name?: string; force?: boolean }) => {
      const written = await runInit(dir, opts);
      for (const file of written) process.stdout.write(`wrote ${file}\n`);
      process.stdout.write(`next: cd ${dir} && npm install && npm run validate\n`);
    });
}

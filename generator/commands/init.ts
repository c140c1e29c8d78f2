// `mcp-gen init [dir]`: scaffolds a TypeScript project (default) or, with --js, a JavaScript one:
// a one-tool manifest, its handler, a handler unit test through the generated createTestClient,
// and a package.json whose scripts validate, generate, test, build and run it. Its dependencies
// on mcp-gen and @mcp-gen/runtime come from wherever this mcp-gen was installed from
// (init-deps.ts), so the scaffold's `npm install` works before they are on the registry.
// Refuses to overwrite (MCPGEN0801) unless --force, and validates the manifest it wrote.
//
// DECISION RECORD — EDITOR SCHEMA PATH. The manifest's first line points yaml-language-server at
// `node_modules/mcp-gen/schema/manifest.schema.json`, relative to the manifest: the scaffolded
// package.json depends on mcp-gen, so after `npm install` the schema is found offline and always
// matches the installed mcp-gen version (a URL would drift from the installed version). Run from
// a git checkout, the line names the checkout's schema file by absolute path instead (the linked
// packages/cli folder holds no staged schema).
//
// DECISION RECORD — TYPESCRIPT LAYOUT. Sources live in src/ and import the generated package as
// `../generated/dist/index.js`: tsc writes dist/ one level below the project too, so the same
// relative import works from src/*.ts (tsx, vitest) and from the compiled dist/*.js (npm start).
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
import { dependenciesFromPacks, INSTALLED_SCHEMA_PATH, scaffoldDependencies, type ScaffoldDependencies } from "./init-deps.js";

export type InitLanguage = "ts" | "js";

/** Template folder and files of each scaffold. `gitignore` is written as `.gitignore` (npm pack drops dotfiles named so). */
export const INIT_TEMPLATES: Readonly<Record<InitLanguage, { readonly dir: string; readonly files: readonly string[] }>> = {
  ts: {
    dir: join(PACKAGE_ROOT, "templates", "init"),
    files: ["mcp.yaml", "package.json", "tsconfig.json", "gitignore", "src/handlers.ts", "src/server.ts", "src/handlers.test.ts"],
  },
  js: {
    dir: join(PACKAGE_ROOT, "templates", "init-js"),
    files: ["mcp.yaml", "package.json", "gitignore", "handlers.js", "start.js", "handlers.test.js"],
  },
};
export const EDITOR_SCHEMA_PATH = INSTALLED_SCHEMA_PATH;

export interface InitOptions {
  readonly name?: string;
  readonly force?: boolean;
  readonly js?: boolean;
  /** Where the scaffold's mcp-gen and runtime come from (default: detected from this installation). */
  readonly dependencies?: ScaffoldDependencies;
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

function targetName(file: string): string {
  return file === "gitignore" ? ".gitignore" : file;
}

/** Writes the scaffold; returns the paths written. Throws UserError for existing files or a bad name. */
export async function runInit(dir: string, options: InitOptions = {}): Promise<string[]> {
  const name = options.name ?? projectName(dir);
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name)) {
    throw new UserError("MCPGEN0802", `invalid project name ${JSON.stringify(name)}`, "use lowercase letters, digits, '.', '_' and '-', starting with a letter or digit");
  }
  const template = INIT_TEMPLATES[options.js ? "js" : "ts"];
  const targets = template.files.map((f) => join(dir, targetName(f)));
  const existing = targets.filter((t) => existsSync(t));
  if (existing.length > 0 && !options.force) {
    throw new UserError("MCPGEN0801", `refusing to overwrite ${existing.join(", ")}`, "run in an empty folder, or pass --force to overwrite these files");
  }
  const deps = options.dependencies ?? scaffoldDependencies();
  // JSON string contents: a path may hold characters JSON must escape.
  const json = (text: string) => JSON.stringify(text).slice(1, -1);
  const values = { name, title: titleOf(name), schemaPath: deps.schemaPath, generatorVersion: GENERATOR_VERSION, cliSpec: json(deps.cli), runtimeSpec: json(deps.runtime) };
  for (const file of template.files) {
    const text = await readFile(join(template.dir, file), "utf8");
    const target = join(dir, targetName(file));
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
    .description("scaffold a TypeScript project (or --js): a manifest with one tool, its handler, a handler test and package.json scripts")
    .argument("[dir]", "folder to create the project in", ".")
    .option("--name <name>", "server and package name (default: the folder's name)")
    .option("--js", "write JavaScript handlers (JSDoc-typed) instead of TypeScript")
    .option("--packages <dir>", "take mcp-gen and @mcp-gen/runtime from the tarballs in this folder (default: from where this mcp-gen was installed)")
    .option("--force", "overwrite existing files")
    .action(async (dir: string, opts: { name?: string; force?: boolean; js?: boolean; packages?: string }) => {
      const dependencies = opts.packages === undefined ? scaffoldDependencies() : dependenciesFromPacks(opts.packages);
      const written = await runInit(dir, { ...opts, dependencies });
      for (const file of written) process.stdout.write(`wrote ${file}\n`);
      process.stdout.write(`mcp-gen ${dependencies.cli}, @mcp-gen/runtime ${dependencies.runtime} (${dependencies.kind})\n`);
      process.stdout.write(`next: cd ${dir} && npm install && npm test && npm run build && npm start\n`);
    });
}

// Import an OpenAPI fixture, write the manifest and generate its package under test/.tmp.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { generatePackage } from "../../generator/generate/generate-package.js";
import { importManifest, type ImportOutcome } from "../../generator/import/import.js";
import { TMP_DIR } from "../support/tmp.js";

export const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "openapi");

export interface ImportedPackage {
  readonly dir: string;
  readonly manifestPath: string;
  readonly outcome: ImportOutcome;
  readonly module: Record<string, unknown>;
  /** The package's `./schemas` subpath (its zod schemas; the root exports only their types). */
  readonly schemas: Record<string, unknown>;
}

export async function importAndGenerate(document: string, name: string, options: { load?: boolean } = {}): Promise<ImportedPackage> {
  const dir = join(TMP_DIR, `import-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifestPath = join(dir, "mcp.yaml");
  const outcome = await importManifest({ source: document, outPath: manifestPath });
  writeFileSync(manifestPath, outcome.yaml);
  const out = join(dir, "generated");
  const generated = await generatePackage(manifestPath, { outDir: out });
  for (const [path, content] of generated.files) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), content);
  }
  const load = async (file: string) => (options.load === false ? {} : ((await import(pathToFileURL(join(out, file)).href)) as Record<string, unknown>));
  return { dir, manifestPath, outcome, module: await load("dist/index.js"), schemas: await load("dist/schemas.js") };
}

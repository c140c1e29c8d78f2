// The manifest validator and the 2020-12 meta-schema validator as ajv standalone code, written
// next to this module when mcp-gen is built (write-standalone.ts, run by `npm run build`, from
// standalone-source.ts), so a `generate` loads them instead of compiling schemas, and loads no
// ajv at all for a manifest whose tool schemas need no compile. This module loads them; it
// imports nothing of ajv.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";

/** The file names, next to the compiled standalone-validator.js. */
export const STANDALONE_FILE = "manifest-validator.standalone.cjs";
export const META_STANDALONE_FILE = "meta-schema-validator.standalone.cjs";

/** The 2020-12 meta-schema, the dialect of manifest schemas. */
export const META_SCHEMA_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * Options of the strict instance the manifest is validated with. Its schema is mcp-gen's own and
 * fixed, so the meta-schema check (test/generate/manifest-validator.test.ts does it) and ajv's
 * code optimisation pass are skipped.
 */
export const MANIFEST_OPTIONS = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true, validateSchema: false } as const;

/** Options of the lenient instance user schemas are checked and compiled with (ajv.ts userSchemaAjv). */
export const USER_SCHEMA_OPTIONS = { allErrors: true, verbose: true, strict: false, validateFormats: true, logger: false } as const;

/** sha256 of the schema the validator checks (its JSON text as parsed and written back). */
export function schemaDigest(schema: unknown): string {
  return createHash("sha256").update(JSON.stringify(schema)).digest("hex");
}

/** The installed ajv's version: the meta-schema validator is ajv's own 2020-12 meta-schema, compiled. */
export function ajvVersion(): string {
  return (createRequire(import.meta.url)("ajv/package.json") as { version: string }).version;
}

function load(from: string, file: string): (ValidateFunction & Record<string, unknown>) | undefined {
  try {
    const loaded: unknown = createRequire(from)(`./${file}`);
    return typeof loaded === "function" ? (loaded as ValidateFunction & Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The manifest validator from the file the build wrote next to `from` (a module URL), or
 * undefined when there is none (running from source) or it was made from another schema (the
 * schema changed since the build).
 */
export function loadStandaloneValidator(from: string, schema: unknown): ValidateFunction | undefined {
  const loaded = load(from, STANDALONE_FILE);
  return loaded?.["schemaSha256"] === schemaDigest(schema) ? loaded : undefined;
}

/** The meta-schema validator the build wrote next to `from`, or undefined (none, or made by another ajv). */
export function loadMetaStandaloneValidator(from: string): ValidateFunction | undefined {
  const loaded = load(from, META_STANDALONE_FILE);
  return loaded?.["ajvVersion"] === ajvVersion() ? loaded : undefined;
}

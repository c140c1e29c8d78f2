// The published manifest JSON Schema (schema/manifest.schema.json), loaded once.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SCHEMA_DIR } from "../paths.js";

export const MANIFEST_SCHEMA_PATH = join(SCHEMA_DIR, "manifest.schema.json");

let cached: Record<string, unknown> | undefined;

export function manifestSchema(): Record<string, unknown> {
  cached ??= JSON.parse(readFileSync(MANIFEST_SCHEMA_PATH, "utf8")) as Record<string, unknown>;
  return cached;
}

// Writing a pulled manifest: deterministic YAML, and never a partial file on disk.
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { stringify } from "yaml";

const HEADER = [
  "# Pulled by `mcp-gen pull` from a live MCP server: the contract of a remote server.",
  "# Regenerate with the same command instead of editing; `mcp-gen pull --check` compares.",
].join("\n");

/**
 * Manifest data → YAML text. No anchors or aliases (each repeated value is written out), no
 * line folding (long descriptions stay one line, so diffs stay small), and no timestamps.
 */
export function manifestYaml(data: unknown): string {
  const body = stringify(data, { aliasDuplicateObjects: false, lineWidth: 0, indent: 2 });
  return `${HEADER}\n${body}`;
}

/**
 * Writes `text` to `path` through a temporary file in the same folder and a rename, so a
 * reader (or a failed pull) never sees half a manifest.
 */
export function writeFileAtomic(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

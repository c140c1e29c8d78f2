// The imported manifest as text: deterministic YAML (no anchors, no folding) under a header.
import { stringify } from "yaml";

const HEADER = [
  "# Imported by `mcp-gen import openapi` from an OpenAPI document: tools that proxy an HTTP API.",
  "# Regenerate with the same command instead of editing; `mcp-gen import openapi --check` compares.",
].join("\n");

export function importedYaml(data: unknown): string {
  return `${HEADER}\n${stringify(data, { aliasDuplicateObjects: false, lineWidth: 0, indent: 2 })}`;
}

// DECISION RECORD — CODE RANGES. A diagnostic code is `MCPGEN` + four digits; the first two
// digits name the part of mcp-gen that reports it, so a code read in a CI log says where to look.
// Each range has one docs page whose table is generated from the registry (codes.ts); a code
// never moves between ranges, and a range never takes codes with another part's meaning.

export interface CodeRange {
  /** The two leading digits shared by every code of the range, e.g. `"10"` for MCPGEN10xx. */
  readonly prefix: string;
  /** Which part of mcp-gen reports these codes. */
  readonly area: string;
  /** The docs page (repository-relative) that lists the range's codes in a table. */
  readonly page: string;
  /** The heading anchor on `page` above that table. */
  readonly anchor: string;
}

export const CODE_RANGES: readonly CodeRange[] = [
  { prefix: "01", area: "spec schemas (`mcp-gen spec`, loading a pinned revision)", page: "docs/diagnostics.md", anchor: "spec-schemas-mcpgen01xx" },
  { prefix: "02", area: "`mcp-gen types` (spec schema → zod module)", page: "docs/diagnostics.md", anchor: "mcp-gen-types-mcpgen02xx" },
  { prefix: "03", area: "the JSON Schema → zod emitter", page: "docs/diagnostics.md", anchor: "json-schema--zod-emitter-mcpgen03xx" },
  { prefix: "05", area: "`mcp-gen generate` and writing its output folder", page: "docs/diagnostics.md", anchor: "generate-and-write-mcpgen05xx" },
  { prefix: "06", area: "`mcp-gen dev`", page: "docs/diagnostics.md", anchor: "mcp-gen-dev-mcpgen06xx" },
  { prefix: "07", area: "`mcp-gen docs`", page: "docs/docs-page.md", anchor: "errors" },
  { prefix: "08", area: "`mcp-gen init`", page: "docs/diagnostics.md", anchor: "mcp-gen-init-mcpgen08xx" },
  { prefix: "10", area: "manifest: YAML", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "11", area: "manifest: structure", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "12", area: "manifest: names", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "13", area: "manifest: references", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "14", area: "manifest: protocol revisions", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "15", area: "manifest: JSON Schemas", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "16", area: "manifest: URIs and URI templates", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "17", area: "manifest: authorization", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "18", area: "manifest: tasks", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "19", area: "manifest: portability", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "20", area: "`mcp-gen diff`", page: "docs/diff.md", anchor: "errors" },
  { prefix: "21", area: "manifest: extensions and `_meta`", page: "docs/manifest.md", anchor: "diagnostics" },
  { prefix: "30", area: "`mcp-gen import openapi`", page: "docs/import-openapi.md", anchor: "diagnostics" },
  { prefix: "40", area: "`mcp-gen pull`", page: "docs/pull.md", anchor: "errors" },
];

/** The range a code belongs to, or undefined for a code outside every range. */
export function rangeOf(code: string): CodeRange | undefined {
  const match = /^MCPGEN(\d{2})\d{2}$/.exec(code);
  return match ? CODE_RANGES.find((r) => r.prefix === match[1]) : undefined;
}

// Builds a one-tool manifest around a tool body written as YAML, so that a vector's expected
// positions can be written relative to the body (line 1 = the body's first line) and still be
// checked against the loader's real file:line:col.
import { loadManifestText, type LoadResult } from "../../../generator/manifest/load.js";
import type { PortabilityOptions } from "../../../generator/manifest/portability/check.js";

export const FILE = "/virtual/portability/mcp.yaml";

const HEADER = ["mcpgen: 1", "server: { name: portable, version: 1.0.0 }", "protocol: [2026-07-28, 2025-11-25]"];

/** Definitions every vector may `$ref` as `#/definitions/Thing` (and `Deep`, which refers to itself). */
const DEFINITIONS = ["definitions:", "  Thing: { type: string }", "  Tree:", "    type: object", "    properties:", "      name: { type: string, maxLength: 9 }", "      children: { type: array, items: { $ref: \"#/definitions/Tree\" } }"];

export interface Built {
  readonly text: string;
  /** Converts a body-relative `line:col` into the manifest's. */
  readonly at: (rel: string) => string;
}

export function buildManifest(body: string, extra: readonly string[] = []): Built {
  const lines = body.replace(/^\n/, "").replace(/\s+$/, "").split("\n");
  const before = [...HEADER, ...extra, ...DEFINITIONS, "tools:", "  t:", "    description: a tool"];
  const text = [...before, ...lines.map((l) => `    ${l}`)].join("\n") + "\n";
  return {
    text,
    at: (rel) => {
      const [line, col] = rel.split(":").map(Number) as [number, number];
      return `${line + before.length}:${col + 4}`;
    },
  };
}

export function load(text: string, portability: PortabilityOptions = {}): LoadResult {
  return loadManifestText(text, FILE, { portability });
}

/** `CODE line:col` of each portability diagnostic, in the loader's (position) order. */
export function portabilityFindings(result: LoadResult): string[] {
  return result.diagnostics.filter((d) => d.code.startsWith("MCPGEN19")).map((d) => `${d.code} ${d.line}:${d.column}`);
}

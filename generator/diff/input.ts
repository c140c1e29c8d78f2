import { existsSync, readFileSync, statSync } from "node:fs";
import { extname } from "node:path";
import { formatDiagnosticsText } from "../diagnostics/format.js";
import { UserError } from "../errors.js";
import { loadManifest } from "../manifest/load.js";
import { revisionNames } from "../spec-schema/lock.js";
import type { ServerContract } from "./contract.js";
import { CONTRACT_FORMAT_KEY, parseContractJson } from "./contract-json.js";
import { contractFromManifest } from "./manifest/from-manifest.js";
import { type SpecSide, specSideOfFile, specSideOfRevision } from "./spec/side.js";

/** One argument of `mcp-gen diff`, loaded. */
export type DiffSide =
  | { readonly label: string; readonly type: "spec"; readonly spec: SpecSide }
  | { readonly label: string; readonly type: "manifest"; readonly contract: ServerContract };

/**
 * Reads a diff argument: a pinned revision name, a spec schema.json, a manifest
 * (.yaml/.yml, or .json with a top-level `mcpgen` key) or a server contract file (.json
 * with a top-level `mcpgenContract` key, see contract-json.ts). Names win over files: a file
 * literally called `2025-11-25` needs `./2025-11-25`.
 */
export async function loadDiffSide(argument: string): Promise<DiffSide> {
  if (revisionNames().includes(argument)) return { label: argument, type: "spec", spec: specSideOfRevision(argument) };
  if (!existsSync(argument) || !statSync(argument).isFile()) {
    const looksLikeRevision = /^\d{4}-\d{2}-\d{2}$/.test(argument);
    throw new UserError(
      "MCPGEN2001",
      looksLikeRevision ? `'${argument}' is not a pinned spec revision` : `'${argument}' is neither a spec revision nor a file`,
      `give a revision (${revisionNames().join(", ")}), a schema.json path or a manifest path`,
    );
  }
  const extension = extname(argument).toLowerCase();
  if (extension === ".yaml" || extension === ".yml") return loadManifestSide(argument);
  const bytes = readFileSync(argument);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch (err) {
    throw new UserError("MCPGEN2002", `${argument} is not valid JSON: ${(err as Error).message}`, "pass a schema.json, or a manifest (.yaml, .yml or .json)");
  }
  if (json !== null && typeof json === "object" && !Array.isArray(json)) {
    const doc = json as Record<string, unknown>;
    if ("mcpgen" in doc) return loadManifestSide(argument);
    if (CONTRACT_FORMAT_KEY in doc) {
      const parsed = parseContractJson(doc);
      if (!parsed.ok) throw new UserError("MCPGEN2002", `${argument} is not a valid server contract:\n${parsed.problems}`, "see docs/diff.md, section 'Server contract files'");
      return { label: argument, type: "manifest", contract: parsed.contract };
    }
    const isMap = (v: unknown): boolean => v !== null && typeof v === "object" && !Array.isArray(v);
    if (isMap(doc.$defs) || isMap(doc.definitions)) return { label: argument, type: "spec", spec: specSideOfFile(argument, bytes, doc) };
  }
  throw new UserError("MCPGEN2002", `${argument} is neither an MCP spec schema (no $defs or definitions), a manifest (no mcpgen key) nor a server contract (no mcpgenContract key)`, "pass a schema.json, a manifest or a contract file");
}

async function loadManifestSide(path: string): Promise<DiffSide> {
  const { manifest, diagnostics } = await loadManifest(path);
  if (!manifest) {
    throw new UserError("MCPGEN2003", `${path} has errors, so it cannot be diffed:\n${formatDiagnosticsText(diagnostics).trimEnd()}`, `fix them first (\`mcp-gen validate ${path}\`)`);
  }
  return { label: path, type: "manifest", contract: contractFromManifest(manifest) };
}

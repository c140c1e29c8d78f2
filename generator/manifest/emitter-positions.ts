// Emitter findings (a JSON pointer inside one schema root) turned into manifest diagnostics with
// `file:line:col`, like the loader's: the caller says where in the manifest each root's schema was
// written, and the pointer is walked through the YAML from there. A pointer into a bundled shared
// definition (`/$defs/Name/…` where the manifest has `definitions.Name`) is walked from that
// definition; anything the YAML does not hold (a default schema, a `$ref`'d file) lands on the
// deepest node that exists, never on a wrong line.
import { codeInfo, type DiagnosticCode } from "../diagnostics/codes.js";
import type { Diagnostic, Severity } from "../diagnostics/diagnostic.js";
import { formatPath, type JsonPath, type PathSegment } from "../diagnostics/json-path.js";
import { decodePointer } from "@mcp-gen/runtime/core";
import type { Manifest } from "./ir.js";
import { locatePath, parseYaml } from "./source.js";

/** What the JSON Schema → zod emitter reports (structurally: this module does not import it). */
export interface EmitterFinding {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly keyword: string;
  /** RFC 6901 pointer to the keyword, relative to the root's schema. */
  readonly pointer: string;
  readonly message: string;
  /** The schema root the pointer is relative to. */
  readonly root?: string;
}

/**
 * Where each schema root handed to the emitter is written in the manifest, found by identity:
 * the emitter's caller passes the IR's schema objects as roots. A schema object the IR holds in
 * two places (the default input schema of tools without `input`) has no single origin and is left
 * out, as are schemas the caller built itself (prompt arguments).
 */
export function schemaOrigins(manifest: Manifest, roots: Readonly<Record<string, unknown>>): Map<string, JsonPath> {
  const where = new Map<unknown, JsonPath | undefined>();
  const note = (schema: unknown, path: JsonPath) => {
    if (schema !== null && typeof schema === "object") where.set(schema, where.has(schema) ? undefined : path);
  };
  for (const tool of manifest.tools) {
    note(tool.inputSchema, ["tools", tool.name, "input"]);
    if (tool.outputSchema !== undefined) note(tool.outputSchema, ["tools", tool.name, "output"]);
  }
  const owners = [["tools", manifest.tools], ["prompts", manifest.prompts], ["resources", manifest.resources], ["templates", manifest.templates]] as const;
  for (const [section, entries] of owners) {
    for (const entry of entries) for (const request of entry.inputRequests) if (request.kind === "elicit") note(request.schema, [section, entry.name, "inputs", request.key, "elicit", "schema"]);
  }
  // Custom methods' and notifications' schemas (manifest/custom-methods.ts).
  for (const method of manifest.methods ?? []) {
    note(method.params, ["methods", method.name, "params"]);
    note(method.result, ["methods", method.name, "result"]);
  }
  for (const notification of manifest.notifications ?? []) note(notification.params, ["notifications", notification.name, "params"]);
  const origins = new Map<string, JsonPath>();
  for (const [root, schema] of Object.entries(roots)) {
    const path = where.get(schema);
    if (path !== undefined) origins.set(root, path);
  }
  return origins;
}

/** YAML sequences are walked by number; a pointer spells indexes as digits. */
function segmentsOf(pointer: string): PathSegment[] {
  return (decodePointer(pointer) ?? []).map((token) => (/^(0|[1-9]\d*)$/.test(token) ? Number(token) : token));
}

function has(data: unknown, path: JsonPath): boolean {
  let node: unknown = data;
  for (const seg of path) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, String(seg))) return false;
    node = (node as Record<string, unknown>)[String(seg)];
  }
  return true;
}

/** The manifest path a finding points at: its root's origin plus the pointer. */
function manifestPath(data: unknown, origin: JsonPath, tokens: PathSegment[]): PathSegment[] {
  const [first, name, ...rest] = tokens;
  if (first === "$defs" && typeof name === "string" && !has(data, [...origin, "$defs", name]) && has(data, ["definitions", name])) {
    return ["definitions", name, ...rest];
  }
  return [...origin, ...tokens];
}

/**
 * Positions emitter findings in the manifest `file` (its `text` as loaded). `origins` maps each
 * schema root name given to the emitter to the manifest path where that schema is written.
 */
export function positionEmitterFindings(file: string, text: string, origins: ReadonlyMap<string, JsonPath>, findings: readonly EmitterFinding[]): Diagnostic[] {
  // Re-reading the manifest costs ~0.5 s at 1,000 tools; most generations have nothing to place.
  if (findings.length === 0) return [];
  const source = parseYaml(text);
  // The manifest loaded without errors before emitting, so it expands (aliases included).
  const data = source.doc.toJS({ maxAliasCount: 1000 }) as unknown;
  return findings.map((finding) => {
    const origin = finding.root === undefined ? undefined : origins.get(finding.root);
    const tokens = segmentsOf(finding.pointer);
    const path = origin === undefined ? undefined : manifestPath(data, origin, tokens);
    const position = path === undefined ? { line: 1, column: 1 } : locatePath(source, path, "value");
    return {
      code: finding.code,
      severity: finding.severity,
      file,
      line: position.line,
      column: position.column,
      path: path === undefined ? `${finding.root ?? ""}${finding.pointer}` : formatPath(path),
      message: finding.message,
      hint: codeInfo(finding.code).fix ?? "",
    };
  });
}

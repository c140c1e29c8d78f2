// `mcp-gen import openapi` without the printing: an OpenAPI 3.0/3.1 document → manifest data.
//
// DECISION RECORD — DETERMINISM. Tools are keyed by name and sorted by code unit; operations are
// visited sorted by path, then in a fixed method order, so name clashes resolve the same way
// whatever the document's key order; definitions are sorted by name; schema keys keep the
// document's order (the order people wrote and read them). No timestamp, no absolute path.
import { UserError } from "../errors.js";
import { SchemaConverter } from "./convert-schema.js";
import { displayName, loadDocument, toUrl, type LoadedDocument } from "./load-document.js";
import { NameAllocator, rawToolName } from "./names.js";
import { convertOperation, Inexpressible, METHODS, type OperationRef } from "./operations.js";
import { DocumentSet } from "./refs.js";
import { envName, requirementsOf, securitySchemes, type ImportDiagnostic } from "./security.js";
import { formatSelectors, isSelected, type Selector } from "./select.js";

type Json = Record<string, unknown>;

export interface ImportOptions {
  /** The document as written in the manifest (`openapi.document`): a path relative to the manifest, or a URL. */
  readonly documentLabel: string;
  readonly include: readonly Selector[];
  readonly exclude: readonly Selector[];
  /** Server name (default: from `info.title`). */
  readonly name?: string;
}

export interface ImportResult {
  readonly data: Json;
  readonly diagnostics: readonly ImportDiagnostic[];
  readonly tools: number;
}

/** Revisions an imported server serves: every era, from the first with outputSchema. */
export const IMPORT_REVISIONS = ["2026-07-28", "2025-11-25", "2025-06-18"] as const;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "api";
}

/** The first server URL with its variables at their defaults; relative ones resolve against an http(s) document. */
function baseUrlOf(doc: LoadedDocument, diagnostics: ImportDiagnostic[]): string | undefined {
  const servers = (doc.data as Json)["servers"];
  const first = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(first) || typeof first["url"] !== "string") {
    diagnostics.push({ code: "MCPGEN3023", at: doc.locate(["servers"]), message: "the document lists no server; set the base URL in the proxy options or the environment" });
    return undefined;
  }
  const variables = isObject(first["variables"]) ? first["variables"] : {};
  const url = first["url"].replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = variables[name];
    return isObject(v) && typeof v["default"] === "string" ? v["default"] : whole;
  });
  if (/^https?:\/\//i.test(url)) return url;
  if (/^https?:/.test(doc.url)) return new URL(url, doc.url).href;
  diagnostics.push({ code: "MCPGEN3023", at: doc.locate(["servers", "0", "url"]), message: `the server URL ${JSON.stringify(url)} is relative to where the document is served; set the base URL in the proxy options or the environment` });
  return undefined;
}

function checkVersion(doc: LoadedDocument): { version: string; legacy: boolean } {
  const data = doc.data;
  if (!isObject(data)) throw new UserError("MCPGEN3004", `${doc.locate([])}: an OpenAPI document is a mapping`, "check the file");
  if (data["swagger"] !== undefined) throw new UserError("MCPGEN3004", `${doc.locate(["swagger"])}: Swagger ${String(data["swagger"])} is not OpenAPI 3.0 or 3.1`, "convert it to OpenAPI 3 first");
  const version = data["openapi"];
  if (typeof version !== "string" || !/^3\.[01]\.\d+/.test(version)) {
    throw new UserError("MCPGEN3004", `${doc.locate(version === undefined ? [] : ["openapi"])}: ${version === undefined ? "no `openapi` version" : `\`openapi: ${String(version)}\` is not 3.0.x or 3.1.x`}`, "mcp-gen imports OpenAPI 3.0 and 3.1 documents");
  }
  if (!isObject(data["info"]) || typeof data["info"]["title"] !== "string" || typeof data["info"]["version"] !== "string") {
    throw new UserError("MCPGEN3004", `${doc.locate(["info"])}: \`info\` needs a string \`title\` and \`version\``, "add them");
  }
  if (data["paths"] !== undefined && !isObject(data["paths"])) throw new UserError("MCPGEN3004", `${doc.locate(["paths"])}: \`paths\` must be a mapping`, "fix `paths`");
  return { version, legacy: version.startsWith("3.0") };
}

export async function importOpenApi(source: string, options: ImportOptions): Promise<ImportResult> {
  const root = await loadDocument(toUrl(source));
  return importLoaded(root, options);
}

export async function importLoaded(root: LoadedDocument, options: ImportOptions): Promise<ImportResult> {
  const { version, legacy } = checkVersion(root);
  const data = root.data as Json;
  const info = data["info"] as Json;
  const diagnostics: ImportDiagnostic[] = [];
  const docs = new DocumentSet(root);
  const schemas = new SchemaConverter(docs, legacy);
  const serverName = options.name ?? slug(String(info["title"]));
  const security = await securitySchemes(docs, serverName, diagnostics);

  const paths = isObject(data["paths"]) ? data["paths"] : {};
  const operations: OperationRef[] = [];
  for (const path of Object.keys(paths).sort(compare)) {
    const item = await docs.deref(paths[path], { doc: root, pointer: ["paths", path] });
    if (!isObject(item.value)) continue;
    for (const method of METHODS) {
      const operation = item.value[method];
      if (isObject(operation)) operations.push({ method, path, operation, pathItem: item.value, at: { doc: item.doc, pointer: [...item.pointer, method] } });
    }
  }

  const names = new NameAllocator();
  const tools: [string, Json][] = [];
  for (const op of operations) {
    const operationId = typeof op.operation["operationId"] === "string" ? op.operation["operationId"] : undefined;
    const label = `${op.method.toUpperCase()} ${op.path}`;
    const wanted = rawToolName(operationId, op.method, op.path);
    const tags = Array.isArray(op.operation["tags"]) ? op.operation["tags"].filter((t): t is string => typeof t === "string") : [];
    if (!isSelected({ tags, names: [wanted, label, ...(operationId ? [operationId] : [])] }, options.include, options.exclude)) continue;
    const requirements = requirementsOf(op.operation["security"] ?? data["security"], security);
    let entry: Json;
    try {
      entry = await convertOperation(docs, schemas, op, requirements);
    } catch (error) {
      if (!(error instanceof Inexpressible)) throw error;
      diagnostics.push({ code: "MCPGEN3020", at: op.at.doc.locate(op.at.pointer), message: `operation ${operationId ?? label} (${label}) is skipped: ${error.message}` });
      continue;
    }
    const name = names.allocate(wanted);
    if (name !== (operationId ?? name)) diagnostics.push({ code: "MCPGEN3021", at: op.at.doc.locate([...op.at.pointer, "operationId"]), message: `operation ${operationId} (${label}) is the tool ${JSON.stringify(name)}` });
    else if (operationId === undefined && name !== wanted) diagnostics.push({ code: "MCPGEN3021", at: op.at.doc.locate(op.at.pointer), message: `operation ${label} is the tool ${JSON.stringify(name)}` });
    tools.push([name, entry]);
  }
  if (tools.length === 0 && (options.include.length > 0 || options.exclude.length > 0)) {
    throw new UserError("MCPGEN3006", `no operation of ${displayName(root.url)} is selected by ${[...options.include.map((s) => `--include ${s.kind}:${s.value}`), ...options.exclude.map((s) => `--exclude ${s.kind}:${s.value}`)].join(" ")}`, "check the tag and operation names");
  }
  await schemas.finish();

  const baseUrl = baseUrlOf(root, diagnostics);
  const openapi: Json = {
    document: options.documentLabel,
    version,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    baseUrlEnv: envName(serverName, "base_url"),
    ...(Object.keys(security).length > 0 ? { security } : {}),
    ...(options.include.length > 0 ? { include: formatSelectors(options.include) } : {}),
    ...(options.exclude.length > 0 ? { exclude: formatSelectors(options.exclude) } : {}),
  };
  const server: Json = { name: serverName, version: String(info["version"]), title: String(info["title"]) };
  if (typeof info["description"] === "string" && info["description"].trim() !== "") server["description"] = info["description"].trim();
  const manifest: Json = { mcpgen: 1, openapi, server, protocol: [...IMPORT_REVISIONS] };
  if (tools.length > 0) manifest["tools"] = Object.fromEntries(tools.sort(([a], [b]) => compare(a, b)));
  if (schemas.definitions.size > 0) manifest["definitions"] = Object.fromEntries([...schemas.definitions].sort(([a], [b]) => compare(a, b)));
  return { data: manifest, diagnostics, tools: tools.length };
}

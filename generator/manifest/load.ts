// The manifest loader: YAML with positions → structure (manifest.schema.json) → semantic checks
// → IR. Every check runs, even after earlier ones failed, so one run reports every problem;
// diagnostics come back sorted by position. The IR is returned only when there is no error.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { type Diagnostic, dedupeDiagnostics, hasErrors, sortDiagnostics } from "../diagnostics/diagnostic.js";
import { userSchemaAjv } from "./ajv.js";
import { checkAuth } from "./auth.js";
import { checkHttpOptions } from "./http-options.js";
import { checkTasks } from "./tasks.js";
import { checkHttpOperations } from "./check-http.js";
import { checkNames } from "./check-names.js";
import { checkPatterns } from "./check-patterns.js";
import { checkPortability, type PortabilityOptions } from "./portability/check.js";
import { checkInputKinds, checkOutputRoots, checkProtocolList, servedRevisions } from "./check-revisions.js";
import { checkUris } from "./check-uris.js";
import { checkMetaAndExtensions } from "./meta.js";
import { checkCustomMethods, customMethodSchemas } from "./custom-methods.js";
import { checkApps } from "./apps.js";
import { loadSkills } from "./skills.js";
import type { JsonSchema, Manifest } from "./ir.js";
import { DEFAULT_INPUT_SCHEMA, durationToMs, normalizeManifest, schemaKey } from "./normalize.js";
import { entriesOf, INPUT_OWNERS, isMap, type RawMap } from "./raw.js";
import { Reporter } from "./reporter.js";
import { HEADER_REVISION } from "./revision-support.js";
import { type PreparedSchema, SchemaPreparer } from "./schemas.js";
import { parseYaml, positionOfOffset } from "./source.js";
import { parseJsonManifest } from "./json-text.js";
import { checkStructure } from "./structure.js";
import { reportYamlProblems } from "./yaml-errors.js";

/**
 * YAML can hold what JSON cannot: .inf/.nan (which would turn into null later) and, through an
 * alias inside its own anchor, a cycle (which would hang every later walk). Returns false on a cycle.
 */
function checkJsonValues(value: unknown, path: (string | number)[], reporter: Reporter, ancestors: Set<unknown> = new Set()): boolean {
  if (typeof value === "number" && !Number.isFinite(value)) {
    reporter.report("MCPGEN1104", path, `${String(value)} is not a JSON number`, "write a finite number");
    return true;
  }
  if (value === null || typeof value !== "object") return true;
  if (ancestors.has(value)) {
    reporter.report("MCPGEN1006", path, "an alias refers to the node that contains it, so the value never ends", "do not use an alias inside its own anchored node");
    return false;
  }
  ancestors.add(value);
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) if (!checkJsonValues(v, [...path, k], reporter, ancestors)) return false;
  ancestors.delete(value);
  return true;
}

export interface LoadResult {
  /** The normalized manifest; undefined when any diagnostic is an error. */
  readonly manifest: Manifest | undefined;
  readonly diagnostics: Diagnostic[];
}

export interface LoadTextOptions {
  /** The name diagnostics show for the file (defaults to `file`). */
  readonly displayName?: string;
  /** `--portability` / `--portability-targets`: override the manifest's `portability` section. */
  readonly portability?: PortabilityOptions;
  /**
   * What `text` parses to, when the caller wrote `text` from it (`mcp-gen import`): the checks
   * run on it and the YAML is parsed only if a diagnostic needs a position (~0.5 s for Gitea).
   */
  readonly data?: unknown;
}

/** Reads and checks a manifest file. Never throws for problems in the input. */
export async function loadManifest(path: string, options: LoadTextOptions = {}): Promise<LoadResult> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reporter = new Reporter(path, undefined);
    const hint = code === "ENOENT" ? "check the path, or create one with `mcp-gen init`" : code === "EISDIR" ? "pass the manifest file itself, e.g. mcp.yaml" : "check the file's permissions";
    reporter.report("MCPGEN1003", [], `cannot read the manifest (${code ?? "read error"})`, hint);
    return { manifest: undefined, diagnostics: reporter.diagnostics };
  }
  return loadManifestText(text, path, options);
}

/** Checks manifest text; `file` locates relative `$ref` files and names the file in diagnostics. */
export function loadManifestText(text: string, file: string, options: LoadTextOptions = {}): LoadResult {
  const known = options.data ?? parseJsonManifest(text);
  const source = known === undefined ? parseYaml(text) : undefined;
  const reporter = new Reporter(options.displayName ?? file, source ?? (() => parseYaml(text)));
  const finish = (manifest?: Manifest): LoadResult => {
    const diagnostics = sortDiagnostics(dedupeDiagnostics(reporter.diagnostics));
    return { manifest: hasErrors(diagnostics) ? undefined : manifest, diagnostics };
  };

  let data: unknown = known;
  if (source) {
    if (!reportYamlProblems(source, reporter)) return finish();
    try {
      data = source.doc.toJS({ maxAliasCount: 1000 });
    } catch (err) {
      const message = (err as Error).message.split("\n")[0] ?? "";
      const unresolved = /Unresolved alias[^:]*: (.+)$/.exec(message)?.[1];
      if (unresolved !== undefined) {
        const at = source.text.indexOf(`*${unresolved}`);
        reporter.report("MCPGEN1001", [], `alias \`*${unresolved}\` refers to no anchor defined before it`, `define \`&${unresolved}\` on an earlier node, or replace the alias with a value`, at >= 0 ? { position: positionOfOffset(source, at) } : {});
      } else reporter.report("MCPGEN1006", [], `the manifest cannot be expanded: ${message}`, "use fewer nested aliases (`*name`)");
      return finish();
    }
  }
  if (data === null || data === undefined) {
    reporter.report("MCPGEN1004", [], "the manifest is empty", "start from `mcp-gen init`, or write at least `mcpgen: 1`, `server:` and `protocol:`");
    return finish();
  }

  if (!checkJsonValues(data, [], reporter)) return finish();
  checkStructure(data, reporter);
  checkNames(data, reporter);
  checkProtocolList(data, reporter);
  const served = servedRevisions(data);
  checkInputKinds(data, served, reporter);
  checkOutputRoots(data, served, reporter);
  checkUris(data, reporter);
  checkPatterns(data, reporter);
  checkPortability(data, reporter, options.portability);
  checkAuth(data, reporter);
  checkHttpOptions(data, reporter);
  checkTasks(data, served, reporter, durationToMs);
  checkHttpOperations(data, reporter);
  checkMetaAndExtensions(data, reporter);
  checkCustomMethods(data, reporter);

  const manifestDir = dirname(resolve(file));
  const appPages = checkApps(data, manifestDir, reporter);
  const handles = new Set(entriesOf(isMap(data) ? data["handles"] : undefined).map(([name]) => name));
  const definitions = isMap(data) && isMap(data["definitions"]) ? (data["definitions"] as RawMap) : {};
  const pulled = isMap(data) && isMap(data["pulled"]);
  const preparer = new SchemaPreparer({ reporter, manifestDir, handles, definitions, ajv: userSchemaAjv, pulled });
  preparer.prepareDefinitions();
  const schemas = new Map<string, PreparedSchema>();
  const prepare = (schema: unknown, path: (string | number)[], role: "input" | "output" | "elicit"): void => {
    schemas.set(schemaKey(path), preparer.prepare(schema, path, role));
  };

  for (const [name, tool] of entriesOf(isMap(data) ? data["tools"] : undefined)) {
    if (!isMap(tool)) continue;
    const input = "input" in tool ? tool["input"] : DEFAULT_INPUT_SCHEMA;
    if (isMap(input)) prepare(input, ["tools", name, "input"], "input");
    if ("output" in tool && (isMap(tool["output"]) || typeof tool["output"] === "boolean")) prepare(tool["output"], ["tools", name, "output"], "output");
    const prepared = schemas.get(schemaKey(["tools", name, "input"]));
    const header = prepared?.headers[0];
    if (header && served.length > 0 && !served.includes(HEADER_REVISION)) {
      const at = ["tools", name, "input", ...header.path.flatMap((p) => ["properties", p]), "x-mcp-header"];
      reporter.warn("MCPGEN1404", at, `\`x-mcp-header\` only takes effect on ${HEADER_REVISION}, which this server does not serve`, `add ${HEADER_REVISION} to \`protocol\`, or remove the annotation`);
    }
  }
  for (const { path, schema } of customMethodSchemas(data)) prepare(schema, path, "output");
  for (const owner of INPUT_OWNERS) {
    for (const [name, entry] of entriesOf(isMap(data) ? data[owner] : undefined)) {
      for (const [key, request] of entriesOf(isMap(entry) ? entry["inputs"] : undefined)) {
        const elicit = isMap(request) ? request["elicit"] : undefined;
        if (isMap(elicit) && isMap(elicit["schema"])) prepare(elicit["schema"], [owner, name, "inputs", key, "elicit", "schema"], "elicit");
      }
    }
  }

  for (const name of handles) {
    if (!preparer.usedHandles.has(name)) reporter.warn("MCPGEN1308", ["handles", name], `handle \`${name}\` is declared but no schema uses it`, "use it as `{ handle: " + name + " }` in a tool's input or output, or remove it", { target: "key" });
  }

  const skills = loadSkills(data, manifestDir, reporter);

  if (hasErrors(reporter.diagnostics)) return finish();
  const bundledDefinitions: Record<string, JsonSchema> = {};
  for (const name of Object.keys(definitions).sort()) {
    const bundled = preparer.bundledDefinition(name);
    if (bundled !== undefined) bundledDefinitions[name] = bundled;
  }
  return finish({ ...normalizeManifest({ file: resolve(file), raw: data as RawMap, schemas, definitions: bundledDefinitions, appPages }), ...(skills ? { skills } : {}) });
}

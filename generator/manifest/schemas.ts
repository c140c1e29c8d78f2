// Prepares every JSON Schema in a manifest for the IR and checks it on the way:
// - `{ handle: <name> }` property schemas become `{ type: string, "x-mcpgen-handle": <name> }`
//   and are recorded with their instance path (unknown handles: MCPGEN1301);
// - shared definitions and local files are bundled into the root's `$defs` and `$ref`s are
//   rewritten to point there (MCPGEN1302–1307);
// - the schema is checked against the 2020-12 meta-schema and compiled with Ajv2020
//   (MCPGEN1506, 1507);
// - tool input schemas get the root and `x-mcp-header` rules (MCPGEN1501–1505) and form
//   elicitation schemas the flat-primitive rule (MCPGEN1508).
import type { ErrorObject } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { posix, relative } from "node:path";
import { type DiagnosticCode, severityOf } from "../diagnostics/codes.js";
import type { JsonPath } from "../diagnostics/json-path.js";
import { didYouMean } from "../diagnostics/suggest.js";
import type { HandleUse, HeaderParameter, JsonSchema } from "./ir.js";
import { Reporter } from "./reporter.js";
import { scanHeaderDeclarations, type HeaderProblem } from "@mcp-gen/runtime/core";
import { checkAgainstMetaSchema } from "./ajv.js";
import { compileNeeded } from "./compile-needed.js";
import { classifyRef, dirOf, encodePointerSegment, followPointer, loadRefFile } from "./schema-refs.js";
import { childrenOf, isSchemaObject, type Step } from "./schema-walk.js";
import { parseYaml } from "./source.js";

export type SchemaRole = "input" | "output" | "elicit" | "definition";

export interface PreparedSchema {
  readonly schema: JsonSchema;
  readonly handleUses: readonly HandleUse[];
  readonly headers: readonly HeaderParameter[];
  /** False when a problem was reported inside it (the schema is not compiled then). */
  readonly sound: boolean;
}

export interface SchemaPreparerOptions {
  readonly reporter: Reporter;
  readonly manifestDir: string;
  readonly handles: ReadonlySet<string>;
  readonly definitions: Readonly<Record<string, unknown>>;
  /** The Ajv instance schemas are checked and compiled with, made on first use (ajv.ts userSchemaAjv). */
  readonly ajv: () => Ajv2020;
  /**
   * The manifest was written by `mcp-gen pull` (top-level `pulled`). DECISION RECORD —
   * REMOTE SCHEMAS ARE RECORDS, NOT SOURCES: a pulled schema is what the server published,
   * kept verbatim. So `$ref`s that leave the schema (URLs, relative files) are kept and never
   * fetched or read (MCPGEN1303 becomes a warning, and the schema is not compiled), `#/definitions/…`
   * is the schema's own draft-07 style pointer (not a manifest shared definition), and invalid
   * `x-mcp-header` annotations (MCPGEN1502–1505) are warnings: the tool stays in the record and
   * the runtime client refuses to call it [S26:basic/transports/streamable-http § Custom Headers].
   */
  readonly pulled?: boolean;
}

/** Where a schema was written: in the manifest, or in a file pulled in by `$ref` (reported there). */
interface Origin {
  readonly inManifest: boolean;
  readonly reporter: Reporter;
  /** For files: the file's folder (for its own relative `$ref`s) and its key under `$defs`. */
  readonly fileDir?: string;
  readonly fileDefName?: string;
}

interface WalkState {
  readonly origin: Origin;
  readonly role: SchemaRole;
  readonly deps: Set<string>;
  readonly handleUses: HandleUse[];
  readonly headers: HeaderParameter[];
  sound: boolean;
}

interface BundledEntry {
  /** Key under `$defs` in a bundle. */
  readonly defName: string;
  schema: unknown;
  deps: Set<string>;
  handleUses: HandleUse[];
  sound: boolean;
}

const ELICIT_TYPES = new Set(["string", "number", "integer", "boolean"]);
const HANDLE_COMPANIONS = new Set(["handle", "description", "title", "$comment", "x-mcp-header"]);
const JSON_SCHEMA_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"];

export class SchemaPreparer {
  readonly usedHandles = new Set<string>();
  private readonly shared = new Map<string, BundledEntry>();
  private readonly files = new Map<string, BundledEntry>();

  constructor(private readonly options: SchemaPreparerOptions) {}

  /** Checks every shared definition once, where it is written. */
  prepareDefinitions(): void {
    for (const name of Object.keys(this.options.definitions).sort()) this.sharedEntry(name);
  }

  /** Bundled form of one shared definition, for the IR. */
  bundledDefinition(name: string): JsonSchema | undefined {
    const entry = this.sharedEntry(name);
    if (!entry) return undefined;
    return this.bundle(entry.schema, entry.deps, ["definitions", name], false) as JsonSchema;
  }

  prepare(schema: unknown, path: JsonPath, role: SchemaRole): PreparedSchema {
    const state = newState(this.manifestOrigin(), role);
    const metaOk = this.checkMeta(schema, path, state.origin);
    if (!metaOk) state.sound = false;
    if (role === "input") this.checkInputRoot(schema, path, state);
    if (role === "elicit") this.checkElicitSchema(schema, path, state);
    const transformed = this.transform(schema, path, state, { instance: [], reachable: true, isRoot: true });
    const bundled = this.bundle(transformed, state.deps, path, state.sound);
    if (role === "input") this.checkInputHeaders(transformed, bundled, path, state);
    const anyDepUnsound = [...this.closure(state.deps)].some((k) => !(this.entryOf(k)?.sound ?? false));
    let sound = state.sound && !anyDepUnsound;
    // A pulled schema in another dialect (e.g. draft-07) is recorded, not compiled: this Ajv speaks 2020-12 only.
    if (sound && this.foreignDialect(schema) === undefined && compileNeeded(bundled)) sound = this.compile(bundled, path);
    return { schema: bundled as JsonSchema, handleUses: state.handleUses, headers: state.headers, sound };
  }

  // ---- reporting ---------------------------------------------------------------------------

  private report(origin: Origin, code: DiagnosticCode, path: JsonPath, pointer: readonly (string | number)[], message: string, hint: string): void {
    // Which codes a pulled manifest relaxes is the registry's to say (`warningWhen`).
    const severity = severityOf(code, { pulled: this.options.pulled === true });
    origin.reporter.report(code, [...path, ...pointer], message, hint, { target: code === "MCPGEN1309" ? "key" : "value", severity });
  }

  private manifestOrigin(): Origin {
    return { inManifest: true, reporter: this.options.reporter };
  }

  // ---- meta-schema validation ----------------------------------------------------------------

  private checkMeta(schema: unknown, path: JsonPath, origin: Origin): boolean {
    if (typeof schema === "boolean") return true;
    if (!isSchemaObject(schema)) {
      this.report(origin, "MCPGEN1506", path, [], "a JSON Schema must be a mapping (or true/false)", "write the schema as a mapping, e.g. { type: object }");
      return false;
    }
    const ajv = this.options.ajv;
    const foreign = this.foreignDialect(schema);
    // Ajv throws (instead of reporting) on a `$schema` that is not a string.
    if (isSchemaObject(schema) && schema["$schema"] !== undefined && typeof schema["$schema"] !== "string") {
      this.report(origin, "MCPGEN1506", path, ["$schema"], "`$schema` must be a string (a meta-schema URI)", "remove `$schema`, or set it to https://json-schema.org/draft/2020-12/schema");
      return false;
    }
    if (foreign !== undefined) {
      if (this.options.pulled === true) return true;
      this.report(origin, "MCPGEN1506", path, ["$schema"], `\`$schema\` ${JSON.stringify(foreign)} is not JSON Schema 2020-12, the dialect of manifest schemas`, "remove `$schema`, or set it to https://json-schema.org/draft/2020-12/schema and write the schema in 2020-12");
      return false;
    }
    const meta = checkAgainstMetaSchema(schema, ajv);
    if (meta.valid) return true;
    const byPath = new Map<string, ErrorObject>();
    for (const e of meta.errors) {
      if (e.keyword === "anyOf" || e.keyword === "oneOf" || e.keyword === "$dynamicRef") continue;
      const previous = byPath.get(e.instancePath);
      if (!previous || (e.keyword === "enum" && previous.keyword !== "enum")) byPath.set(e.instancePath, e);
    }
    for (const [pointer, e] of byPath) {
      const segments = pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
      const typed = segments.map((s, i) => (/^[0-9]+$/.test(s) && Array.isArray(valueAt(schema, segments.slice(0, i))) ? Number(s) : s));
      const { message, hint } = describeMetaError(e, typed);
      this.report(origin, "MCPGEN1506", path, typed, message, hint);
    }
    return false;
  }

  /** The `$schema` URI when it names a meta-schema this 2020-12 Ajv does not know (it would throw on it). */
  private foreignDialect(schema: unknown): string | undefined {
    const declared = isSchemaObject(schema) ? schema["$schema"] : undefined;
    if (typeof declared !== "string") return undefined;
    try {
      return this.options.ajv().getSchema(declared) === undefined ? declared : undefined;
    } catch {
      return declared; // not even a URI (fast-uri throws on e.g. `a|http://…`): certainly no known meta-schema
    }
  }

  // ---- role-specific checks ------------------------------------------------------------------

  private checkInputRoot(schema: unknown, path: JsonPath, state: WalkState): void {
    const type = isSchemaObject(schema) ? schema["type"] : undefined;
    if (type === "object") return;
    state.sound = false;
    // A misspelled type is already reported against the meta-schema (MCPGEN1506); one report is enough.
    if (typeof type === "string" && !JSON_SCHEMA_TYPES.includes(type)) return;
    const at = isSchemaObject(schema) && "type" in schema ? ["type"] : [];
    const shown = type === undefined ? "no `type`" : `type ${JSON.stringify(type)}`;
    this.options.reporter.report("MCPGEN1501", [...path, ...at], `a tool input schema must have \`type: object\` at its root (found ${shown})`, "tool arguments are always a JSON object: set `type: object` and describe arguments under `properties`");
  }

  private checkElicitSchema(schema: unknown, path: JsonPath, state: WalkState): void {
    if (!isSchemaObject(schema) || schema["type"] !== "object") {
      state.sound = false;
      this.options.reporter.report("MCPGEN1508", path, "an elicitation schema must be `type: object` at its root", "requestedSchema is a flat object: set `type: object` and list fields under `properties`");
      return;
    }
    const props = schema["properties"];
    if (!isSchemaObject(props)) return;
    for (const [name, prop] of Object.entries(props)) {
      const type = isSchemaObject(prop) ? prop["type"] : undefined;
      const items = isSchemaObject(prop) ? prop["items"] : undefined;
      const isMultiSelect = type === "array" && isSchemaObject(items) && (Array.isArray(items["enum"]) || Array.isArray(items["anyOf"]));
      if ((typeof type === "string" && ELICIT_TYPES.has(type)) || isMultiSelect) continue;
      state.sound = false;
      this.options.reporter.report("MCPGEN1508", [...path, "properties", name], `elicitation field \`${name}\` must be a string, number, integer or boolean (or a multi-select enum list), not ${type === undefined ? "an untyped schema" : JSON.stringify(type)}`, "clients render elicitation as a flat form: split nested objects into separate primitive fields", { target: "key" });
    }
  }

  /**
   * `x-mcp-header` outside a tool's own input schema: inside a shared definition it is only
   * ever reached through `$ref`, so never statically reachable. Annotations in the input schema
   * itself are read by the runtime's scanner after the walk (checkInputHeaders).
   */
  private checkHeader(_node: Record<string, unknown>, path: JsonPath, state: WalkState): void {
    if (state.role !== "definition") return;
    state.sound = false;
    this.report(state.origin, "MCPGEN1505", path, ["x-mcp-header"], "`x-mcp-header` inside a shared definition is reached through `$ref`, so it is never statically reachable", "put the annotated property directly under the tool's `input.properties`");
  }

  /**
   * The header rules are the runtime's (one scanner: @mcp-gen/runtime core/headers), so what
   * validates here is exactly what the generated server enforces and the generated client mirrors.
   * The manifest's own annotations are reported where they are written; an annotation that only
   * the bundled schema has (from a `$ref`'d file) is reported at the input schema.
   */
  private checkInputHeaders(transformed: unknown, bundled: unknown, path: JsonPath, state: WalkState): void {
    if (!state.origin.inManifest) return;
    const own = scanHeaderDeclarations(transformed);
    for (const problem of own.problems) this.reportHeaderProblem(problem, path, state, problem.pointer, transformed);
    for (const declaration of own.declarations) state.headers.push({ header: declaration.headerName, path: declaration.path, type: declaration.type });
    const seen = new Set(own.problems.map((p) => p.pointer.join("/")));
    const sharedDefs = new Set(Object.keys(this.options.definitions));
    for (const problem of scanHeaderDeclarations(bundled).problems) {
      if (seen.has(problem.pointer.join("/"))) continue;
      // Shared definitions report their annotations where they are written (checkHeader).
      if (problem.pointer[0] === "$defs" && sharedDefs.has(String(problem.pointer[1]))) continue;
      this.reportHeaderProblem({ ...problem, kind: "unreachable", message: `${problem.message}; it sits in a schema file bundled at /${problem.pointer.join("/")}, reached through \`$ref\`` }, path, state, [], bundled);
    }
  }

  private reportHeaderProblem(problem: HeaderProblem, path: JsonPath, state: WalkState, pointer: readonly (string | number)[], schema: unknown): void {
    state.sound = false;
    const at: JsonPath = pointer.length > 0 || problem.kind !== "unreachable" ? [...pointer, "x-mcp-header"] : [];
    switch (problem.kind) {
      case "invalid-name":
        this.report(state.origin, "MCPGEN1502", path, at, problem.message, "use a non-empty name of letters, digits and !#$%&'*+-.^_`|~ (no spaces or control characters), e.g. Region");
        return;
      case "duplicate":
        this.report(state.origin, "MCPGEN1503", path, at, problem.message, "give each mirrored property its own header name");
        return;
      case "invalid-type": {
        const type = typeAtPointer(schema, problem.pointer);
        const hint = type === "number" || (Array.isArray(type) && type.includes("number")) ? "`number` is not allowed for headers: use `type: integer` or `type: string`" : 'annotate only string, integer or boolean properties (a nullable one, e.g. `type: [string, "null"]`, is fine)';
        this.report(state.origin, "MCPGEN1504", path, at, problem.message, hint);
        return;
      }
      case "unreachable":
        this.report(state.origin, "MCPGEN1505", path, at, problem.message, "move the annotation to a property reached from the root through `properties` only (not items, anyOf/oneOf/allOf/not, if/then/else, $defs or $ref)");
        return;
    }
  }

  // ---- transformation ------------------------------------------------------------------------

  private transform(node: unknown, path: JsonPath, state: WalkState, walk: WalkPos): unknown {
    if (!isSchemaObject(node)) return node;
    if ("handle" in node) return this.transformHandle(node, path, state, walk);
    if ("x-mcp-header" in node) this.checkHeader(node, path, state);
    const out: Record<string, unknown> = {};
    // defineProperty: a key named `__proto__` must stay an ordinary key, not change the prototype.
    for (const [key, value] of Object.entries(node)) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    if (typeof node["$ref"] === "string") out["$ref"] = this.rewriteRef(node["$ref"], path, state, walk);
    this.checkPatterns(node, path, state);
    for (const child of childrenOf(node)) {
      const next = nextPos(walk, child.step);
      const transformed = this.transform(child.schema, [...path, ...child.segments], state, next);
      setAt(out, child.segments, transformed);
    }
    return out;
  }

  private transformHandle(node: Record<string, unknown>, path: JsonPath, state: WalkState, walk: WalkPos): unknown {
    const name = node["handle"];
    const extra = Object.keys(node).filter((k) => !HANDLE_COMPANIONS.has(k));
    if (extra.length > 0) {
      state.sound = false;
      this.report(state.origin, "MCPGEN1309", path, [extra[0] ?? "handle"], `a \`handle\` schema takes no other keywords (found \`${extra.join("`, `")}\`)`, "a handle is always an opaque string: keep only `handle`, `description`, `title` (and `x-mcp-header`)");
    }
    if (typeof name !== "string" || !this.options.handles.has(name)) {
      state.sound = false;
      const declared = [...this.options.handles];
      const suggestion = typeof name === "string" ? didYouMean(name, declared) : undefined;
      const hint = suggestion ?? (declared.length > 0 ? `declared handles: ${declared.sort().join(", ")}` : "declare it under top-level `handles:`, e.g. handles: { cart: { ttl: 1h } }");
      this.report(state.origin, "MCPGEN1301", path, ["handle"], `unknown handle ${typeof name === "string" ? `\`${name}\`` : JSON.stringify(name)}`, hint);
    } else {
      this.usedHandles.add(name);
      if (walk.instance !== undefined) state.handleUses.push({ handle: name, path: walk.instance });
    }
    const out: Record<string, unknown> = { type: "string", "x-mcpgen-handle": name };
    for (const k of ["title", "description", "$comment", "x-mcp-header"]) if (k in node) out[k] = node[k];
    // A handle is a string, so it may be mirrored into a header like any string argument.
    if ("x-mcp-header" in out) this.checkHeader(out, path, state);
    return out;
  }

  private checkPatterns(node: Record<string, unknown>, path: JsonPath, state: WalkState): void {
    const bad = (p: string): boolean => {
      try {
        new RegExp(p, "u");
        return false;
      } catch {
        return true;
      }
    };
    if (typeof node["pattern"] === "string" && bad(node["pattern"])) {
      state.sound = false;
      this.report(state.origin, "MCPGEN1507", path, ["pattern"], `pattern ${JSON.stringify(node["pattern"])} is not a valid regular expression (ECMA-262, unicode mode)`, "fix the regular expression; remember that YAML needs backslashes doubled only inside double quotes");
    }
    const pp = node["patternProperties"];
    if (isSchemaObject(pp)) {
      for (const key of Object.keys(pp)) {
        if (!bad(key)) continue;
        state.sound = false;
        this.report(state.origin, "MCPGEN1507", path, ["patternProperties", key], `patternProperties key ${JSON.stringify(key)} is not a valid regular expression`, "fix the regular expression");
      }
    }
  }

  private rewriteRef(ref: string, path: JsonPath, state: WalkState, walk: WalkPos): string {
    const origin = state.origin;
    const pulled = this.options.pulled === true;
    const target = classifyRef(ref, origin.inManifest && !pulled);
    const at: JsonPath = ["$ref"];
    if (pulled && (target.kind === "network" || target.kind === "file")) {
      state.sound = false;
      this.report(origin, "MCPGEN1303", path, at, `\`$ref\` ${JSON.stringify(ref)} leaves the pulled schema; it is kept as the server sent it and never fetched`, "types behind this reference are `unknown` in generated code");
      return ref;
    }
    switch (target.kind) {
      case "local":
        // Pointers move with the file into `$defs`; `#anchor` refs resolve anywhere in the bundle as they are.
        if (origin.fileDefName === undefined || !(ref === "#" || ref.startsWith("#/"))) return ref;
        return `#/$defs/${encodePointerSegment(origin.fileDefName)}${ref.slice(1)}`;
      case "network":
        state.sound = false;
        this.report(origin, "MCPGEN1303", path, at, `\`$ref\` ${JSON.stringify(ref)} points outside the project; mcp-gen never fetches schemas`, "save the schema in a file next to the manifest and refer to it as ./file.json");
        return ref;
      case "shared": {
        const entry = this.sharedEntry(target.name);
        if (!entry) {
          state.sound = false;
          const names = Object.keys(this.options.definitions);
          this.report(origin, "MCPGEN1302", path, at, `\`$ref\` names the shared definition \`${target.name}\`, which is not declared`, didYouMean(target.name, names) ?? (names.length > 0 ? `declared definitions: ${names.sort().join(", ")}` : "declare it under top-level `definitions:`"));
          return ref;
        }
        state.deps.add(`def:${target.name}`);
        if (target.rest === "" && walk.instance !== undefined) for (const use of entry.handleUses) state.handleUses.push({ handle: use.handle, path: [...walk.instance, ...use.path] });
        return `#/$defs/${encodePointerSegment(entry.defName)}${target.rest}`;
      }
      case "file": {
        const baseDir = origin.fileDir ?? this.options.manifestDir;
        const load = loadRefFile(target.file, baseDir, this.options.manifestDir);
        if (!load.ok) {
          state.sound = false;
          this.report(origin, load.code, path, at, load.message, load.hint);
          return ref;
        }
        const entry = this.fileEntry(load.absolute, load.text, load.content);
        const pointed = followPointer(load.content, target.fragment);
        if (!pointed.found) {
          state.sound = false;
          this.report(origin, "MCPGEN1306", path, at, `\`$ref\` fragment #${target.fragment} does not point into ${target.file}`, "use a JSON Pointer that exists in the file, such as #/$defs/Name");
          return ref;
        }
        state.deps.add(`file:${load.absolute}`);
        if (target.fragment === "" && walk.instance !== undefined) for (const use of entry.handleUses) state.handleUses.push({ handle: use.handle, path: [...walk.instance, ...use.path] });
        return `#/$defs/${encodePointerSegment(entry.defName)}${target.fragment}`;
      }
    }
  }

  // ---- shared definitions and files ----------------------------------------------------------

  private sharedEntry(name: string): BundledEntry | undefined {
    if (!Object.prototype.hasOwnProperty.call(this.options.definitions, name)) return undefined;
    const existing = this.shared.get(name);
    if (existing) return existing;
    const entry: BundledEntry = { defName: name, schema: {}, deps: new Set(), handleUses: [], sound: true };
    // Registered before its body is walked, so a definition that refers to itself finds itself.
    this.shared.set(name, entry);
    const raw = this.options.definitions[name];
    const path: JsonPath = ["definitions", name];
    const state = newState(this.manifestOrigin(), "definition");
    if (!this.checkMeta(raw, path, state.origin)) state.sound = false;
    entry.schema = this.transform(raw, path, state, { instance: [], reachable: false, isRoot: true });
    entry.deps = state.deps;
    entry.handleUses = state.handleUses;
    entry.sound = state.sound;
    return entry;
  }

  private fileEntry(absolute: string, text: string, content: unknown): BundledEntry {
    const existing = this.files.get(absolute);
    if (existing) return existing;
    const label = relative(this.options.manifestDir, absolute).split("\\").join("/");
    // Problems inside the file are reported in the file, named relative to how the manifest was named.
    const display = posix.join(posix.dirname(this.options.reporter.file.split("\\").join("/")), label);
    const fileReporter = new Reporter(display, parseYaml(text), this.options.reporter.diagnostics);
    let defName = `file_${label.replace(/[^A-Za-z0-9]+/g, "_")}`;
    while (Object.prototype.hasOwnProperty.call(this.options.definitions, defName) || [...this.files.values()].some((f) => f.defName === defName)) defName += "_";
    const entry: BundledEntry = { defName, schema: {}, deps: new Set(), handleUses: [], sound: true };
    this.files.set(absolute, entry);
    const origin: Origin = { inManifest: false, reporter: fileReporter, fileDir: dirOf(absolute), fileDefName: defName };
    const state = newState(origin, "definition");
    if (!this.checkMeta(content, [], origin)) state.sound = false;
    entry.schema = this.transform(content, [], state, { instance: [], reachable: false, isRoot: true });
    entry.deps = state.deps;
    entry.handleUses = state.handleUses;
    entry.sound = state.sound;
    return entry;
  }

  private entryOf(key: string): BundledEntry | undefined {
    if (key.startsWith("def:")) return this.shared.get(key.slice(4));
    return this.files.get(key.slice(5));
  }

  private closure(deps: ReadonlySet<string>): Set<string> {
    const seen = new Set<string>();
    const queue = [...deps];
    while (queue.length > 0) {
      const key = queue.pop() as string;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const d of this.entryOf(key)?.deps ?? []) queue.push(d);
    }
    return seen;
  }

  private bundle(schema: unknown, deps: ReadonlySet<string>, path: JsonPath, report: boolean): unknown {
    const needed = [...this.closure(deps)].sort();
    if (needed.length === 0 || !isSchemaObject(schema)) return schema;
    const local = isSchemaObject(schema["$defs"]) ? schema["$defs"] : {};
    const defs: Record<string, unknown> = { ...local };
    for (const key of needed) {
      const entry = this.entryOf(key);
      if (!entry) continue;
      if (Object.prototype.hasOwnProperty.call(local, entry.defName)) {
        if (report) this.options.reporter.report("MCPGEN1307", [...path, "$defs", entry.defName], `local \`$defs\` entry \`${entry.defName}\` clashes with the bundled ${key.startsWith("def:") ? "shared definition" : "file"} of the same name`, "rename the local `$defs` entry", { target: "key" });
        continue;
      }
      defs[entry.defName] = entry.schema;
    }
    return { ...schema, $defs: sortKeys(defs) };
  }

  private compile(schema: unknown, path: JsonPath): boolean {
    const ajv = this.options.ajv();
    try {
      ajv.compile(schema as Record<string, unknown> | boolean);
      return true;
    } catch (err) {
      const raw = (err as Error).message ?? String(err);
      const missing = /can't resolve reference (\S+)/.exec(raw)?.[1];
      const refPath = missing !== undefined ? findRef(schema, missing) : undefined;
      const message = missing !== undefined ? `\`$ref\` ${JSON.stringify(missing)} cannot be resolved` : `the schema cannot be compiled: ${raw.split("\n")[0]}`;
      const hint = missing !== undefined ? "point the `$ref` at an existing `$defs` entry (`#/$defs/Name`), a shared definition (`#/definitions/Name`) or a local file" : "fix the schema so that a 2020-12 validator can compile it";
      this.options.reporter.report("MCPGEN1507", refPath ? [...path, ...refPath, "$ref"] : path, message, hint);
      return false;
    } finally {
      ajv.removeSchema();
    }
  }
}

interface WalkPos {
  /** Instance path (property names, "*" for elements); undefined when not an instance location. */
  readonly instance: readonly string[] | undefined;
  /** Reached from the root through `properties` only. */
  readonly reachable: boolean;
  readonly isRoot: boolean;
}

function nextPos(walk: WalkPos, step: Step): WalkPos {
  switch (step.kind) {
    case "property":
      return { instance: walk.instance === undefined ? undefined : [...walk.instance, step.name], reachable: walk.reachable, isRoot: false };
    case "element":
      return { instance: walk.instance === undefined ? undefined : [...walk.instance, "*"], reachable: false, isRoot: false };
    case "same":
      return { instance: walk.instance, reachable: false, isRoot: false };
    case "none":
      return { instance: undefined, reachable: false, isRoot: false };
  }
}

function newState(origin: Origin, role: SchemaRole): WalkState {
  return { origin, role, deps: new Set(), handleUses: [], headers: [], sound: true };
}

function setAt(target: Record<string, unknown>, segments: readonly (string | number)[], value: unknown): void {
  if (segments.length === 1) {
    target[String(segments[0])] = value;
    return;
  }
  const [first, second] = segments;
  const container = target[String(first)];
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[Number(second)] = value;
    target[String(first)] = copy;
  } else if (isSchemaObject(container)) {
    target[String(first)] = { ...container, [String(second)]: value };
  }
}

function sortKeys(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj).sort()) out[k] = obj[k];
  return out;
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const s of segments) node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[s] : undefined;
  return node;
}

function findRef(schema: unknown, ref: string, path: (string | number)[] = []): (string | number)[] | undefined {
  if (Array.isArray(schema)) {
    for (let i = 0; i < schema.length; i++) {
      const hit = findRef(schema[i], ref, [...path, i]);
      if (hit) return hit;
    }
    return undefined;
  }
  if (!isSchemaObject(schema)) return undefined;
  if (schema["$ref"] === ref) return path;
  for (const [k, v] of Object.entries(schema)) {
    const hit = findRef(v, ref, [...path, k]);
    if (hit) return hit;
  }
  return undefined;
}

function describeMetaError(e: ErrorObject, pointer: readonly (string | number)[]): { message: string; hint: string } {
  const key = pointer.length === 0 ? "the schema" : `\`${String(pointer[pointer.length - 1])}\``;
  const data = e.data as unknown;
  if (e.keyword === "enum" && pointer[pointer.length - 1] === "type") {
    const shown = JSON.stringify(data);
    return { message: `${shown} is not a JSON Schema type`, hint: (typeof data === "string" ? didYouMean(data, JSON_SCHEMA_TYPES) : undefined) ?? `use one of: ${JSON_SCHEMA_TYPES.join(", ")}` };
  }
  if (e.keyword === "type") {
    const expected = String((e.params as { type: unknown }).type).replace(/,/g, " or ");
    return { message: `${key} must be ${expected === "object" ? "a mapping" : expected === "array" ? "a list" : `of type ${expected}`} in a JSON Schema`, hint: `write ${key} as ${expected === "object" ? "a mapping" : expected === "array" ? "a list" : expected}` };
  }
  if (e.keyword === "minimum" || e.keyword === "exclusiveMinimum") return { message: `${key} must be at least ${String((e.params as { limit: unknown }).limit)}`, hint: "use a non-negative number" };
  if (e.keyword === "uniqueItems") return { message: `${key} lists the same entry twice`, hint: "remove the repeated entry" };
  if (e.keyword === "format") return { message: `${key} is not a valid ${String((e.params as { format: unknown }).format)}`, hint: "fix the value" };
  if (e.keyword === "minItems") return { message: `${key} must not be an empty list`, hint: "add at least one entry or remove the keyword" };
  return { message: `${key} is not valid JSON Schema 2020-12 (${e.keyword})`, hint: "see https://json-schema.org/draft/2020-12 for this keyword" };
}

/** The `type` keyword of the schema node at a pointer (for hints). */
function typeAtPointer(schema: unknown, pointer: readonly (string | number)[]): unknown {
  let node: unknown = schema;
  for (const key of pointer) node = isSchemaObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined;
  return isSchemaObject(node) ? node["type"] : undefined;
}

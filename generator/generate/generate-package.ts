import { readFileSync } from "node:fs";
import { basename, relative, resolve } from "node:path";
import { buildPackage } from "../compile/build-package.js";
import { directBuild } from "../compile/direct-build.js";
import { type CompileCache, compileInMemory } from "../compile/compile.js";
import { hasErrors, sortDiagnostics } from "../diagnostics/diagnostic.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { formatDiagnosticText, formatDiagnosticsText } from "../diagnostics/format.js";
import { emitClientModule } from "../emit/client/client-module.js";
import { emitHandlersModule } from "../emit/server/handlers-module.js";
import { emitSchemasModule } from "../emit/server/schemas-module.js";
import { emitServerModule } from "../emit/server/server-module.js";
import { emitTestingModule } from "../emit/server/testing-module.js";
import { provenanceHeader } from "../emit/provenance.js";
import { UserError } from "../errors.js";
import type { Manifest } from "../manifest/ir.js";
import { positionEmitterFindings, schemaOrigins } from "../manifest/emitter-positions.js";
import { type LoadTextOptions, loadManifest } from "../manifest/load.js";
import { sha256 } from "../spec-schema/sync.js";
import { asEmitted, formatsPackage, formatTypeScript as formatCode } from "./format-code.js";
import { defaultPackageName, indexModule, packageJson, readme } from "./package-files.js";

export interface GenerateOptions {
  /** Output folder of the package. */
  readonly outDir: string;
  /** npm package name (default: `<server name>-mcp`). */
  readonly packageName?: string;
  /** A load of `manifestPath` without errors, done by the caller (`mcp-gen dev` loads first to report like validate). */
  readonly loaded?: { readonly manifest: Manifest; readonly diagnostics: Diagnostic[] };
  /** Parsed disk files kept warm between runs of a long-lived caller (`mcp-gen dev`). */
  readonly compileCache?: CompileCache;
  /** Formats each module (default formatTypeScript); `mcp-gen dev` memoizes it. Must return formatTypeScript's bytes. */
  readonly format?: (code: string) => Promise<string>;
  /** `typescript` skips the direct build (direct-build.ts): what the tests compare it with. */
  readonly builder?: "direct" | "typescript";
}

export interface GeneratedPackage {
  readonly manifest: Manifest;
  /** Every file of the package by relative path: sources, compiled dist/, package.json, README. */
  readonly files: Map<string, string>;
  /** The loader's and the emitter's warnings, each with its manifest file:line:col. */
  readonly warnings: readonly Diagnostic[];
  /**
   * How dist/ was built: without TypeScript (directBuild), by TypeScript without a type checker
   * (buildPackage), or by a type-checking program (compileInMemory).
   */
  readonly build: "direct" | "isolated" | "checked";
}

/** Loads a manifest or throws a UserError carrying every diagnostic, formatted. */
export async function loadManifestOrThrow(path: string, options: LoadTextOptions = {}): Promise<{ manifest: Manifest; diagnostics: Diagnostic[] }> {
  const { manifest, diagnostics } = await loadManifest(path, options);
  if (!manifest || hasErrors(diagnostics)) {
    const text = (() => {
      try {
        return readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
    })();
    const report = formatDiagnosticsText(diagnostics, { sources: text === undefined ? new Map() : new Map([[path, text]]) });
    throw new UserError("MCPGEN0501", `the manifest has errors:\n${report.trimEnd()}`, "fix them (see `mcp-gen validate`), then generate again");
  }
  return { manifest, diagnostics };
}

/**
 * `mcp-gen generate`: manifest → IR → emitted TypeScript → type-checked, compiled package.
 * Pure with respect to the output folder: returns the file set; writing is the caller's.
 */
export async function generatePackage(manifestPath: string, options: GenerateOptions): Promise<GeneratedPackage> {
  const { manifest, diagnostics } = options.loaded ?? (await loadManifestOrThrow(manifestPath));
  const warnings: Diagnostic[] = [...diagnostics];
  const outDir = resolve(options.outDir);
  const manifestBytes = readFileSync(manifestPath);
  const manifestHash = sha256(manifestBytes);
  const manifestName = relative(outDir, resolve(manifestPath)).split("\\").join("/") || basename(manifestPath);
  const packageName = options.packageName ?? defaultPackageName(manifest);
  const header = (what: string) =>
    provenanceHeader(what, [
      { label: "manifest", value: manifestName },
      { label: "manifest sha256", value: manifestHash },
      { label: "protocol revisions", value: manifest.revisions.join(", ") },
    ]);

  const schemas = emitSchemasModule(manifest, header(`zod schemas and types of server ${manifest.server.name}.`));
  const emitted = positionEmitterFindings(manifestPath, manifestBytes.toString("utf8"), schemaOrigins(manifest, schemas.roots), schemas.diagnostics);
  const schemaErrors = emitted.filter((d) => d.severity === "error");
  if (schemaErrors.length > 0) {
    throw new UserError(
      "MCPGEN0502",
      `a schema in the manifest uses constructs that cannot be expressed exactly:\n${schemaErrors.map((d) => `  ${formatDiagnosticText(d)}`).join("\n")}`,
    );
  }
  warnings.push(...emitted.filter((d) => d.severity === "warning"));
  const client = emitClientModule(manifest, header(`Typed client of ${manifest.server.name}.`), schemas.names);
  // A pulled manifest is someone else's server: there is nothing to implement or serve.
  const serverSide = manifest.pulled
    ? undefined
    : {
        handlers: emitHandlersModule(manifest, header(`Handler interface of server ${manifest.server.name}: implement it.`), schemas.names),
        server: emitServerModule(manifest, header(`Server factory of ${manifest.server.name}.`), schemas.names),
        testing: emitTestingModule(manifest, header(`In-memory test client of ${manifest.server.name}.`)),
      };
  // index.ts re-exports what each module recorded as exported, nothing read back from code.
  const index = indexModule(header(`Entry point of ${packageName}.`), [
    ...(serverSide ? [{ module: "server" as const, exports: serverSide.server.exports }, { module: "handlers" as const, exports: serverSide.handlers.exports }] : []),
    { module: "client", exports: client.exports, lazy: serverSide !== undefined },
    { module: "schemas", exports: schemas.names.exports() },
    ...(serverSide ? [{ module: "testing" as const, exports: serverSide.testing.exports, lazy: true }] : []),
  ]);

  const emittedModules = [schemas.code, index, client.code, ...(serverSide ? [serverSide.handlers.code, serverSide.server.code, serverSide.testing.code] : [])];
  const formatTypeScript = formatsPackage(emittedModules) ? (options.format ?? formatCode) : async (code: string) => asEmitted(code);
  const sources = new Map([
    ["src/schemas.ts", await formatTypeScript(schemas.code)],
    ...(serverSide
      ? ([
          ["src/handlers.ts", await formatTypeScript(serverSide.handlers.code)],
          ["src/server.ts", await formatTypeScript(serverSide.server.code)],
        ] as const)
      : []),
    ["src/client.ts", await formatTypeScript(client.code)],
    ["src/index.ts", await formatTypeScript(index)],
    ...(serverSide ? ([["src/testing.ts", await formatTypeScript(serverSide.testing.code)]] as const) : []),
  ]);
  // Built without a checker where every export has a type. `mcp-gen dev` still gets the program
  // its deferred type check needs (compileCache), built but not emitted.
  const overrides = new Map(schemas.declarationCode === undefined ? [] : [["src/schemas.ts", schemas.declarationCode]]);
  const direct = options.builder === "typescript" ? undefined : directBuild(sources, overrides);
  const isolated = direct ?? buildPackage(outDir, sources, overrides);
  if (isolated && options.compileCache) compileInMemory(outDir, sources, "src", "dist", options.compileCache, false);
  const compiled = isolated ?? compileInMemory(outDir, sources, "src", "dist", options.compileCache);
  if (compiled.errors.length > 0) {
    // Generated code that does not type-check is a bug in mcp-gen, not in the user's input.
    throw new Error(`generated code does not type-check:\n${compiled.errors.join("\n")}`);
  }
  const files = new Map<string, string>([
    ["package.json", packageJson(manifest, packageName, manifestHash)],
    ["README.md", readme(manifest, packageName, manifestName)],
    ...sources,
    ...compiled.outputs,
  ]);
  return { manifest, files: new Map([...files].sort(([a], [b]) => a.localeCompare(b))), warnings: sortDiagnostics(warnings), build: direct ? "direct" : isolated ? "isolated" : "checked" };
}

import { join, resolve } from "node:path";
import type ts from "typescript";
import { PACKAGE_ROOT } from "../paths.js";
import { typescript } from "./typescript.js";

/**
 * Packages generated code imports. A package may be generated where they are not installed yet
 * (the user installs after generating), so for type-checking they fall back to mcp-gen's own copies.
 */
const FALLBACK_PACKAGES = new Set(["zod", "@mcp-gen/runtime"]);

/** `@mcp-gen/runtime/server` → `@mcp-gen/runtime`; `zod/v4` → `zod` (subpath imports fall back with their package). */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

export interface CompileResult {
  /** Emitted `.js` and `.d.ts` files by path relative to the package root. */
  readonly outputs: Map<string, string>;
  /** Type errors, formatted `file(line,col): message`; empty when the sources type-check. */
  readonly errors: string[];
}

/**
 * Kept between compiles by a long-running caller (`mcp-gen dev`): the files parsed from disk
 * (TypeScript's lib, zod's and the runtime's .d.ts), which do not change during a session, and
 * the last program, so a warm compile re-parses only the generated sources.
 */
export interface CompileCache {
  readonly diskFiles: Map<string, ts.SourceFile>;
  program?: ts.Program;
  /**
   * Emit without the type check (`noCheck`: the same bytes for code that type-checks); the
   * caller checks `program` afterwards, off its critical path (`mcp-gen dev`, after the restart).
   */
  readonly deferTypeCheck?: boolean;
}

export function createCompileCache(deferTypeCheck = false): CompileCache {
  return { diskFiles: new Map(), deferTypeCheck };
}

const compilerOptions = (ts: typeof import("typescript")): ts.CompilerOptions => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  declaration: true,
  skipLibCheck: true,
  esModuleInterop: true,
  newLine: ts.NewLineKind.LineFeed,
  removeComments: false,
  types: [],
});

/**
 * Type-checks and compiles generated TypeScript sources held in memory (TypeScript 6
 * compiler API), as if they lived at `packageDir/<srcDir>/…`. Imports of `zod` and
 * `@mcp-gen/runtime` resolve through the real node_modules above `packageDir`. With `emit` false
 * it only builds the program (into `cache`, for a deferred check of what buildPackage built).
 */
export function compileInMemory(packageDir: string, sources: ReadonlyMap<string, string>, srcDir = "src", outDir = "dist", cache?: CompileCache, emit = true): CompileResult {
  const ts = typescript();
  const root = resolve(packageDir);
  const virtual = new Map<string, string>();
  for (const [path, text] of sources) virtual.set(join(root, path), text);
  const options: ts.CompilerOptions = { ...compilerOptions(ts), rootDir: join(root, srcDir), outDir: join(root, outDir), ...(cache?.deferTypeCheck ? { noCheck: true } : {}) };
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => virtual.get(resolve(file)) ?? readFile(file);
  host.fileExists = (file) => virtual.has(resolve(file)) || fileExists(file);
  // Virtual folders do not exist on disk; module resolution asks about them.
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) => {
    const prefix = resolve(dir) + "/";
    return [...virtual.keys()].some((file) => file.startsWith(prefix)) || (directoryExists ? directoryExists(dir) : false);
  };
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(resolve(file));
    if (text !== undefined) return ts.createSourceFile(file, text, languageVersion, true);
    const cached = cache?.diskFiles.get(file);
    if (cached) return cached;
    const parsed = getSourceFile(file, languageVersion, onError, shouldCreate);
    if (parsed && cache) cache.diskFiles.set(file, parsed);
    return parsed;
  };
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, containingSourceFile) =>
    literals.map((literal) => {
      const name = literal.text;
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
      const found = ts.resolveModuleName(name, containingFile, compilerOptions, host, undefined, redirected, mode);
      if (found.resolvedModule || !FALLBACK_PACKAGES.has(packageOf(name))) return found;
      return ts.resolveModuleName(name, join(PACKAGE_ROOT, "index.ts"), compilerOptions, host, undefined, redirected, mode);
    });
  const outputs = new Map<string, string>();
  host.writeFile = (file, text) => {
    outputs.set(resolve(file).slice(root.length + 1).split("\\").join("/"), text);
  };
  // A package.json with "type": "module" must be visible for NodeNext to treat .ts as ESM.
  if (!virtual.has(join(root, "package.json"))) virtual.set(join(root, "package.json"), JSON.stringify({ type: "module" }));
  const rootNames = [...sources.keys()].filter((p) => p.endsWith(".ts")).map((p) => join(root, p)).sort();
  const program = ts.createProgram({ rootNames, options, host, ...(cache?.program ? { oldProgram: cache.program } : {}) });
  if (cache) cache.program = program;
  const diagnostics = [...ts.getPreEmitDiagnostics(program)];
  const errors = diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName.slice(root.length + 1)}(${line + 1},${character + 1}): ${message}`;
  });
  if (errors.length === 0 && emit) program.emit();
  return { outputs: new Map([...outputs].sort(([a], [b]) => a.localeCompare(b))), errors };
}

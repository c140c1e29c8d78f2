import { join, resolve } from "node:path";
import type ts from "typescript";
import type { CompileResult } from "./compile.js";
import { declarationSkeleton } from "./declaration-skeleton.js";
import { stripTypes } from "./strip-types.js";
import { typescript } from "./typescript.js";

/**
 * DECISION (measured, bench `scale-gen`, docs/generator-scale.md): `generate` builds the package
 * without a type-checking program. A 1,000-tool package took ~12 s of CPU in TypeScript 6, ~8 s
 * of it the type check and ~4.5 s the declaration emit of schemas.ts, which has to infer every
 * `export const XSchema = z.…` chain. Here:
 * - JavaScript is each module with its type syntax cut out (strip-types.ts), or, for a module
 *   that needs a transform, TypeScript's emit from a program with `noCheck`, `noLib` and
 *   `noResolve` (the emit needs no types);
 * - declarations come from such a program with `isolatedDeclarations`, over what the `.d.ts`
 *   can depend on (declaration-skeleton.ts): every export of the emitted modules carries its
 *   type, except the zod schema constants, whose exact types the zod emitter writes into a
 *   declarations-only copy of schemas.ts (`declarationOverrides`).
 * The declarations are byte for byte those of the type-checking build, the JavaScript is the same
 * program (test/generate/build-package.test.ts and strip-types.test.ts compare both on every
 * golden scenario, example and fixture). Whether the generated code type-checks is
 * checked by the tests and by `tsc --noEmit` of the package (bench `scale-gen`), not on every
 * `generate`.
 *
 * Returns undefined when a module cannot get its declarations this way (an export without a
 * type, e.g. a zod construct the emitter does not model); the caller then uses compileInMemory.
 */
export function buildPackage(
  packageDir: string,
  sources: ReadonlyMap<string, string>,
  declarationOverrides: ReadonlyMap<string, string>,
  srcDir = "src",
  outDir = "dist",
): CompileResult | undefined {
  const ts = typescript();
  const root = resolve(packageDir);
  const base: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    noLib: true,
    noResolve: true,
    noCheck: true,
    // Without it the JS emit asks the checker about every property access (const enum inlining).
    isolatedModules: true,
    types: [],
    newLine: ts.NewLineKind.LineFeed,
    removeComments: false,
    rootDir: join(root, srcDir),
    outDir: join(root, outDir),
  };
  const parsed = new Map<string, ts.SourceFile>();
  // Both programs share the parse of every module that has no override.
  const parse = (file: string, text: string) => {
    let source = parsed.get(file);
    if (source === undefined || source.text !== text) {
      source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false);
      parsed.set(file, source);
    }
    return source;
  };
  const outputs = new Map<string, string>();
  const program = (options: ts.CompilerOptions, files: ReadonlyMap<string, string>): ts.Program => {
    const host = ts.createCompilerHost(options, false);
    host.getSourceFile = (file) => {
      const text = files.get(resolve(file));
      return text === undefined ? undefined : parse(resolve(file), text);
    };
    host.fileExists = (file) => files.has(resolve(file));
    host.readFile = (file) => files.get(resolve(file));
    host.writeFile = (file, text) => outputs.set(resolve(file).slice(root.length + 1).split("\\").join("/"), text);
    return ts.createProgram({ rootNames: [...files.keys()].sort(), options, host });
  };
  const modules = [...sources].filter(([path]) => path.endsWith(".ts"));
  const js = program(base, new Map(modules.map(([path, text]) => [join(root, path), text] as const)));
  const errors = js.getSyntacticDiagnostics().map((d) => format(ts, d, root));
  const skeletons = new Map<string, string>();
  for (const [path] of modules) {
    const source = js.getSourceFile(join(root, path))!;
    const stripped = stripTypes(source);
    if (stripped === undefined) js.emit(source);
    else outputs.set(`${outDir}/${path.slice(srcDir.length + 1).replace(/\.ts$/, ".js")}`, stripped);
    skeletons.set(join(root, path), declarationOverrides.get(path) ?? declarationSkeleton(source));
  }
  const declarations = program({ ...base, declaration: true, emitDeclarationOnly: true, isolatedDeclarations: true }, skeletons).emit();
  if (declarations.diagnostics.length > 0 || declarations.emitSkipped) return undefined;
  return { outputs: new Map([...outputs].sort(([a], [b]) => a.localeCompare(b))), errors };
}

function format(ts: typeof import("typescript"), d: ts.Diagnostic, root: string): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
  if (!d.file || d.start === undefined) return message;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${d.file.fileName.slice(root.length + 1)}(${line + 1},${character + 1}): ${message}`;
}

import type { CompileResult } from "./compile.js";
import { ModuleWalker } from "./direct/module.js";
import { UNSUPPORTED, scan } from "./direct/scanner.js";

/**
 * DECISION (measured, bench `scale-gen`, docs/generator-scale.md "Session 6"): `generate` builds
 * dist/ without loading TypeScript. For a 1,000-tool package, loading TypeScript, parsing the
 * 2.4 MB of sources and printing 1 MB of declarations (build-package.ts) cost ~2.7 s of the
 * process's ~4.6 s of CPU. The emitters annotate every export (schemas.ts has the zod emitter's
 * declarations-only copy, `declarationOverrides`), so one walk of each module's tokens
 * (direct/) both cuts the type syntax out, as strip-types.ts does, and copies each export's
 * declared type into the `.d.ts`.
 * The JavaScript is strip-types.ts's, byte for byte; the declarations are TypeScript's, up to
 * layout (each type is written as the source spells it): test/generate/direct-build.test.ts
 * compares both on every golden scenario, example, fixture and emitter scenario.
 *
 * Returns undefined when a module has syntax the walk does not handle, or an export whose type
 * only a checker infers (today `authDeclaration = {…} satisfies AuthDeclaration` of a manifest
 * with `auth`); the caller then uses buildPackage, and compileInMemory after it.
 */
export function directBuild(sources: ReadonlyMap<string, string>, declarationOverrides: ReadonlyMap<string, string>, srcDir = "src", outDir = "dist"): CompileResult | undefined {
  const outputs = new Map<string, string>();
  try {
    for (const [path, text] of sources) {
      if (!path.endsWith(".ts") || !path.startsWith(`${srcDir}/`)) continue;
      const base = `${outDir}/${path.slice(srcDir.length + 1, -".ts".length)}`;
      const module = new ModuleWalker(text, scan(text)).walk();
      outputs.set(`${base}.js`, module.javaScript());
      const override = declarationOverrides.get(path);
      const declarations = override === undefined ? module : new ModuleWalker(override, scan(override)).walk();
      outputs.set(`${base}.d.ts`, declarations.declarationFile());
    }
  } catch (error) {
    if (error === UNSUPPORTED) return undefined;
    throw error;
  }
  return { outputs: new Map([...outputs].sort(([a], [b]) => a.localeCompare(b))), errors: [] };
}

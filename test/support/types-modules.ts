import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { TMP_DIR } from "./tmp.js";
import { generateTypesModule } from "../../generator/emit/types/types-module.js";

export { TMP_DIR };

const loaded = new Map<string, Promise<Record<string, any>>>();

/** Writes the `mcp-gen types` module of a revision to test/.tmp/types/<rev>.ts and returns its path. */
export function writeTypesModule(revision: string, dir = join(TMP_DIR, "types")): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${revision}.ts`);
  writeFileSync(path, generateTypesModule(revision).code);
  return path;
}

/** Generates, transpiles (no type check; see the tsc test) and imports a revision's types module. */
export function importTypesModule(revision: string): Promise<Record<string, any>> {
  let module = loaded.get(revision);
  if (!module) {
    const dir = join(TMP_DIR, "types-js");
    mkdirSync(dir, { recursive: true });
    const js = ts.transpileModule(generateTypesModule(revision).code, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const path = join(dir, `${revision}.mjs`);
    writeFileSync(path, js);
    module = import(pathToFileURL(path).href) as Promise<Record<string, any>>;
    loaded.set(revision, module);
  }
  return module;
}

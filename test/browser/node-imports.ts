// Walks the static import graph of a built ES module (relative imports only) and lists every
// Node built-in it reaches, with the module that imports it: what a browser cannot resolve.
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, relative, resolve } from "node:path";

const IMPORT = /(?:^|[\s;])(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export interface NodeImport {
  readonly module: string;
  readonly builtin: string;
  readonly dynamic: boolean;
}

export function nodeImportsOf(entryFile: string, relativeTo: string): NodeImport[] {
  const seen = new Set<string>();
  const found: NodeImport[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier));
      else if (specifier.startsWith("node:") || builtinModules.includes(specifier)) {
        found.push({ module: relative(relativeTo, file), builtin: specifier, dynamic: match[2] !== undefined });
      }
    }
  };
  visit(entryFile);
  return found.sort((a, b) => a.module.localeCompare(b.module) || a.builtin.localeCompare(b.builtin));
}

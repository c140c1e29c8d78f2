// The static import graph of the repository's TypeScript sources, read with the TypeScript
// compiler's own pre-processor (every `import`, `import type`, `export … from` and `import()`).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (entry.endsWith(".ts") && !entry.endsWith(".d.ts")) out.push(full);
  }
  return out.sort();
}

/** Relative import specifiers of one file, resolved to source paths (`.js` → `.ts`). */
export function relativeImports(file: string, text: string = readFileSync(file, "utf8")): string[] {
  const info = ts.preProcessFile(text, true, true);
  const targets: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith(".")) continue;
    targets.push(path.resolve(path.dirname(file), ref.fileName.replace(/\.js$/, ".ts")));
  }
  return targets;
}

export type Graph = Map<string, string[]>;

export function importGraph(roots: readonly string[], override?: ReadonlyMap<string, string>): Graph {
  const graph: Graph = new Map();
  for (const root of roots) {
    for (const file of sourceFiles(root)) graph.set(file, relativeImports(file, override?.get(file)));
  }
  for (const [file, text] of override ?? []) if (!graph.has(file)) graph.set(file, relativeImports(file, text));
  return graph;
}

/** Every strongly connected component with more than one file, or a file importing itself (Tarjan). */
export function importCycles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

// The chunk layout of the runtime bundle (packages/runtime/scripts/bundle.js + merge-chunks.js):
// few files on a server's start path (each ES module costs Node a resolution, a read and a
// compile of its own), and still one copy of every compiled module across all subpaths.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { mergeChunks, type Metafile } from "../../packages/runtime/scripts/merge-chunks.js";
import { REPO } from "./import-graph.js";

const BUNDLE = path.join(REPO, "packages/runtime/dist/bundle");
const LISTER = path.join(REPO, "test/architecture/fixtures/list-modules.mjs");
const START = path.join(REPO, "test/architecture/fixtures/server-start.mjs");

interface Output {
  entryPoint?: string;
  imports: { path: string; kind: string; external?: boolean }[];
  inputs: Record<string, unknown>;
}
const outputs = (): Record<string, Output> => {
  const file = path.join(BUNDLE, "metafile.json");
  expect(existsSync(file), `${file} exists (npm run build)`).toBe(true);
  return (JSON.parse(readFileSync(file, "utf8")) as { outputs: Record<string, Output> }).outputs;
};

describe("runtime bundle layout", () => {
  it("holds each compiled module in exactly one file (one class across subpaths)", () => {
    const owner = new Map<string, string[]>();
    for (const [out, meta] of Object.entries(outputs())) {
      if (!out.endsWith(".js")) continue;
      for (const input of Object.keys(meta.inputs)) owner.set(input, [...(owner.get(input) ?? []), out]);
    }
    expect(owner.size).toBeGreaterThan(100);
    expect([...owner].filter(([, outs]) => outs.length > 1)).toEqual([]);
  });

  it("every file the metafile names exists and every chunk import it records resolves to one of them", () => {
    const all = outputs();
    for (const [out, meta] of Object.entries(all)) {
      if (!out.endsWith(".js")) continue;
      const file = path.join(BUNDLE, out.replace(/^.*?\/bundle[^/]*\//, ""));
      expect(existsSync(file), file).toBe(true);
      for (const imported of meta.imports) if (!imported.external && imported.kind === "import-statement") expect(all[imported.path], `${out} → ${imported.path}`).toBeDefined();
    }
  });

  it("a generated server's start (./node + its index) loads at most 6 runtime files", () => {
    expect(existsSync(path.join(REPO, "examples/notes/generated/dist/index.js")), "npm run examples").toBe(true);
    const urls = JSON.parse(execFileSync(process.execPath, [LISTER, pathToFileURL(START).href], { encoding: "utf8", timeout: 30_000 })) as string[];
    const runtime = urls.filter((u) => u.startsWith(pathToFileURL(BUNDLE).href + "/"));
    expect(runtime.map((u) => u.slice(pathToFileURL(BUNDLE).href.length + 1))).toEqual(expect.arrayContaining(["server-entry.js", "node-entry.js"]));
    // esbuild alone split the same code over 14 files (one chunk per set of subpaths sharing it).
    expect(runtime.length).toBeLessThanOrEqual(6);
  });
});

describe("merge-chunks refuses a merge it cannot do faithfully", () => {
  // Two chunks that ./core reaches (so both belong to the "core" group), as esbuild would describe them.
  const layout = (aExports: string[], bExports: string[]): Metafile => {
    const chunk = (exports: string[]) => ({ imports: [], exports, inputs: {} });
    return {
      outputs: {
        "out/core-entry.js": { entryPoint: "dist/core-entry.js", imports: [{ path: "out/chunks/chunk-A.js", kind: "import-statement" }, { path: "out/chunks/chunk-B.js", kind: "import-statement" }], exports: [], inputs: {} },
        "out/chunks/chunk-A.js": chunk(aExports),
        "out/chunks/chunk-B.js": chunk(bExports),
      },
    };
  };

  it("two members exporting one name (export * would drop it)", async () => {
    await expect(mergeChunks(layout(["x", "y"], ["y"]), REPO, {})).rejects.toThrow("both export 'y'; group 'core' cannot merge them");
  });
});

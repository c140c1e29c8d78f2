// Runtime subpaths (issue 10 item 6): which modules each entry really loads, measured by the
// module list Node reports to loader hooks (not by time).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO } from "./import-graph.js";

const DIST = path.join(REPO, "packages/runtime/dist");
const LISTER = path.join(REPO, "test/architecture/fixtures/list-modules.mjs");

function modulesLoadedBy(entry: string): string[] {
  const file = path.join(DIST, entry);
  expect(existsSync(file), `${file} is built (npm run build)`).toBe(true);
  const out = execFileSync(process.execPath, [LISTER, pathToFileURL(file).href], { encoding: "utf8", timeout: 30_000 });
  return JSON.parse(out) as string[];
}

const distUrl = pathToFileURL(DIST).href;
const under = (urls: readonly string[], folder: string): string[] => urls.filter((u) => u.startsWith(`${distUrl}/${folder}/`));

describe("runtime subpaths load only what they need", () => {
  it("the client subpath loads the client (so the lister sees what it should)", () => {
    const urls = modulesLoadedBy("client-entry.js");
    expect(under(urls, "client").length).toBeGreaterThan(5);
    expect(under(urls, "server")).toEqual([]);
  });

  it("the server subpath never loads a client module", () => {
    const urls = modulesLoadedBy("server-entry.js");
    expect(under(urls, "server").length).toBeGreaterThan(5);
    expect(under(urls, "client")).toEqual([]);
  });

  it("the core subpath is runtime-neutral: no node: builtin, no transport, engine or client", () => {
    const urls = modulesLoadedBy("core-entry.js");
    expect(under(urls, "core").length).toBeGreaterThan(5);
    expect(urls.filter((u) => u.startsWith("node:"))).toEqual([]);
    expect(urls.filter((u) => u.startsWith(distUrl) && !u.startsWith(`${distUrl}/core/`))).toEqual([`${distUrl}/core-entry.js`]);
  });
});

describe("a generated server package loads its client on first use", () => {
  const listFor = (file: string): string[] => {
    expect(existsSync(file), `${file} is generated and built (npm run examples)`).toBe(true);
    return JSON.parse(execFileSync(process.execPath, [LISTER, pathToFileURL(file).href], { encoding: "utf8", timeout: 30_000 })) as string[];
  };

  it("importing its index loads the runtime's server bundle, not the client runtime or JOSE", () => {
    const urls = listFor(path.join(REPO, "examples/notes/generated/dist/index.js"));
    const bundle = `${distUrl}/bundle/`;
    expect(urls.filter((u) => u.endsWith("/generated/dist/server.js"))).toHaveLength(1);
    expect(urls).toContain(`${bundle}server-entry.js`);
    expect(urls.filter((u) => u === `${bundle}client-entry.js` || u.endsWith("/generated/dist/client.js"))).toEqual([]);
    expect(urls.filter((u) => u.includes("/node_modules/jose/"))).toEqual([]);
    // Packages resolve to the bundle only: no compiled module of dist/ is loaded one by one.
    expect(urls.filter((u) => u.startsWith(`${distUrl}/`) && !u.startsWith(bundle))).toEqual([]);
  });
});

describe("the bundles package.json exports point at (packages/runtime/scripts/bundle.js)", () => {
  interface Metafile {
    outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
  }
  const metafilePath = path.join(DIST, "bundle/metafile.json");
  const metafile = (): Metafile => {
    expect(existsSync(metafilePath), `${metafilePath} exists (npm run build)`).toBe(true);
    return JSON.parse(readFileSync(metafilePath, "utf8")) as Metafile;
  };
  /** Every compiled module (relative to dist/) that loading `entry`'s bundle evaluates, through its static chunk imports. */
  const inputsOf = (entry: string): string[] => {
    const { outputs } = metafile();
    const root = Object.keys(outputs).find((out) => outputs[out]!.entryPoint?.endsWith(`dist/${entry}`));
    expect(root, `a bundle output for dist/${entry}`).toBeDefined();
    const seen = new Set<string>();
    const visit = (out: string): void => {
      if (seen.has(out)) return;
      seen.add(out);
      for (const imported of outputs[out]!.imports) if (imported.kind === "import-statement" && outputs[imported.path]) visit(imported.path);
    };
    visit(root!);
    return [...seen].flatMap((out) => Object.keys(outputs[out]!.inputs)).map((input) => input.replace(/^(.*packages\/runtime\/)?dist\//, ""));
  };

  it("each export has a bundle, built from its compiled entry", () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, "packages/runtime/package.json"), "utf8")) as { exports: Record<string, { default: string }> };
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      expect(target.default, subpath).toMatch(/^\.\/dist\/bundle\//);
      expect(existsSync(path.join(REPO, "packages/runtime", target.default)), `${subpath} → ${target.default}`).toBe(true);
    }
  });

  it("the server bundle holds no client module; the client bundle no server module; the core bundle only core", () => {
    const server = inputsOf("server-entry.js");
    expect(server.filter((m) => m.startsWith("server/")).length).toBeGreaterThan(5);
    expect(server.filter((m) => m.startsWith("client/"))).toEqual([]);
    const client = inputsOf("client-entry.js");
    expect(client.filter((m) => m.startsWith("client/")).length).toBeGreaterThan(5);
    expect(client.filter((m) => m.startsWith("server/"))).toEqual([]);
    expect(inputsOf("core-entry.js").filter((m) => !m.startsWith("core/") && m !== "core-entry.js")).toEqual([]);
  });
});

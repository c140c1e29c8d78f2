// Runtime subpaths (issue 10 item 6): which modules each entry really loads, measured by the
// module list Node reports to loader hooks (not by time).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
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

  it("importing its index loads the server, not the client runtime or JOSE", () => {
    const urls = listFor(path.join(REPO, "examples/notes/generated/dist/index.js"));
    expect(under(urls, "server").length).toBeGreaterThan(5);
    expect(urls.filter((u) => u.endsWith("/generated/dist/server.js"))).toHaveLength(1);
    expect(under(urls, "client")).toEqual([]);
    expect(urls.filter((u) => u.includes("/node_modules/jose/") || u.endsWith("/generated/dist/client.js"))).toEqual([]);
  });
});

// How `mcp-gen init` picks the scaffold's mcp-gen and @mcp-gen/runtime specifiers: from the
// lockfile npm wrote for the tree mcp-gen is installed in (file: tarball or folder → that path,
// absolute; registry URL or nothing recorded → ^version), from a checkout (paths into it), or
// from an explicit --packages folder. Fake install trees under test/.tmp; no npm runs here.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { dependenciesFromPacks, isCheckout, scaffoldDependencies, specifierFor } from "../../generator/commands/init-deps.js";
import { UserError } from "../../generator/errors.js";
import { TMP_DIR } from "../support/tmp.js";

const REPO = resolve(import.meta.dirname, "..", "..");
const ROOT = join(TMP_DIR, "init-deps");

function tree(name: string, lock: Record<string, { version: string; resolved?: string }>, hidden = true): string {
  const dir = join(ROOT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "node_modules", "mcp-gen"), { recursive: true });
  const file = hidden ? join(dir, "node_modules", ".package-lock.json") : join(dir, "package-lock.json");
  writeFileSync(file, JSON.stringify({ lockfileVersion: 3, packages: lock }));
  return dir;
}

beforeEach(() => mkdirSync(ROOT, { recursive: true }));

describe("specifierFor", () => {
  it("a relative file: tarball in the hidden lockfile becomes an absolute file: path", () => {
    const dir = tree("tarball", { "node_modules/mcp-gen": { version: "0.1.0", resolved: "file:../packs/mcp-gen-0.1.0.tgz" } });
    expect(specifierFor(join(dir, "node_modules", "mcp-gen"), "0.1.0")).toBe(`file:${join(ROOT, "packs", "mcp-gen-0.1.0.tgz")}`);
  });

  it("an absolute file: path is kept; the project's package-lock.json is read when there is no hidden one", () => {
    const dir = tree("absolute", { "node_modules/mcp-gen": { version: "0.1.0", resolved: "file:/opt/packs/mcp-gen-0.1.0.tgz" } }, false);
    expect(specifierFor(join(dir, "node_modules", "mcp-gen"), "0.1.0")).toBe("file:/opt/packs/mcp-gen-0.1.0.tgz");
  });

  it("a nested package is looked up under its full node_modules key", () => {
    const dir = tree("nested", {
      "node_modules/mcp-gen": { version: "0.1.0", resolved: "https://registry.example/mcp-gen-0.1.0.tgz" },
      "node_modules/mcp-gen/node_modules/@mcp-gen/runtime": { version: "0.1.0", resolved: "file:rt.tgz" },
    });
    expect(specifierFor(join(dir, "node_modules", "mcp-gen", "node_modules", "@mcp-gen", "runtime"), "0.1.0")).toBe(`file:${join(dir, "rt.tgz")}`);
    expect(specifierFor(join(dir, "node_modules", "mcp-gen"), "0.1.0")).toBe("^0.1.0");
  });

  it("no lockfile entry, or no node_modules at all, means the registry", () => {
    const dir = tree("empty", {});
    expect(specifierFor(join(dir, "node_modules", "mcp-gen"), "2.3.4")).toBe("^2.3.4");
    expect(specifierFor(join(ROOT, "not-installed"), "2.3.4")).toBe("^2.3.4");
  });
});

describe("scaffoldDependencies", () => {
  it("run from this checkout: paths into it for both packages and the checkout's schema file", () => {
    expect(isCheckout(REPO)).toBe(true);
    const deps = scaffoldDependencies(REPO);
    expect(deps).toEqual({
      kind: "checkout",
      cli: `file:${join(REPO, "packages", "cli")}`,
      runtime: `file:${join(REPO, "packages", "runtime")}`,
      schemaPath: join(REPO, "schema", "manifest.schema.json"),
    });
  });

  it("--packages names both tarballs of a folder, or says which is missing", () => {
    const packs = join(ROOT, "packs");
    rmSync(packs, { recursive: true, force: true });
    mkdirSync(packs, { recursive: true });
    writeFileSync(join(packs, "mcp-gen-9.9.9.tgz"), "");
    expect(() => dependenciesFromPacks(packs, "9.9.9")).toThrow(UserError);
    expect(() => dependenciesFromPacks(packs, "9.9.9")).toThrow(/no mcp-gen-runtime-9\.9\.9\.tgz/);
    writeFileSync(join(packs, "mcp-gen-runtime-9.9.9.tgz"), "");
    expect(dependenciesFromPacks(packs, "9.9.9")).toEqual({
      kind: "local",
      cli: `file:${join(packs, "mcp-gen-9.9.9.tgz")}`,
      runtime: `file:${join(packs, "mcp-gen-runtime-9.9.9.tgz")}`,
      schemaPath: "node_modules/mcp-gen/schema/manifest.schema.json",
    });
  });
});

// index.ts of a generated package is built from the exports each module recorded while it was
// emitted. Checked here against the emitted code itself (the golden scenarios): every name a
// module exports is re-exported by index.ts, and index.ts re-exports nothing else. The client
// and test-client functions of a server package are re-exported as wrappers that load their
// module on first call (package-files.ts); they count as re-exports of that module. Of schemas.ts
// only the types are re-exported: its zod values are the package's `./schemas` subpath.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SCENARIOS = resolve(import.meta.dirname, "..", "scenarios");
const MODULES = ["schemas", "handlers", "server", "client", "testing"];

function declaredExports(code: string, kinds = "interface|type|const|function|class"): string[] {
  const declared = [...code.matchAll(new RegExp(`^export (?:declare )?(?:async )?(?:${kinds}) (\\w+)`, "gm"))].map((m) => m[1]!);
  const listed = [...code.matchAll(/^export (?:type )?\{([^}]+)\}(?! from)/gm)].flatMap((m) => m[1]!.split(",").map((n) => n.trim()));
  return [...declared, ...listed].sort();
}

function indexExports(index: string): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  for (const m of index.matchAll(/^export (?:type )?\{([^}]+)\} from "\.\/(\w+)\.js";/gm)) {
    const names = m[1]!.split(",").map((n) => n.trim()).filter(Boolean);
    byModule.set(m[2]!, [...(byModule.get(m[2]!) ?? []), ...names].sort());
  }
  // A function index.ts loads its module for on first call (the client and test client of a server package).
  for (const m of index.matchAll(/^export const (\w+): typeof import\("\.\/(\w+)\.js"\)\.(\w+) = async \(\.\.\.args\) =>\s*\(await import\("\.\/(\w+)\.js"\)\)\.(\w+)\(\.\.\.args\);/gm)) {
    // The wrapper names one export, of one module, three times: they must agree.
    expect([m[3], m[5]], `lazy ${m[1]}`).toEqual([m[1], m[1]]);
    expect(m[4], `lazy ${m[1]}`).toBe(m[2]);
    byModule.set(m[2]!, [...(byModule.get(m[2]!) ?? []), m[1]!].sort());
  }
  return byModule;
}

const scenarios = readdirSync(SCENARIOS).filter((name) => name.startsWith("generate-"));

describe.each(scenarios)("index.ts of %s", (scenario) => {
  it("re-exports exactly what each module exports", () => {
    const src = join(SCENARIOS, scenario, "expected", "src");
    // prettier may wrap an export list over several lines; join them for the pattern.
    const index = readFileSync(join(src, "index.ts"), "utf8").replace(/,\n\s*/g, ", ").replace(/\{\n\s*/g, "{ ").replace(/,? ?\n\}/g, " }");
    const reexported = indexExports(index);
    expect([...reexported.keys()].sort()).toEqual([...MODULES].sort());
    for (const module of MODULES) {
      const code = readFileSync(join(src, `${module}.ts`), "utf8");
      expect(reexported.get(module), module).toEqual(module === "schemas" ? declaredExports(code, "interface|type") : declaredExports(code));
    }
    const pkg = JSON.parse(readFileSync(join(SCENARIOS, scenario, "expected", "package.json"), "utf8")) as { exports: Record<string, unknown> };
    expect(pkg.exports["./schemas"]).toEqual({ types: "./dist/schemas.d.ts", default: "./dist/schemas.js" });
  });
});

it("the golden scenarios are found", () => {
  expect(scenarios.length).toBeGreaterThanOrEqual(3);
});

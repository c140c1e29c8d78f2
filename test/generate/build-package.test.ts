// build-package.ts: `generate` builds dist/ without a type checker. Its declarations must be those
// of the type-checking build (compileInMemory) byte for byte, and its JavaScript the same program,
// on every golden scenario, example and fixture, and on a synthesised 50-tool manifest. The
// declarations of schemas.ts come from the zod emitter's exact type annotations, so this also
// checks those annotations against what TypeScript infers.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { scaleManifest } from "../../bench/generator-scale/manifest.js";
import { buildPackage } from "../../generator/compile/build-package.js";
import { compileInMemory } from "../../generator/compile/compile.js";
import { emitZodModule } from "../../generator/emit/zod/module.js";
import { generatePackage } from "../../generator/generate/generate-package.js";
import { loadScenarios, moduleInput } from "../fixtures/emitter/support.js";
import { TMP_DIR } from "../support/tmp.js";
import { jsShape } from "./js-shape.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const WORK = join(TMP_DIR, "build-package");

function scaleManifestFile(): string {
  mkdirSync(WORK, { recursive: true });
  const path = join(WORK, "scale-50.yaml");
  writeFileSync(path, scaleManifest(50));
  return path;
}

const MANIFESTS: readonly (readonly [string, () => string])[] = [
  ...["generate-minimal", "generate-handles", "generate-inputs"].map((name) => [name, () => join(ROOT, "test/scenarios", name, "mcp.yaml")] as const),
  ...["notes", "shop", "config", "secure-notes", "reports", "dashboard"].map((name) => [`examples/${name}`, () => join(ROOT, "examples", name, "mcp.yaml")] as const),
  ["conformance fixture", () => join(ROOT, "test/conformance/server.yaml")],
  ["50 synthetic tools", scaleManifestFile],
];

// A package is built without a checker when every export of its modules has a type. The server
// module of a manifest with `auth` exports `authDeclaration = {…} satisfies AuthDeclaration`,
// whose type only a checker infers: that package takes the type-checking build.
const CHECKED = new Set(["examples/secure-notes"]);

describe.each(MANIFESTS)("dist/ of %s", (name, manifest) => {
  it("has the type-checking build's declarations, byte for byte, and its JavaScript", { timeout: 240_000 }, async () => {
    const outDir = join(WORK, name.replace(/\W+/g, "-"));
    // The TypeScript build (`generate` itself builds without TypeScript: direct-build.test.ts).
    const generated = await generatePackage(manifest(), { outDir, builder: "typescript" });
    expect(generated.build).toBe(CHECKED.has(name) ? "checked" : "isolated");
    const sources = new Map([...generated.files].filter(([path]) => path.startsWith("src/")));
    const checked = compileInMemory(outDir, sources);
    expect(checked.errors).toEqual([]);
    const dist = [...generated.files].filter(([path]) => path.startsWith("dist/"));
    expect(dist.map(([path]) => path)).toEqual([...checked.outputs.keys()]);
    for (const [path, text] of dist) {
      // The checked build is TypeScript's emit; the isolated one cuts the types out (strip-types.ts).
      if (path.endsWith(".js") && generated.build === "isolated") expect(jsShape(path, text), path).toBe(jsShape(path, checked.outputs.get(path)!));
      else expect(text, path).toBe(checked.outputs.get(path));
    }
  });
});

// The emitter scenarios hold every construct the zod emitter writes: where it models each
// declaration's zod type, the declarations built from those annotations are the inferred ones.
// The emitter scenarios hold every construct the zod emitter writes. Where it models the zod type
// of every declaration, the declarations built from its annotations must be the inferred ones.
// Two scenarios hold a construct it does not model (a `__proto__` key; `z.literal([1, 3])`, whose
// union TypeScript may print in another order): their packages use the type-checking build.
const UNMODELLED = new Set(["emitter-const-enum", "emitter-names"]);

describe.each(loadScenarios().map((scenario) => [scenario.name, scenario] as const))("zod type annotations: %s", (name, scenario) => {
  it(UNMODELLED.has(name) ? "has no annotated module (a construct is not modelled)" : "annotated declarations equal the inferred ones", { timeout: 120_000 }, () => {
    const emitted = emitZodModule(moduleInput(scenario));
    expect(emitted.declarationCode === undefined).toBe(UNMODELLED.has(name));
    if (emitted.declarationCode === undefined) return;
    const outDir = join(WORK, name);
    const sources = new Map([["src/schemas.ts", emitted.code]]);
    const built = buildPackage(outDir, sources, new Map([["src/schemas.ts", emitted.declarationCode]]));
    const checked = compileInMemory(outDir, sources);
    expect(checked.errors).toEqual([]);
    expect(built?.outputs.get("dist/schemas.d.ts")).toBe(checked.outputs.get("dist/schemas.d.ts"));
    expect(jsShape("schemas.js", built!.outputs.get("dist/schemas.js")!)).toBe(jsShape("schemas.js", checked.outputs.get("dist/schemas.js")!));
  });
});

describe("buildPackage", () => {
  it("declines a module whose exports lack types (the caller then type-checks), and reports syntax errors", () => {
    const dir = join(WORK, "decline");
    const untyped = new Map([["src/a.ts", `import { z } from "zod";\nexport const A = z.string().optional();\n`]]);
    expect(buildPackage(dir, untyped, new Map())).toBeUndefined();
    const annotated = new Map([["src/a.ts", `import { z } from "zod";\nexport const A: z.ZodOptional<z.ZodString> = z.string().optional();\n`]]);
    const built = buildPackage(dir, untyped, annotated);
    expect(built?.outputs.get("dist/a.d.ts")).toBe(`import { z } from "zod";\nexport declare const A: z.ZodOptional<z.ZodString>;\n`);
    expect(built?.outputs.get("dist/a.js")).toBe(`import { z } from "zod";\nexport const A = z.string().optional();\n`);
    const broken = buildPackage(dir, new Map([["src/b.ts", "export const B: number = (;\n"]]), new Map());
    expect(broken?.errors.join("\n") ?? "declined").toContain("src/b.ts(1,");
  });
});

// The symbol-aware module writer: imports are exactly the symbols the body used, exports are
// recorded (index.ts is built from them), output order never depends on use order.
import { describe, expect, it } from "vitest";
import { ModuleWriter } from "../../generator/emit/module-writer/module-writer.js";
import { RUNTIME } from "../../generator/emit/server/naming.js";

const A = { name: "alpha", from: "pkg", typeOnly: false };
const B = { name: "Beta", from: "pkg", typeOnly: true };
const C = { name: "Gamma", from: "./local.js", typeOnly: true };

describe("ModuleWriter", () => {
  it("imports only what the body used: package first, names in code-unit order, type-only marked", () => {
    const w = new ModuleWriter();
    const body = `const x: ${w.use(C)} = ${w.use(A)}(); type Y = ${w.use(B)};\n`;
    expect(w.render("// header\n", body)).toBe(
      `// header\nimport { type Beta, alpha } from "pkg";\n` +
        `import type { Gamma } from "./local.js";\n\nconst x: Gamma = alpha(); type Y = Beta;\n`,
    );
  });

  it("the same symbols used in another order give the same bytes", () => {
    const one = new ModuleWriter();
    [A, B, C, A].forEach((s) => one.use(s));
    const two = new ModuleWriter();
    [C, B, A].forEach((s) => two.use(s));
    expect(one.render("", "x\n")).toBe(two.render("", "x\n"));
  });

  it("a name used as a value anywhere gets a value import", () => {
    const w = new ModuleWriter();
    w.use({ ...A, typeOnly: true });
    w.use(A);
    w.use({ ...A, typeOnly: true });
    expect(w.render("", "")).toBe(`import { alpha } from "pkg";\n\n`);
  });

  it("a body without symbols has no import block", () => {
    expect(new ModuleWriter().render("// h\n", "export {};\n")).toBe("// h\nexport {};\n");
  });

  it("records exports (sorted), re-exports, and refuses a name exported twice", () => {
    const w = new ModuleWriter();
    w.export("zeta", false);
    w.reexport(B);
    w.export("Alpha", true);
    expect(w.exports()).toEqual([
      { name: "Alpha", typeOnly: true },
      { name: "Beta", typeOnly: true },
      { name: "zeta", typeOnly: false },
    ]);
    expect(w.render("", "")).toBe(`import type { Beta } from "pkg";\n\n`);
    expect(() => w.export("zeta", false)).toThrow("zeta is exported twice");
  });
});

describe("runtime symbols of generated code", () => {
  it("every runtime value generated code imports is exported by the subpath it is imported from", async () => {
    const values = Object.values(RUNTIME).filter((s) => !s.typeOnly);
    expect(values.length).toBeGreaterThan(0);
    for (const symbol of values) {
      const subpath = /^@mcp-gen\/runtime\/(core|server|client|node|patterns)$/.exec(symbol.from)?.[1];
      expect(subpath, `${symbol.name} comes from a runtime subpath, not ${symbol.from}`).toBeDefined();
      const entry = (await import(`../../packages/runtime/src/${subpath}-entry.ts`)) as Record<string, unknown>;
      expect(typeof entry[symbol.name], `${symbol.name} in ${symbol.from}`).toBe("function");
    }
  });
});

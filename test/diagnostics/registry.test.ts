// The registry (generator/diagnostics/codes.ts) is the one home of every diagnostic code: each
// code literal written anywhere in the generator or bin/ is a key of it, each key lies in exactly
// one range of ranges.ts, and no two codes share a meaning. A second reading of the source tree,
// independent of the TypeScript types that enforce the same for `UserError` and the reporter.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { codeInfo, DIAGNOSTIC_CODES, isDiagnosticCode, severityOf } from "../../generator/diagnostics/codes.js";
import { loadManifest } from "../../generator/manifest/load.js";
import { CODE_RANGES, rangeOf } from "../../generator/diagnostics/ranges.js";

const ROOT = join(import.meta.dirname, "..", "..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every `MCPGEN` + four digits written in generator/ and bin/ (code, comments and READMEs alike). */
function literalsInSource(): { code: string; file: string }[] {
  const files = [...filesUnder(join(ROOT, "generator")), ...filesUnder(join(ROOT, "bin"))];
  return files.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/MCPGEN\d{4}/g)].map((m) => ({ code: m[0], file: relative(ROOT, file) })));
}

describe("the diagnostics registry", () => {
  it("holds every code literal of generator/ and bin/", () => {
    const literals = literalsInSource();
    // The scan must see the tree: the loader, the pull and the emitter each write dozens of codes.
    expect(literals.length).toBeGreaterThan(150);
    const unknown = literals.filter((l) => !isDiagnosticCode(l.code)).map((l) => `${l.file}: ${l.code}`);
    expect(unknown).toEqual([]);
  });

  // Range labels (`MCPGEN${prefix}xx` in the docs renderer) are not codes.
  it("has no code assembled at run time (which the literal scan and the types could not see)", () => {
    const files = [...filesUnder(join(ROOT, "generator")), ...filesUnder(join(ROOT, "bin"))].filter((f) => f.endsWith(".ts") || f.endsWith(".js"));
    const assembled = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !/^\s*(?:\/\/|\/?\*)/.test(line) && /MCPGEN\$\{(?![^}]*\}xx)|MCPGEN["'`]\s*\+|MCPGEN\d{1,3}["'`]/.test(line))
        .map((line) => `${relative(ROOT, file)}: ${line.trim()}`),
    );
    expect(assembled).toEqual([]);
  });

  it("has no code that nothing in generator/ writes (outside the registry itself)", () => {
    const used = new Set(literalsInSource().filter((l) => !l.file.endsWith("diagnostics/codes.ts")).map((l) => l.code));
    expect(DIAGNOSTIC_CODES.map((c) => c.code).filter((c) => !used.has(c))).toEqual([]);
  });

  it("puts every code in exactly one range, and ranges do not overlap", () => {
    const prefixes = CODE_RANGES.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const { code, range } of DIAGNOSTIC_CODES) {
      expect(CODE_RANGES.filter((r) => code.startsWith(`MCPGEN${r.prefix}`)), code).toEqual([range]);
    }
    expect(rangeOf("MCPGEN9901")).toBeUndefined();
    expect(rangeOf("MCPGEN10011")).toBeUndefined();
  });

  it("gives each code one meaning: no two codes share one, and none is empty", () => {
    const byMeaning = new Map<string, string[]>();
    for (const { code, meaning } of DIAGNOSTIC_CODES) {
      expect(meaning.trim(), code).not.toBe("");
      const key = meaning.toLowerCase().replace(/[`.]/g, "").trim();
      byMeaning.set(key, [...(byMeaning.get(key) ?? []), code]);
    }
    expect([...byMeaning.values()].filter((codes) => codes.length > 1)).toEqual([]);
  });

  it("keeps the emitter's codes and the generate/write codes in ranges of their own (they once shared MCPGEN0301-0303)", () => {
    expect(codeInfo("MCPGEN0301").range.prefix).toBe("03");
    expect(codeInfo("MCPGEN0501").meaning).toContain("the manifest has errors");
    expect(codeInfo("MCPGEN0503").meaning).toContain("not created by mcp-gen");
    expect(DIAGNOSTIC_CODES.filter((c) => c.range.prefix === "03").every((c) => !/generate|output folder/.test(c.meaning))).toBe(true);
  });

  it("marks only error codes as sometimes reported as warnings", () => {
    for (const c of DIAGNOSTIC_CODES) if (c.warningWhen !== undefined) expect(c.severity, c.code).toBe("error");
  });

  it("names a docs page and anchor for every code", () => {
    for (const c of DIAGNOSTIC_CODES) expect(c.docs, c.code).toMatch(/^docs\/[a-z-]+\.md#[a-z0-9-]+$/);
  });

  it("gives the severity every manifest of the corpus is reported with", async () => {
    const manifests = filesUnder(join(ROOT, "test", "manifests")).filter((f) => f.endsWith(".yaml"));
    const seen = new Map<string, Set<string>>();
    for (const file of manifests) {
      const pulled = /^pulled:/m.test(readFileSync(file, "utf8"));
      for (const d of (await loadManifest(file)).diagnostics) {
        expect(d.severity, `${relative(ROOT, file)}: ${d.code}`).toBe(severityOf(d.code, { pulled }));
        seen.set(d.severity, (seen.get(d.severity) ?? new Set()).add(d.code));
      }
    }
    // The corpus exercises both severities, relaxed pulled codes included.
    expect(seen.get("error")?.size ?? 0).toBeGreaterThan(30);
    expect([...(seen.get("warning") ?? [])]).toEqual(expect.arrayContaining(["MCPGEN1303", "MCPGEN1308"]));
  });
});

// The manifest corpora. Every file in test/manifests/invalid/ states, in `# expect: CODE line:col`
// header comments (plus the file, relative to the manifest, when the problem sits in a file
// pulled in by `$ref`), exactly which diagnostics the loader must report (errors and warnings,
// in order); at least one must be an error. Every file in test/manifests/valid/ must load without
// errors and report exactly the warnings its header lists (usually none).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest } from "../generator/manifest/load.js";

const ROOT = join(import.meta.dirname, "manifests");

function corpus(kind: "valid" | "invalid"): string[] {
  return readdirSync(join(ROOT, kind))
    .filter((f) => f.endsWith(".yaml"))
    .sort();
}

function expectations(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => /^# expect: (MCPGEN\d{4} \d+:\d+(?: \S+)?)\s*$/.exec(line)?.[1])
    .filter((e): e is string => e !== undefined);
}

describe("invalid manifests", () => {
  const files = corpus("invalid");
  it("has at least 40 broken manifests", () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });
  it.each(files)("%s", async (name) => {
    const file = join(ROOT, "invalid", name);
    const expected = expectations(file);
    expect(expected.length, "the file must declare at least one `# expect:` line").toBeGreaterThan(0);
    const { manifest, diagnostics } = await loadManifest(file);
    const where = (f: string): string => (f === file ? "" : ` ${relative(dirname(file), f)}`);
    const actual = diagnostics.map((d) => `${d.code} ${d.line}:${d.column}${where(d.file)}`);
    expect(actual).toEqual(expected);
    expect(manifest).toBeUndefined();
    expect(diagnostics.some((d) => d.severity === "error")).toBe(true);
    for (const d of diagnostics) {
      expect(existsSync(d.file)).toBe(true);
      expect(d.message).not.toMatch(/must (NOT )?(have|be|match) (required property|equal to|pattern)/); // no raw ajv text
      expect(d.hint.length).toBeGreaterThan(0);
    }
  });
});

describe("valid manifests", () => {
  const files = corpus("valid");
  it.each(files)("%s", async (name) => {
    const file = join(ROOT, "valid", name);
    const { manifest, diagnostics } = await loadManifest(file);
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(expectations(file));
    expect(diagnostics.every((d) => d.severity === "warning")).toBe(true);
    expect(manifest).toBeDefined();
  });
});

// Fuzzing the manifest loader: valid manifests with random edits (deleted keys, values of the
// wrong type, renamed keys, junk text, truncation, duplicated or dropped lines) must never
// crash it. Every run ends with well-formed diagnostics: in-process through the loader API
// (many runs) and a few times through the real CLI process.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { isMap, isPair, isSeq, parseDocument, type Node, type Pair } from "yaml";
import { DIAGNOSTIC_CODES } from "../generator/diagnostics/codes.js";
import type { Diagnostic } from "../generator/diagnostics/diagnostic.js";
import { loadManifestText } from "../generator/manifest/load.js";
import { PROPERTY_BUDGET_MS, PROPERTY_TEST_TIMEOUT_MS, within } from "./support/property-budget.js";

const REPO = join(import.meta.dirname, "..");
const VALID = join(REPO, "test", "manifests", "valid");
const INVALID = join(REPO, "test", "manifests", "invalid");
// Valid manifests are the main seeds; the broken ones add variety to the error paths.
const BASES = [
  ...readdirSync(VALID).filter((f) => f.endsWith(".yaml")).map((f) => join(VALID, f)),
  ...readdirSync(INVALID).filter((f) => f.endsWith(".yaml")).map((f) => join(INVALID, f)),
  ...["notes", "shop", "config"].map((e) => join(REPO, "examples", e, "mcp.yaml")),
].map((file) => ({ file, text: readFileSync(file, "utf8") }));
const KNOWN_CODES = new Set(DIAGNOSTIC_CODES.map((c) => c.code));

type Edit =
  | { kind: "deleteKey"; pick: number }
  | { kind: "retype"; pick: number; value: unknown }
  | { kind: "renameKey"; pick: number; suffix: string }
  | { kind: "objectModelKey"; pick: number; name: string }
  | { kind: "junk"; at: number; text: string }
  | { kind: "truncate"; at: number }
  | { kind: "dropLine"; pick: number }
  | { kind: "duplicateLine"; pick: number };

const junkText = fc.string({ unit: fc.constantFrom(..."ab:{}[]-#&*!|>'\"%@\t\n ,?=1x\\~$"), maxLength: 12 });
const anyValue = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.string({ maxLength: 8 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }));
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("deleteKey" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("retype" as const), pick: fc.nat(), value: anyValue }),
  fc.record({ kind: fc.constant("renameKey" as const), pick: fc.nat(), suffix: fc.string({ maxLength: 4 }) }),
  fc.record({ kind: fc.constant("objectModelKey" as const), pick: fc.nat(), name: fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", "valueOf") }),
  fc.record({ kind: fc.constant("junk" as const), at: fc.nat(), text: junkText }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("dropLine" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("duplicateLine" as const), pick: fc.nat() }),
);

/** Every key/value pair in the document, depth first. */
function pairsOf(node: unknown, out: Pair[] = []): Pair[] {
  if (isMap(node)) for (const p of node.items) if (isPair(p)) (out.push(p), pairsOf(p.value, out));
  if (isSeq(node)) for (const item of node.items) pairsOf(item, out);
  return out;
}

function applyEdit(text: string, e: Edit): string {
  const lines = text.split("\n");
  switch (e.kind) {
    case "junk": {
      const at = e.at % (text.length + 1);
      return text.slice(0, at) + e.text + text.slice(at);
    }
    case "truncate":
      return text.slice(0, e.at % (text.length + 1));
    case "dropLine":
      lines.splice(e.pick % lines.length, 1);
      return lines.join("\n");
    case "duplicateLine": {
      const i = e.pick % lines.length;
      lines.splice(i, 0, lines[i] ?? "");
      return lines.join("\n");
    }
    default: {
      const doc = parseDocument(text);
      if (doc.errors.length > 0) return text;
      const pairs = pairsOf(doc.contents);
      if (pairs.length === 0) return text;
      const pair = pairs[e.pick % pairs.length] as Pair<Node, Node>;
      if (e.kind === "deleteKey") {
        for (const holder of [doc.contents, ...pairs.map((p) => p.value)]) {
          if (isMap(holder) && holder.items.includes(pair as never)) holder.items.splice(holder.items.indexOf(pair as never), 1);
        }
      } else if (e.kind === "retype") pair.value = doc.createNode(e.value) as Node;
      else if (e.kind === "objectModelKey") pair.key = doc.createNode(e.name) as Node;
      else pair.key = doc.createNode(`${String((pair.key as { value?: unknown })?.value ?? "")}${e.suffix}`) as Node;
      try {
        return doc.toString();
      } catch {
        // Deleting an anchored node leaves aliases that yaml cannot print; keep the text as it was.
        return text;
      }
    }
  }
}

function checkWellFormed(text: string, file: string, diagnostics: readonly Diagnostic[], manifestDefined: boolean): void {
  const lineCount = text.split("\n").length;
  for (const d of diagnostics) {
    expect(KNOWN_CODES.has(d.code), `unknown code ${d.code}`).toBe(true);
    expect(["error", "warning"]).toContain(d.severity);
    expect(d.line).toBeGreaterThanOrEqual(1);
    if (d.file === file) expect(d.line).toBeLessThanOrEqual(lineCount + 1);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.hint.length).toBeGreaterThan(0);
    expect(d.message).not.toMatch(/\n\s+at /);
  }
  // Sorted by position within each file (a `$ref`'d file's diagnostics form their own run).
  for (const name of new Set(diagnostics.map((d) => d.file))) {
    const positions = diagnostics.filter((d) => d.file === name).map((d) => d.line * 1e6 + d.column);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  }
  expect(manifestDefined).toBe(!diagnostics.some((d) => d.severity === "error"));
}

// MANIFEST_FUZZ_RUNS / MANIFEST_FUZZ_SEED explore further locally (the time budget grows with the
// runs); the default run is fixed and repeatable.
const FUZZ_RUNS = Number(process.env["MANIFEST_FUZZ_RUNS"] ?? 800);
const FUZZ_SCALE = Math.max(1, FUZZ_RUNS / 800);

describe("manifest fuzzing", () => {
  it("the loader never crashes on edited manifests (in-process)", () => {
    let withErrors = 0;
    const runs = FUZZ_RUNS;
    const seed = Number(process.env["MANIFEST_FUZZ_SEED"] ?? 20261130);
    fc.assert(
      fc.property(fc.constantFrom(...BASES), fc.array(edit, { minLength: 1, maxLength: 4 }), (base, edits) => {
        const text = edits.reduce(applyEdit, base.text);
        const result = loadManifestText(text, base.file);
        checkWellFormed(text, base.file, result.diagnostics, result.manifest !== undefined);
        if (result.manifest === undefined) withErrors++;
      }),
      { numRuns: runs, seed, ...within(PROPERTY_BUDGET_MS * FUZZ_SCALE) },
    );
    // The edits must actually break manifests most of the time, or this test proves nothing.
    expect(withErrors).toBeGreaterThan(runs / 4);
  }, PROPERTY_TEST_TIMEOUT_MS * FUZZ_SCALE);

  // Found by a 40x soak of the property above (run 26,061): junk typed into a `$schema` made
  // Ajv's URI parser throw ("URI scheme is malformed") instead of a diagnostic.
  it("regression: a `$schema` that is not a URI is MCPGEN1506 (own manifest) or kept (pulled), never a throw", () => {
    const pulled = BASES.find((b) => b.file.endsWith(join("valid", "pulled.yaml")))!;
    const edited = pulled.text.replace("$schema: http://json-schema.org/draft-07/schema#", "$schema: a|http://json-schema.org/draft-07/schema#");
    expect(edited).not.toBe(pulled.text);
    const kept = loadManifestText(edited, pulled.file);
    checkWellFormed(edited, pulled.file, kept.diagnostics, kept.manifest !== undefined);
    expect(kept.diagnostics.map((d) => d.code)).not.toContain("MCPGEN1506");
    const own = 'mcpgen: 1\nserver: { name: s, version: 1.0.0 }\nprotocol: [2026-07-28]\ntools:\n  t:\n    input:\n      $schema: "a|http://json-schema.org/draft-07/schema#"\n      type: object\n';
    const refused = loadManifestText(own, join(VALID, "not-a-uri.yaml"));
    checkWellFormed(own, join(VALID, "not-a-uri.yaml"), refused.diagnostics, refused.manifest !== undefined);
    expect(refused.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([["MCPGEN1506", 7, 16]]);
  });

  // The soak's counterexamples replayed exactly (base manifest and edits as fast-check reported them).
  it.each([
    // Run 20,548 of a random-seed soak: a `%` typed into a `$ref` fragment made decodeURIComponent throw (URIError).
    ["refs.yaml", [{ kind: "junk", at: 610218085, text: "%" }, { kind: "objectModelKey", pick: 0, name: "constructor" }]],
    ["pulled.yaml", [{ kind: "junk", at: 128048690, text: "a|" }]],
  ] as Array<[string, Edit[]]>)("regression: %s with the edits %j loads without a throw", (name, edits) => {
    const base = BASES.find((b) => b.file === join(VALID, name))!;
    const text = edits.reduce(applyEdit, base.text);
    expect(text).not.toBe(base.text);
    const result = loadManifestText(text, base.file);
    checkWellFormed(text, base.file, result.diagnostics, result.manifest !== undefined);
  });

  describe("through the CLI process", () => {
    const dir = join(REPO, "test", ".tmp", "manifest-fuzz");
    beforeAll(() => {
      mkdirSync(dir, { recursive: true });
      spawnSync(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"], { cwd: REPO, encoding: "utf8" });
      expect(existsSync(join(REPO, "dist", "generator", "commands", "validate.js"))).toBe(true);
    }, 300_000);

    it("exits 0 or 1 with JSON diagnostics and never a stack trace", () => {
      const samples = fc.sample(fc.tuple(fc.constantFrom(...BASES), fc.array(edit, { minLength: 1, maxLength: 3 })), { numRuns: 10, seed: 7 });
      const codes = new Set<number>();
      samples.forEach(([base, edits], i) => {
        const text = edits.reduce(applyEdit, base.text);
        const file = join(dir, `sample-${i}.yaml`);
        writeFileSync(file, text);
        const format = i % 3 === 0 ? "text" : "json";
        const run = spawnSync(process.execPath, [join(REPO, "bin", "mcp-gen.js"), "validate", file, "--format", format], { cwd: REPO, encoding: "utf8" });
        expect([0, 1]).toContain(run.status);
        codes.add(run.status ?? -1);
        expect(run.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
        expect(run.stderr).not.toContain("internal error");
        if (format === "json") {
          const parsed = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
          checkWellFormed(text, file, parsed.diagnostics, run.status === 0);
        } else if (run.status === 1) {
          expect(run.stderr).toMatch(/:\d+:\d+ error MCPGEN\d{4} /);
        }
      });
      expect(codes.has(1)).toBe(true);
    }, 300_000); // each run starts a node process; the shared 2-core machine can be slow
  });
});

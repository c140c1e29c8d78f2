// Which rule sets run and at which level: the manifest's `portability` section, the run's options
// over it, `validate`'s exit codes and output, the CLI flags, and the rule table's own integrity
// (codes in the registry, one source per rule, the docs page and the manifest schema in step).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runValidate } from "../../../generator/commands/validate.js";
import { codeInfo, isDiagnosticCode } from "../../../generator/diagnostics/codes.js";
import { manifestSchema } from "../../../generator/manifest/manifest-schema.js";
import { PORTABILITY_LEVELS, RULE_SET_IDS } from "../../../generator/manifest/portability/rule-sets.js";
import { PORTABILITY_RULES } from "../../../generator/manifest/portability/rules.js";
import { parsePortabilityTargets } from "../../../generator/manifest/portability/cli-options.js";
import { buildManifest, load, portabilityFindings } from "./manifest-text.js";

const REPO = join(import.meta.dirname, "..", "..", "..");
const TMP = join(REPO, "test", ".tmp", "portability");

// Breaks a rule of every set: an open object with an optional, length-bounded, untyped-list property.
const BODY = `
input:
  type: object
  properties:
    name: { type: [string, "null"], maxLength: 5 }`;

function withSection(section: readonly string[]): string {
  return buildManifest(BODY, section).text;
}

function collect(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  return { stream, text: () => text };
}

describe("portability settings", () => {
  it("checks nothing when no rule set is named (the default)", () => {
    const result = load(withSection([]));
    expect(result.manifest).toBeDefined();
    expect(portabilityFindings(result)).toEqual([]);
  });

  it("warns for the rule sets the manifest names, and only those", () => {
    const result = load(withSection(["portability: { targets: [gemini] }"]));
    expect(result.manifest).toBeDefined();
    const found = result.diagnostics.filter((d) => d.code.startsWith("MCPGEN19"));
    expect(found.map((d) => d.code)).toEqual(["MCPGEN1924"]);
    expect(found[0]?.severity).toBe("warning");
    expect(found[0]?.message).toMatch(/^\[gemini\] /);
    expect(found[0]?.hint).toContain("https://ai.google.dev/api/caching#Schema");
  });

  it("`level: error` makes the findings errors (no manifest), `level: off` silences them", () => {
    const failing = load(withSection(["portability: { targets: [anthropic-strict], level: error }"]));
    expect(failing.manifest).toBeUndefined();
    expect(failing.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["MCPGEN1942", "MCPGEN1943"]);
    expect(portabilityFindings(load(withSection(["portability: { targets: [anthropic-strict], level: off }"])))).toEqual([]);
  });

  it("the run's level and targets win over the manifest's", () => {
    const text = withSection(["portability: { targets: [anthropic-strict], level: error }"]);
    const relaxed = load(text, { level: "warn" });
    expect(relaxed.manifest).toBeDefined();
    expect(relaxed.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual(["MCPGEN1942 warning", "MCPGEN1943 warning"]);
    const retargeted = load(text, { level: "warn", targets: ["mcp-inspector"] });
    expect(retargeted.diagnostics.map((d) => d.code)).toEqual(["MCPGEN1963"]);
    expect(portabilityFindings(load(text, { level: "off" }))).toEqual([]);
  });

  it("an unknown rule set or level in the manifest is a structure error with its position", () => {
    const built = buildManifest(BODY, ["portability: { targets: [openai], level: loud }"]);
    const result = load(built.text);
    expect(result.manifest).toBeUndefined();
    expect(result.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(["MCPGEN1104 4:26", "MCPGEN1104 4:42"]);
  });

  it("the manifest schema offers exactly the rule sets and levels of the check", () => {
    const section = (manifestSchema() as { properties: { portability: { properties: { targets: { items: { enum: string[] } }; level: { enum: string[] } } } } }).properties.portability.properties;
    expect(section.targets.items.enum).toEqual([...RULE_SET_IDS]);
    expect(section.level.enum).toEqual([...PORTABILITY_LEVELS]);
  });
});

describe("the rule table", () => {
  it("gives every rule its own warning code of range 19, a rule set it is named after, and an https source", () => {
    const codes = PORTABILITY_RULES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of PORTABILITY_RULES) {
      expect(isDiagnosticCode(rule.code), rule.id).toBe(true);
      expect(codeInfo(rule.code).severity, rule.id).toBe("warning");
      expect(codeInfo(rule.code).range.prefix, rule.id).toBe("19");
      expect(rule.id.startsWith(`${rule.ruleSet}/`), rule.id).toBe(true);
      expect(RULE_SET_IDS).toContain(rule.ruleSet);
      expect(rule.doc, rule.id).toMatch(/^https:\/\/\S+$/);
    }
    expect(new Set(PORTABILITY_RULES.map((r) => r.ruleSet))).toEqual(new Set(RULE_SET_IDS));
  });

  it("is listed in docs/portability.md, rule by rule with its code", () => {
    const docs = readFileSync(join(REPO, "docs", "portability.md"), "utf8");
    const missing = PORTABILITY_RULES.filter((r) => !docs.includes(`| \`${r.id}\` | ${r.code} |`)).map((r) => r.id);
    expect(missing).toEqual([]);
    for (const id of RULE_SET_IDS) expect(docs).toContain(`### \`${id}\``);
  });
});

describe("validate --portability", () => {
  mkdirSync(TMP, { recursive: true });
  const file = join(TMP, "mcp.yaml");
  const built = buildManifest(BODY, ["portability: { targets: [gemini] }"]);
  writeFileSync(file, built.text);

  it("prints each finding with its position and rule set, and exits 0 on warnings", async () => {
    const out = collect();
    const err = collect();
    expect(await runValidate(file, "text", out.stream, err.stream)).toBe(0);
    expect(err.text()).toContain(`${file}:${built.at("4:19")} warning MCPGEN1924 tools.t.input.properties.name.type: [gemini]`);
    expect(out.text()).toContain(": ok (");
  });

  it("exits 1 with `error`, and reports nothing with `off`", async () => {
    const err = collect();
    expect(await runValidate(file, "json", collect().stream, err.stream, { level: "error", targets: ["openai-strict"] })).toBe(1);
    const json = collect();
    expect(await runValidate(file, "json", json.stream, collect().stream, { level: "error", targets: ["openai-strict"] })).toBe(1);
    const codes = (JSON.parse(json.text()) as { diagnostics: { code: string; severity: string }[] }).diagnostics.map((d) => `${d.code} ${d.severity}`);
    expect(codes).toEqual(["MCPGEN1902 error", "MCPGEN1903 error", "MCPGEN1905 error"]);
    const quiet = collect();
    expect(await runValidate(file, "json", quiet.stream, collect().stream, { level: "off" })).toBe(0);
    expect(JSON.parse(quiet.text())).toEqual({ diagnostics: [] });
  });

  it("`--portability-targets` takes `all` or known ids, and refuses anything else by name", () => {
    expect(parsePortabilityTargets("all")).toEqual([...RULE_SET_IDS]);
    expect(parsePortabilityTargets("gemini, openai-strict")).toEqual(["gemini", "openai-strict"]);
    expect(() => parsePortabilityTargets("gemini,openai")).toThrow(/unknown rule set `openai`/);
  });

  it("the CLI wires both flags (exit 1 on a finding with `error`, exit 1 and a message for an unknown rule set)", () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(REPO, "bin", "mcp-gen.js"), ...args], { cwd: REPO, encoding: "utf8" });
    const failing = cli("validate", file, "--portability", "error");
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain("error MCPGEN1924");
    const all = cli("validate", file, "--portability-targets", "all", "--format", "json");
    expect(all.status).toBe(0);
    expect(new Set((JSON.parse(all.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code.slice(0, 8)))).toEqual(new Set(["MCPGEN19"]));
    const unknown = cli("validate", file, "--portability-targets", "nope");
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain("unknown rule set `nope`");
    expect(execFileSync(process.execPath, [join(REPO, "bin", "mcp-gen.js"), "validate", "--help"], { encoding: "utf8" })).toContain("--portability-targets");
  });
});

describe("generate --portability", () => {
  const dir = join(TMP, "generate");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "mcp.yaml");
  const out = join(dir, "out");
  rmSync(out, { recursive: true, force: true });
  writeFileSync(file, buildManifest(BODY, ["portability: { targets: [gemini] }"]).text);
  const cli = (...args: string[]) => spawnSync(process.execPath, [join(REPO, "bin", "mcp-gen.js"), ...args], { cwd: REPO, encoding: "utf8" });

  it("with `error` writes nothing and exits 1 naming the finding (MCPGEN0501)", () => {
    const run = cli("generate", file, "--out", out, "--portability", "error");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("MCPGEN0501");
    expect(run.stderr).toContain("error MCPGEN1924");
    expect(existsSync(out)).toBe(false);
  });

  it("prints the manifest's warnings, and they do not change the generated files", () => {
    const warned = cli("generate", file, "--out", out);
    expect(warned.status).toBe(0);
    expect(warned.stderr).toContain("warning MCPGEN1924");
    const check = cli("generate", file, "--out", out, "--check", "--portability", "off");
    expect(check.status).toBe(0);
    expect(check.stderr).not.toContain("MCPGEN19");
    expect(check.stdout).toContain("up to date");
  });
});

// `mcp-gen import openapi --check` (issue 20): drift between the API document and the committed
// manifest, classified by the diff rules: an added operation is info, a removed one and a new
// required parameter are breaking; an unchanged document passes.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { TMP_DIR } from "../support/tmp.js";
import { FIXTURES } from "./support.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const WORK = join(TMP_DIR, "import-check");
const MANIFEST = join(WORK, "mcp.yaml");

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [join(ROOT, "bin/mcp-gen.js"), ...args], { encoding: "utf8", cwd: ROOT });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  expect(cli("import", "openapi", join(FIXTURES, "petstore-3.0.yaml"), "--out", MANIFEST).status).toBe(0);
  const document = parse(readFileSync(join(FIXTURES, "petstore-3.0.yaml"), "utf8")) as { paths: Record<string, Record<string, { parameters?: unknown[] }>> };
  document.paths["/pet/{petId}/vaccinations"] = { get: { operationId: "listVaccinations", parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }], responses: { "200": { description: "ok" } } } as never };
  delete document.paths["/store/order/{orderId}"]!["delete"];
  document.paths["/store/order/{orderId}"]!["get"]!.parameters!.push({ name: "verbose", in: "query", required: true, schema: { type: "boolean" } });
  writeFileSync(join(WORK, "changed.yaml"), stringify(document));
});
afterAll(() => rmSync(WORK, { recursive: true, force: true }));

describe("import openapi --check", () => {
  it("passes when the document has not changed (it re-reads the manifest's openapi.document)", () => {
    const run = cli("import", "openapi", "--check", MANIFEST);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("up to date");
  });

  it("reports an added operation (info), a removed one and a new required parameter (breaking)", () => {
    const run = cli("import", "openapi", join(WORK, "changed.yaml"), "--check", MANIFEST, "--format", "json");
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { equal: boolean; changes: { rule: string; level: string; path: string }[] };
    expect(report.equal).toBe(false);
    const seen = report.changes.map((c) => [c.level, c.rule, c.path]);
    expect(seen).toContainEqual(["info", "TOOL_ADDED", "tools.listVaccinations"]);
    expect(seen).toContainEqual(["breaking", "TOOL_REMOVED", "tools.deleteOrder"]);
    expect(seen).toContainEqual(["breaking", "INPUT_REQUIRED_PROPERTY_ADDED", "tools.getOrderById.input#/properties/verbose"]);
  });

  it("--fail-on breaking fails on those changes; an info-only drift passes it", () => {
    expect(cli("import", "openapi", join(WORK, "changed.yaml"), "--check", MANIFEST, "--fail-on", "breaking").status).toBe(1);
    const document = parse(readFileSync(join(FIXTURES, "petstore-3.0.yaml"), "utf8")) as { paths: Record<string, unknown> };
    document.paths["/health"] = { get: { operationId: "health", responses: { "204": { description: "ok" } } } };
    writeFileSync(join(WORK, "added.yaml"), stringify(document));
    const run = cli("import", "openapi", join(WORK, "added.yaml"), "--check", MANIFEST, "--fail-on", "breaking");
    expect(run.stdout).toContain("TOOL_ADDED");
    expect(run.status).toBe(0);
  });

  it("a manifest not written by import openapi is refused (MCPGEN3009)", () => {
    const run = cli("import", "openapi", join(FIXTURES, "petstore-3.0.yaml"), "--check", join(ROOT, "examples/notes/mcp.yaml"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error MCPGEN3009");
  });
});

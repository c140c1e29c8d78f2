// `mcp-gen import openapi` (issue 20): type fidelity of the imported manifest and of the
// generated zod schemas, deterministic output, selection, errors with positions (never a stack),
// and a skipped inexpressible operation.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importManifest } from "../../generator/import/import.js";
import { parseSelectors } from "../../generator/import/select.js";
import { TMP_DIR } from "../support/tmp.js";
import { FIXTURES, importAndGenerate, type ImportedPackage } from "./support.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const WORK = join(TMP_DIR, "import-units");
const out = (name: string) => join(WORK, name);

beforeAll(() => mkdirSync(WORK, { recursive: true }));
afterAll(() => rmSync(WORK, { recursive: true, force: true }));

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(ROOT, "bin/mcp-gen.js"), ...args], { encoding: "utf8", cwd: ROOT });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.each(["3.0", "3.1"] as const)("type fidelity, OpenAPI %s", (version) => {
  let pkg: ImportedPackage;
  beforeAll(async () => {
    pkg = await importAndGenerate(join(FIXTURES, `fidelity-${version}.yaml`), `fidelity-${version}`);
  }, 120_000);
  afterAll(() => rmSync(pkg.dir, { recursive: true, force: true }));

  it("integers keep their bounds and formats; enums, defaults, nullable and required survive", () => {
    const getItem = pkg.outcome.manifest.tools.find((t) => t.name === "getItem")!;
    const input = getItem.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(input.properties["itemId"]).toEqual({ type: "integer", format: "int32", minimum: 1, maximum: 100 });
    expect(input.properties["limit"]).toEqual({ type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 50, default: 10 });
    expect(input.properties["sort"]).toEqual({ type: "string", enum: ["asc", "desc"], default: "asc" });
    expect(input.properties["since"]).toEqual({ type: ["string", "null"], format: "date-time" });
    expect(input.required).toEqual(["itemId"]);
    const data = parse(pkg.outcome.yaml) as { definitions: Record<string, Record<string, unknown>>; openapi: Record<string, unknown> };
    expect(Object.keys(data.definitions)).toEqual(["ItemUpdate", "common_Item", "common_Status"]);
    expect(data.definitions["common_Status"]).toEqual({ type: "string", enum: ["new", "used", "broken"], default: "new" });
    expect((data.definitions["ItemUpdate"]!["properties"] as Record<string, unknown>)["note"]).toEqual({ type: ["string", "null"], examples: ["fragile"] });
    expect(data.openapi["baseUrl"]).toBe("http://127.0.0.1:9/api");
    expect(getItem.outputSchema).toMatchObject({ type: "object" });
    expect(getItem.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
  });

  it("the generated zod schemas enforce the same types", () => {
    const schema = pkg.schemas["GetItemInputSchema"] as { safeParse(v: unknown): { success: boolean } };
    const ok = (v: unknown) => schema.safeParse(v).success;
    expect(ok({ itemId: 5 })).toBe(true);
    expect(ok({ itemId: 5.5 })).toBe(false);
    expect(ok({ itemId: 0 })).toBe(false);
    expect(ok({ itemId: 101 })).toBe(false);
    expect(ok({ itemId: 1, limit: 0 })).toBe(false);
    expect(ok({ itemId: 1, limit: 49 })).toBe(true);
    expect(ok({ itemId: 1, limit: 50 })).toBe(false);
    expect(ok({ itemId: 1, sort: "up" })).toBe(false);
    expect(ok({ itemId: 1, since: null })).toBe(true);
    expect(ok({ itemId: 1, since: "yesterday" })).toBe(false);
    expect(ok({ itemId: 1, "X-Trace": "123e4567-e89b-12d3-a456-426614174000" })).toBe(true);
    expect(ok({ itemId: 1, "X-Trace": "nope" })).toBe(false);
    expect(ok({})).toBe(false);
    const put = pkg.schemas["PutItemInputSchema"] as { safeParse(v: unknown): { success: boolean } };
    expect(put.safeParse({ itemId: 1, body: { name: "a", status: "used", parent: { name: "b" } } }).success).toBe(true);
    expect(put.safeParse({ itemId: 1, body: { name: "a", status: "lost" } }).success).toBe(false);
    expect(put.safeParse({ itemId: 1, body: { name: "a", price: 0 } }).success).toBe(false);
    expect(put.safeParse({ itemId: 1, body: { name: "a", count: 1.5 } }).success).toBe(false);
  });
});

it("an operation the proxy cannot express is skipped with a warning naming it and its position", async () => {
  const outcome = await importManifest({ source: join(FIXTURES, "fidelity-3.0.yaml"), outPath: out("f.yaml") });
  expect(outcome.manifest.tools.map((t) => t.name)).toEqual(["getItem", "putItem"]);
  expect(outcome.diagnostics).toHaveLength(1);
  expect(outcome.diagnostics[0]).toMatchObject({ code: "MCPGEN3020", at: expect.stringMatching(/fidelity-3\.0\.yaml:\d+:\d+$/) });
  expect(outcome.diagnostics[0]!.message).toContain("oddMatrix");
});

it("output is deterministic: the same bytes whatever the document's key order", async () => {
  const document = parse(await import("node:fs").then((fs) => fs.readFileSync(join(FIXTURES, "petstore-3.0.yaml"), "utf8"))) as { paths: Record<string, unknown> };
  const reversed = { ...document, paths: Object.fromEntries(Object.entries(document.paths).reverse()) };
  writeFileSync(out("reversed.json"), JSON.stringify(reversed));
  const a = await importManifest({ source: join(FIXTURES, "petstore-3.0.yaml"), outPath: out("a.yaml") });
  const b = await importManifest({ source: join(FIXTURES, "petstore-3.0.yaml"), outPath: out("a.yaml") });
  const c = await importManifest({ source: out("reversed.json"), outPath: out("a.yaml") });
  expect(b.yaml).toBe(a.yaml);
  const strip = (yaml: string) => yaml.replace(/\n  document: .*\n/, "\n");
  expect(strip(c.yaml)).toBe(strip(a.yaml));
});

it("--include and --exclude select by tag and by operation", async () => {
  const pets = await importManifest({ source: join(FIXTURES, "petstore-3.1.yaml"), outPath: out("s.yaml"), include: parseSelectors(["tag:pet"], "--include"), exclude: parseSelectors(["operation:uploadFile,operation:getPetById"], "--exclude") });
  expect(pets.manifest.tools.map((t) => t.name)).toEqual(["addPet", "deletePet", "findPetsByStatus", "findPetsByTags", "updatePet", "updatePetWithForm"]);
  expect(pets.manifest.openapi?.include).toEqual(["tag:pet"]);
  await expect(importManifest({ source: join(FIXTURES, "petstore-3.1.yaml"), outPath: out("s.yaml"), include: parseSelectors(["tag:nope"], "--include") })).rejects.toMatchObject({ code: "MCPGEN3006" });
  expect(() => parseSelectors(["pet"], "--include")).toThrow(/tag:<name> or operation:<id>/);
});

describe("errors: a code and the document's position, never a stack", () => {
  it("YAML syntax → MCPGEN3003 at file:line:col", () => {
    writeFileSync(out("broken.yaml"), "openapi: 3.0.0\ninfo:\n  title: [unclosed\n");
    const run = cli("import", "openapi", out("broken.yaml"), "--out", out("x.yaml"));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^error MCPGEN3003: .*broken\.yaml:\d+:\d+: /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("an unresolved $ref in JSON → MCPGEN3005 with a JSON pointer", () => {
    writeFileSync(out("bad-ref.json"), JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { "/a": { get: { responses: { "200": { description: "x", content: { "application/json": { schema: { $ref: "#/components/schemas/Missing" } } } } } } } } }));
    const run = cli("import", "openapi", out("bad-ref.json"), "--out", out("x.yaml"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("error MCPGEN3005");
    expect(run.stderr).toContain("bad-ref.json#/paths/~1a/get/responses/200/content/application~1json/schema");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("Swagger 2.0 and a missing file are refused with their codes; nothing is written", () => {
    writeFileSync(out("swagger.yaml"), "swagger: '2.0'\ninfo: { title: t, version: '1' }\npaths: {}\n");
    const swagger = cli("import", "openapi", out("swagger.yaml"), "--out", out("never.yaml"));
    expect(swagger.status).toBe(1);
    expect(swagger.stderr).toMatch(/^error MCPGEN3004: .*swagger\.yaml:1:\d+: Swagger 2\.0/);
    const missing = cli("import", "openapi", out("nope.yaml"), "--out", out("never.yaml"));
    expect(missing.stderr).toMatch(/^error MCPGEN3002: cannot read/);
    expect(spawnSync("test", ["-e", out("never.yaml")]).status).toBe(1);
    expect(cli("import", "openapi", out("swagger.yaml")).stderr).toContain("MCPGEN3001");
  });
});

it("imports from an http(s) URL, following a relative cross-file $ref over HTTP", async () => {
  const { createServer } = await import("node:http");
  const { readFileSync } = await import("node:fs");
  const server = createServer((req, res) => {
    const file = req.url === "/specs/fidelity.yaml" ? join(FIXTURES, "fidelity-3.1.yaml") : req.url === "/specs/shared/common.yaml" ? join(FIXTURES, "shared", "common.yaml") : undefined;
    if (!file) res.writeHead(404).end();
    else res.writeHead(200, { "content-type": "application/yaml" }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/specs/fidelity.yaml`;
    const remote = await importManifest({ source: url, outPath: out("remote.yaml") });
    const local = await importManifest({ source: join(FIXTURES, "fidelity-3.1.yaml"), outPath: out("remote.yaml") });
    expect(remote.manifest.openapi?.document).toBe(url);
    expect(remote.manifest.tools).toEqual(local.manifest.tools);
    expect(Object.keys(remote.manifest.definitions)).toEqual(["ItemUpdate", "common_Item", "common_Status"]);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});

it("the manifest loader refuses an edited `http` that names what does not exist (MCPGEN3030, at the key)", async () => {
  const { loadManifestText } = await import("../../generator/manifest/load.js");
  const text = [
    "mcpgen: 1",
    "openapi: { document: ./x.yaml, version: 3.1.0, security: { key: { type: apiKey, in: header, name: k, env: K } } }",
    'server: { name: s, version: "1" }',
    "protocol: [2026-07-28]",
    "tools:",
    "  t:",
    "    input: { type: object, properties: { a: { type: string }, id: { type: integer } } }",
    "    output: { type: object, properties: { value: { type: string } } }",
    "    http:",
    "      operation: t",
    "      method: GET",
    "      path: /x/{id}/{gone}",
    "      parameters: { id: { in: path }, b: { in: query } }",
    "      body: { property: missing, mediaType: application/json }",
    "      response: { wrap: result }",
    "      security: [[key], [nope]]",
    "",
  ].join("\n");
  const { diagnostics } = loadManifestText(text, out("edited.yaml"));
  expect(diagnostics.filter((d) => d.code === "MCPGEN3030").map((d) => [d.line, d.message])).toEqual([
    [12, "path parameter `gone` has no `in: path` parameter"],
    [13, "`b` is not a property of the tool's input"],
    [14, "the body property `missing` is not a property of the tool's input"],
    [15, "`result` is not a property of the tool's output"],
    [16, "security scheme `nope` is not declared under `openapi.security`"],
  ]);
  // What the importer writes always passes the check.
  const imported = await importManifest({ source: join(FIXTURES, "petstore-3.1.yaml"), outPath: out("p.yaml") });
  expect(loadManifestText(imported.yaml, out("p.yaml")).diagnostics.filter((d) => d.code === "MCPGEN3030")).toEqual([]);
});

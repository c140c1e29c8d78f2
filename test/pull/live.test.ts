// `mcp-gen pull` against real servers — the generated notes example (stdio and HTTP, both eras),
// a server written with the official SDK 2.4.0 and the conformance fixture server — then
// `mcp-gen generate` on each pulled manifest: a client-only package whose calls type-check and
// work against the server it was pulled from. Plus byte-identical re-pulls and drift checks.
import { execFile } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { diffArguments } from "../../generator/diff/diff.js";
import { createHttpTransport, type ClientTransport } from "@mcp-gen/runtime/client";
import { createStdioTransport } from "@mcp-gen/runtime/node";
import { assertBuilt, FIXTURES, REPO_ROOT, runCli, scratchDir, startServer, type RunningServer } from "./support.js";

const NOTES_START = join(REPO_ROOT, "examples", "notes", "start.js");
const NOTES_STDIO = `node ${NOTES_START} --stdio`;
const SDK_SERVER = join(REPO_ROOT, "test", "client", "fixtures", "sdk-server.mjs");
const CONFORMANCE_SERVER = join(REPO_ROOT, "test", "conformance", "fixture", "server.mjs");
const TSC7 = join(REPO_ROOT, "node_modules", "tsc7", "bin", "tsc");
const CLIENT_INFO = { name: "pull-live-test", version: "1.0.0" };

let dir: string;
let notesHttp: RunningServer;
let conformance: RunningServer;
let sdkHttp: { url: string; close(): Promise<void> };

beforeAll(async () => {
  assertBuilt(join(REPO_ROOT, "examples", "notes", "generated", "dist", "index.js"), join(REPO_ROOT, "test", "conformance", "fixture", "generated", "dist", "index.js"));
  dir = scratchDir("live");
  const sdk = (await import(pathToFileURL(SDK_SERVER).href)) as { startSdkHttpServer(): Promise<{ url: string; close(): Promise<void> }> };
  [notesHttp, conformance, sdkHttp] = await Promise.all([startServer([NOTES_START, "--port", "0"]), startServer([CONFORMANCE_SERVER, "0"]), sdk.startSdkHttpServer()]);
}, 60_000);

afterAll(async () => {
  notesHttp?.stop();
  conformance?.stop();
  await sdkHttp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function pull(name: string, target: readonly string[], extra: readonly string[] = []): Promise<string> {
  const out = join(dir, `${name}.yaml`);
  const run = await runCli(["pull", ...target, "--out", out, "--timeout", "30000", ...extra]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return out;
}

/** The manifest as data, without the `pulled` block (which names the address and era). */
function contractOf(file: string): unknown {
  const data = parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  delete data.pulled;
  return data;
}

async function generate(manifest: string, name: string): Promise<string> {
  const out = join(dir, name);
  const run = await runCli(["generate", manifest, "--out", out]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return out;
}

type Loaded = { connect(options: { transport: ClientTransport; clientInfo: typeof CLIENT_INFO; protocol?: string }): Promise<any> };
async function loadClient(generated: string): Promise<Loaded> {
  return (await import(pathToFileURL(join(generated, "dist", "index.js")).href)) as Loaded;
}

/** Made once, on first use, and shared: every test pulls or generates what it needs, so each passes alone. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

const pulled = {
  stdioAuto: once(() => pull("notes-stdio-auto", ["--stdio", NOTES_STDIO])),
  stdioLegacy: once(() => pull("notes-stdio-legacy", ["--stdio", NOTES_STDIO], ["--protocol", "2025-11-25"])),
  httpAuto: once(() => pull("notes-http-auto", [notesHttp.url])),
  httpLegacy: once(() => pull("notes-http-legacy", [notesHttp.url], ["--protocol", "2025-11-25"])),
  sdkStdio: once(() => pull("sdk-stdio", ["--stdio", `node ${SDK_SERVER} --stdio`])),
  sdkHttp: once(() => pull("sdk-http", [sdkHttp.url])),
  conformance: once(() => pull("conformance", [conformance.url])),
};
const generated = {
  notes: once(async () => generate(await pulled.stdioAuto(), "notes-client")),
  sdk: once(async () => generate(await pulled.sdkHttp(), "sdk-client")),
  conformance: once(async () => generate(await pulled.conformance(), "conformance-client")),
};

describe("the notes example", () => {
  it("records one contract over stdio and HTTP, in either era; only the pulled marker differs", async () => {
    const [stdioAuto, stdioLegacy, httpAuto, httpLegacy] = [await pulled.stdioAuto(), await pulled.stdioLegacy(), await pulled.httpAuto(), await pulled.httpLegacy()];
    const marker = (file: string) => (parse(readFileSync(file, "utf8")) as { pulled: unknown }).pulled;
    expect(marker(stdioAuto)).toEqual({ from: `stdio:${NOTES_STDIO}`, era: "modern", revision: "2026-07-28" });
    expect(marker(stdioLegacy)).toEqual({ from: `stdio:${NOTES_STDIO}`, era: "legacy", revision: "2025-11-25" });
    expect(marker(httpAuto)).toEqual({ from: notesHttp.url, era: "modern", revision: "2026-07-28" });
    expect(marker(httpLegacy)).toEqual({ from: notesHttp.url, era: "legacy", revision: "2025-11-25" });
    const contract = contractOf(stdioAuto) as Record<string, any>;
    for (const other of [stdioLegacy, httpAuto, httpLegacy]) expect(contractOf(other)).toEqual(contract);
    // What the notes manifest declares, as the server announces it.
    expect(contract.server).toMatchObject({ name: "notes", version: "1.0.0", title: "Notes", instructions: expect.stringContaining("list_notes") });
    expect(contract.protocol).toEqual(["2026-07-28", "2025-11-25", "2025-06-18"]); // as examples/notes/mcp.yaml serves
    expect(Object.keys(contract.tools)).toEqual(["add_note", "delete_note", "list_notes"]);
    expect(contract.tools.delete_note.annotations).toEqual({ destructiveHint: true, idempotentHint: true });
    expect(contract.tools.add_note.input.required).toEqual(["title", "body"]);
    expect(contract.templates.note.uriTemplate).toBe("notes://{id}");
  }, 180_000);

  it("round-trips the notes manifest: only what the wire never announces (input requests) differs", async () => {
    const result = await diffArguments(join(REPO_ROOT, "examples", "notes", "mcp.yaml"), await pulled.stdioAuto());
    expect(result.changes.map((c) => `${c.rule} ${c.path}`)).toEqual(["INPUT_REQUEST_REMOVED prompts.summarize_notes.inputs.draft", "INPUT_REQUEST_REMOVED tools.delete_note.inputs.confirm"]);
  }, 60_000);

  it("pulling twice gives identical bytes", async () => {
    const again = await pull("notes-stdio-again", ["--stdio", NOTES_STDIO]);
    expect(readFileSync(again, "utf8")).toBe(readFileSync(await pulled.stdioAuto(), "utf8"));
  }, 60_000);

  it("generate emits the typed client only", async () => {
    const notes = await generated.notes();
    expect(existsSync(join(notes, "src", "client.ts"))).toBe(true);
    expect(existsSync(join(notes, "src", "handlers.ts"))).toBe(false);
    expect(existsSync(join(notes, "src", "server.ts"))).toBe(false);
    const index = readFileSync(join(notes, "src", "index.ts"), "utf8");
    expect(index).toContain(`export { connect } from "./client.js";`);
    expect(index).not.toContain("createServer");
  }, 180_000);

  const transports = {
    stdio: (): ClientTransport => createStdioTransport({ command: process.execPath, args: [NOTES_START, "--stdio"], stderr: "ignore" }),
    http: (): ClientTransport => createHttpTransport({ url: notesHttp.url }),
  };
  describe.each([
    ["stdio", "auto"],
    ["stdio", "2025-11-25"],
    ["http", "auto"],
    ["http", "2025-11-25"],
  ] as const)("its client over %s, protocol %s", (transport, protocol) => {
    it("adds, lists and reads notes on the server it was pulled from", async () => {
      const { connect } = await loadClient(await generated.notes());
      const client = await connect({ transport: transports[transport](), clientInfo: CLIENT_INFO, protocol });
      try {
        const title = `pulled ${transport} ${protocol}`;
        const added = await client.tools.addNote({ title, body: "from a pulled manifest" });
        expect(typeof added.structured.id).toBe("string");
        const listed = await client.tools.listNotes({});
        expect(listed.structured.notes.map((n: { title: string }) => n.title)).toContain(title);
        const note = await client.templates.note.read({ id: added.structured.id });
        expect(JSON.stringify(note.contents)).toContain("from a pulled manifest");
        const index = await client.resources.index.read();
        expect(index.contents[0].uri).toBe("notes://index");
      } finally {
        await client.close();
      }
    }, 240_000);
  });
});

describe("a server written with the official SDK", () => {
  it("gives the same contract over stdio and HTTP, with the SDK's schemas verbatim", async () => {
    const contract = contractOf(await pulled.sdkHttp()) as Record<string, any>;
    expect(contractOf(await pulled.sdkStdio())).toEqual(contract);
    expect(contract.tools.add.input).toEqual({ type: "object", $schema: "https://json-schema.org/draft/2020-12/schema", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] });
    expect(contract.tools.add.output.required).toEqual(["sum"]);
    expect(contract.prompts.greet.arguments.name.required).toBe(true);
    expect(contract.resources.config.uri).toBe("config://app");
  }, 120_000);

  it("gives a client whose typed calls work over both transports", async () => {
    const { connect } = await loadClient(await generated.sdk());
    for (const transport of [createHttpTransport({ url: sdkHttp.url }), createStdioTransport({ command: process.execPath, args: [SDK_SERVER, "--stdio"], stderr: "ignore" })]) {
      const client = await connect({ transport, clientInfo: CLIENT_INFO });
      try {
        const result = await client.tools.add({ a: 2, b: 40 });
        expect(result.structured).toEqual({ sum: 42 });
        const prompt = await client.prompts.greet.get({ name: "Ada" });
        expect(JSON.stringify(prompt.messages)).toContain("Hello Ada");
        const config = await client.resources.config.read();
        expect(config.contents[0].text).toBe('{"debug":true}');
      } finally {
        await client.close();
      }
    }
  }, 180_000);
});

describe("the conformance fixture server", () => {
  it("pulls into a client that calls its tools, x-mcp-header mirroring included", async () => {
    const contract = contractOf(await pulled.conformance()) as Record<string, any>;
    expect(contract.tools.test_x_mcp_header.input.properties.region["x-mcp-header"]).toBe("Region");
    expect(contract.logging).toBe(true);
    const { connect } = await loadClient(await generated.conformance());
    const client = await connect({ transport: createHttpTransport({ url: conformance.url }), clientInfo: CLIENT_INFO });
    try {
      const text = await client.tools.testSimpleText({});
      expect(text.content[0].type).toBe("text");
      const mirrored = await client.tools.testXMcpHeader({ region: "eu-west" });
      expect(mirrored.isError ?? false).toBe(false);
      expect(JSON.stringify(mirrored.content)).toContain("eu-west");
    } finally {
      await client.close();
    }
  }, 240_000);
});

describe("a hand-written legacy-only stdio server", () => {
  const LEGACY = join(FIXTURES, "legacy-stdio-server.mjs");
  it("is pulled through the initialize fallback, with exactly the revisions it negotiates, into a working client", async () => {
    const file = await pull("legacy-only", ["--stdio", `node ${LEGACY}`]);
    const data = parse(readFileSync(file, "utf8")) as Record<string, any>;
    expect(data.pulled).toEqual({ from: `stdio:node ${LEGACY}`, era: "legacy", revision: "2025-06-18" });
    expect(data.protocol).toEqual(["2025-06-18", "2025-03-26"]);
    expect(data.server).toEqual({ name: "legacy-weather", version: "0.9.0", instructions: "Ask for a city." });
    expect(data.tools.forecast.input.required).toEqual(["city"]);
    expect(data.prompts.plan_trip.arguments).toEqual({ city: { required: true } });
    const { connect } = await loadClient(await generate(file, "legacy-client"));
    const client = await connect({ transport: createStdioTransport({ command: process.execPath, args: [LEGACY] }), clientInfo: CLIENT_INFO });
    try {
      const result = await client.tools.forecast({ city: "Lyon", days: 2 });
      expect(result.content).toEqual([{ type: "text", text: "Lyon: sunny for 2 day(s)" }]);
    } finally {
      await client.close();
    }
  }, 180_000);
});

describe("the generated clients type-check", () => {
  it("accepts correct calls and rejects a missing required argument or a wrong result type", async () => {
    for (const client of [generated.notes, generated.sdk, generated.conformance]) expect(existsSync(join(await client(), "dist", "index.js"))).toBe(true);
    const consumer = join(dir, "consumer.ts");
    writeFileSync(
      consumer,
      [
        `import { createStdioTransport } from "@mcp-gen/runtime/node";`,
        `import { connect as notes } from "./notes-client/dist/index.js";`,
        `import { connect as sdk } from "./sdk-client/dist/index.js";`,
        `import { connect as conformance } from "./conformance-client/dist/index.js";`,
        `const transport = createStdioTransport({ command: "node" });`,
        `const info = { name: "t", version: "1" };`,
        `export async function use(): Promise<void> {`,
        `  const n = await notes({ transport, clientInfo: info });`,
        `  const added = await n.tools.addNote({ title: "t", body: "b" });`,
        `  const id: string | undefined = added.structured?.id;`,
        `  await n.templates.note.read({ id: id ?? "" });`,
        `  // @ts-expect-error title is a required argument`,
        `  await n.tools.addNote({ body: "b" });`,
        `  const s = await sdk({ transport, clientInfo: info });`,
        `  const sum: number | undefined = (await s.tools.add({ a: 1, b: 2 })).structured?.sum;`,
        `  // @ts-expect-error a is a number`,
        `  await s.tools.add({ a: "1", b: 2 });`,
        `  // @ts-expect-error sum is a number, not a string`,
        `  const wrong: string | undefined = (await s.tools.add({ a: 1, b: 2 })).structured?.sum;`,
        `  const c = await conformance({ transport, clientInfo: info });`,
        `  await c.tools.testXMcpHeader({ region: "eu" });`,
        `  // @ts-expect-error region is required`,
        `  await c.tools.testXMcpHeader({});`,
        `  void sum; void wrong;`,
        `}`,
        ``,
      ].join("\n"),
    );
    const args = [TSC7, "--ignoreConfig", "--noEmit", "--strict", "--noUncheckedIndexedAccess", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--skipLibCheck", consumer];
    const result = await promisify(execFile)(process.execPath, args, { cwd: dir }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ""}${error.stderr ?? ""}` }),
    );
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  }, 420_000);
});

describe("pull --check", () => {
  const DRIFT = join(FIXTURES, "drift-server.mjs");
  const target = ["--stdio", `node ${DRIFT}`];
  let committed: string;
  beforeAll(async () => {
    committed = await pull("drift", target);
  }, 60_000);

  it("exits 0 when the server still matches the committed manifest, and writes nothing", async () => {
    const before = readFileSync(committed, "utf8");
    const run = await runCli(["pull", ...target, "--check", committed, "--fail-on", "breaking"]);
    expect(run.stdout).toContain("up to date");
    expect(run.code).toBe(0);
    expect(readFileSync(committed, "utf8")).toBe(before);
  }, 60_000);

  it("exits 1 naming the tool when the server adds a required argument (--fail-on breaking)", async () => {
    const run = await runCli(["pull", ...target, "--check", committed, "--fail-on", "breaking"], { env: { DRIFT: "1" } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/breaking \(1\)\n\s+INPUT_REQUIRED_PROPERTY_ADDED\s+tools\.search\.input#\/properties\/limit/);
    expect(run.stdout).toContain("1 breaking");
    const json = await runCli(["pull", ...target, "--check", committed, "--fail-on", "breaking", "--format", "json"], { env: { DRIFT: "1" } });
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { equal: boolean; failed: boolean; changes: { rule: string; level: string; path: string }[] };
    expect(report).toMatchObject({ equal: false, failed: true });
    expect(report.changes).toEqual([expect.objectContaining({ rule: "INPUT_REQUIRED_PROPERTY_ADDED", level: "breaking", path: "tools.search.input#/properties/limit" })]);
  }, 60_000);

  it("without --fail-on, any drift fails; with --fail-on breaking, a non-breaking drift passes", async () => {
    const anyDrift = await runCli(["pull", ...target, "--check", committed], { env: { DRIFT: "optional" } });
    expect(anyDrift.code).toBe(1);
    expect(anyDrift.stdout).toContain("tools.search.input");
    expect(anyDrift.stdout).toContain("0 breaking");
    const onlyBreaking = await runCli(["pull", ...target, "--check", committed, "--fail-on", "breaking"], { env: { DRIFT: "optional" } });
    expect(onlyBreaking.stdout).toContain("tools.search.input");
    expect(onlyBreaking.code).toBe(0);
  }, 90_000);
});

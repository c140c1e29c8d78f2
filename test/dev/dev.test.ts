// `mcp-gen dev` driven in a real pseudo-terminal (tmux, on a private socket), on a copy of the
// `mcp-gen init --js` scaffold in test/.tmp, talking to the server it runs over real HTTP.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInit } from "../../generator/commands/init.js";
import { modernCall } from "../runtime/helpers/http.js";

const ROOT = resolve(import.meta.dirname, "../..");
const DIR = join(ROOT, "test", ".tmp", `dev-${process.pid}`);
const SOCKET = `mcpgen-dev-${process.pid}`;
const SESSION = "dev";
/** The bound: an edit that adds a tool is served within 2 s. */
const SERVED_WITHIN_MS = 2000;

let port = 0;
let url = "";
let scaffolded = "";

function tmux(...args: string[]): string {
  return execFileSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8" });
}

/** Everything the terminal shows, scrollback included, wrapped lines joined. */
function screen(): string {
  return tmux("capture-pane", "-p", "-J", "-S", "-", "-t", SESSION);
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 90_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; terminal:\n${screen()}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The screen once `text` has appeared `count` times (counted from the start of the session). */
function appeared(text: string | RegExp, count = 1): string | undefined {
  const shown = screen();
  const found = typeof text === "string" ? shown.split(text).length - 1 : [...shown.matchAll(new RegExp(text, "g"))].length;
  return found >= count ? shown : undefined;
}

async function toolNames(): Promise<string[] | undefined> {
  try {
    const { final } = await modernCall(url, "tools/list");
    return (final?.result?.tools as { name: string }[] | undefined)?.map((t) => t.name);
  } catch {
    return undefined; // not listening (between two servers)
  }
}

async function greet(): Promise<string | undefined> {
  try {
    const { final } = await modernCall(url, "tools/call", { name: "greet", arguments: { name: "Ada" } });
    return final?.result?.structuredContent?.greeting as string | undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

const manifest = () => join(DIR, "mcp.yaml");
const SHOUT_TOOL = `  shout:
    description: Repeat a word loudly.
    input:
      type: object
      properties:
        word: { type: string }
      required: [word]
`;

describe("mcp-gen dev in a pseudo-terminal", () => {
  beforeAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    await runInit(DIR, { js: true, name: "dev-probe" });
    scaffolded = readFileSync(manifest(), "utf8");
    port = await freePort();
    url = `http://127.0.0.1:${port}/mcp`;
    const conf = join(DIR, "..", `tmux-${process.pid}.conf`);
    writeFileSync(conf, "set -g history-limit 50000\n");
    tmux("-f", conf, "new-session", "-d", "-s", SESSION, "-x", "220", "-y", "50", "-c", DIR, `${process.execPath} ${join(ROOT, "bin", "mcp-gen.js")} dev --port ${port} --debounce 40; sleep 600`);
  }, 30_000);

  afterAll(() => {
    try {
      tmux("kill-server");
    } catch {
      // already gone
    }
    rmSync(join(DIR, "..", `tmux-${process.pid}.conf`), { force: true });
    rmSync(DIR, { recursive: true, force: true });
  });

  it("generates, starts the server on the port and prints how to connect", async () => {
    // The watcher starts last, after the server and the connect lines.
    const shown = await waitFor("the first start", () => appeared("Ctrl-C stops"), 120_000);
    expect(shown).toMatch(/\[dev\] started in \d+ ms: /);
    expect(shown).toMatch(/\[dev\] generated in \d+ ms \(load \d+ ms, generate \d+ ms, write \d+ ms\)/);
    expect(shown).toContain(`URL        ${url}`);
    expect(shown).toContain(`stdio      node ${join(DIR, "start.js")} --stdio`);
    expect(shown).toContain(`npx @modelcontextprotocol/inspector --cli ${url} --transport http --method tools/list`);
    expect(await waitFor("tools/list", toolNames)).toEqual(["greet"]);
    expect(shown).toMatch(/\[dev\] type-checked the generated package in \d+ ms/);
  }, 150_000);

  it(`serves a tool added to mcp.yaml within ${SERVED_WITHIN_MS} ms, without a manual step`, async () => {
    // A user's first edit comes seconds after the start: by then dev has warmed up (it says so).
    await waitFor("the warm-up", () => appeared("[dev] warmed up in"), 60_000);
    const written = performance.now();
    writeFileSync(manifest(), scaffolded + SHOUT_TOOL);
    const names = await waitFor("shout in tools/list", async () => {
      const listed = await toolNames();
      return listed?.includes("shout") ? listed : undefined;
    }, 60_000, 20);
    const servedMs = performance.now() - written;
    // The server answers before dev prints its own line about it.
    const shown = await waitFor("dev's report", () => appeared("serving the change"));
    const report = Number(/serving the change (\d+) ms after the edit/.exec(shown)?.[1]);
    const regenerated = /regenerated in (\d+) ms/.exec(shown)?.[1];
    process.stdout.write(`mcp-gen dev: write → tools/list shows the tool: ${Math.round(servedMs)} ms (dev's own report ${report} ms, regeneration ${regenerated} ms)\n`);
    expect(names).toEqual(["greet", "shout"]);
    expect(servedMs).toBeLessThan(SERVED_WITHIN_MS);
  }, 90_000);

  it("prints a broken edit like validate (code, file:line:col, hint) and keeps the old server answering", async () => {
    const good = readFileSync(manifest(), "utf8");
    writeFileSync(manifest(), good.replace("word: { type: string }", "word: { type: strin }"));
    const line = good.split("\n").findIndex((l) => l.includes("word: { type: string }")) + 1;
    const shown = await waitFor("the diagnostic", () => appeared("the server keeps serving the last good version"));
    expect(shown).toMatch(new RegExp(`mcp\\.yaml:${line}:\\d+ error MCPGEN1506 tools\\.shout\\.input\\.properties\\.word\\.type: "strin" is not a JSON Schema type`));
    expect(shown).toContain("hint: did you mean `string`?");
    expect(await toolNames()).toEqual(["greet", "shout"]);
    expect(await greet()).toBe("Hello, Ada!");
  }, 60_000);

  it("recovers when the edit is fixed", async () => {
    const broken = readFileSync(manifest(), "utf8");
    writeFileSync(manifest(), broken.replace("word: { type: strin }", "word: { type: string }\n        times: { type: integer }"));
    await waitFor("a restart after the fix", () => appeared("restarted in", 2));
    const schema = await waitFor("the fixed tool", async () => {
      const { final } = await modernCall(url, "tools/list").catch(() => ({ final: undefined }));
      const shout = (final?.result?.tools as { name: string; inputSchema: { properties: Record<string, unknown> } }[] | undefined)?.find((t) => t.name === "shout");
      return shout && "times" in shout.inputSchema.properties ? shout.inputSchema : undefined;
    });
    expect(Object.keys(schema.properties)).toEqual(["word", "times"]);
  }, 60_000);

  it("restarts on a handler edit without regenerating", async () => {
    const regenerations = screen().split("regenerated in").length - 1;
    const handlers = join(DIR, "handlers.js");
    writeFileSync(handlers, readFileSync(handlers, "utf8").replace("Hello, ${name}!", "Howdy, ${name}!"));
    expect(await waitFor("the new greeting", async () => ((await greet()) === "Howdy, Ada!" ? "Howdy, Ada!" : undefined))).toBe("Howdy, Ada!");
    const shown = screen();
    expect(shown).toContain("handlers.js changed: restarting");
    expect(shown.split("regenerated in").length - 1).toBe(regenerations);
  }, 60_000);

  it("reports a crashing server and restarts it on the next edit", async () => {
    const handlers = join(DIR, "handlers.js");
    const working = readFileSync(handlers, "utf8");
    writeFileSync(handlers, `throw new Error("handler module broke");\n${working}`);
    const shown = await waitFor("the crash report", () => appeared("the server exited (code 1)"));
    expect(shown).toContain("handler module broke");
    expect(await toolNames()).toBeUndefined();
    writeFileSync(handlers, working);
    expect(await waitFor("the server back", async () => ((await greet()) === "Howdy, Ada!" ? "ok" : undefined))).toBe("ok");
  }, 60_000);

  it("stops the server cleanly on Ctrl-C", async () => {
    tmux("send-keys", "-t", SESSION, "C-c");
    await waitFor("the stop", () => appeared("[dev] stopped"));
    expect(await toolNames()).toBeUndefined();
    // The port is free again: nothing of the server is left listening.
    await new Promise<void>((done, fail) => {
      const again = createServer().once("error", fail).listen(port, "127.0.0.1", () => again.close(() => done()));
    });
  }, 30_000);
});

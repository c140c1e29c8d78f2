// Which server `mcp-gen dev` starts, and the refusals with their codes (MCPGEN060x).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parsePort } from "../../generator/commands/dev.js";
import { resolveLaunch, stdioCommandLine } from "../../generator/dev/entry.js";
import { UserError } from "../../generator/errors.js";

// Outside the checkout: no node_modules above, so tsx is certainly absent.
const DIR = mkdtempSync(join(tmpdir(), "mcp-gen-dev-entry-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const dir = join(DIR, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof UserError) return `${err.code}: ${err.hint ?? ""}`;
    throw err;
  }
  return undefined;
}

describe("resolveLaunch", () => {
  it("prefers package.json main, then the scaffold entries in order", () => {
    const dir = project("order", { "package.json": JSON.stringify({ main: "app/main.js" }), "app/main.js": "", "start.js": "", "server.js": "" });
    expect(resolveLaunch(dir).entry).toBe(join(dir, "app", "main.js"));
    const plain = project("plain", { "start.js": "", "server.js": "" });
    const launch = resolveLaunch(plain);
    expect(launch).toMatchObject({ entry: join(plain, "server.js"), cwd: plain, command: process.execPath, args: [join(plain, "server.js")], runner: "node" });
    expect(stdioCommandLine(launch)).toBe(`node ${join(plain, "server.js")} --stdio`);
  });

  it("refuses a folder without an entry (MCPGEN0601), and a missing --entry", () => {
    const dir = project("empty", { "mcp.yaml": "" });
    expect(codeOf(() => resolveLaunch(dir))).toMatch(/^MCPGEN0601: pass --entry/);
    expect(codeOf(() => resolveLaunch(dir, join(dir, "nope.js")))).toMatch(/^MCPGEN0601/);
  });

  it("refuses a TypeScript entry when tsx cannot be found (MCPGEN0602)", () => {
    const dir = project("ts", { "src/server.ts": "" });
    expect(codeOf(() => resolveLaunch(dir))).toMatch(/^MCPGEN0602: run `npm install -D tsx`/);
  });

  it("runs a TypeScript entry under the project's tsx", () => {
    const dir = project("tsx", { "src/server.ts": "", "node_modules/tsx/package.json": JSON.stringify({ name: "tsx", bin: { tsx: "./dist/cli.mjs" } }) });
    const launch = resolveLaunch(dir);
    expect(launch).toMatchObject({ runner: "tsx", args: ["--import", "tsx", join(dir, "src", "server.ts")], tsxCli: join(dir, "node_modules", "tsx", "dist", "cli.mjs") });
    expect(stdioCommandLine(launch)).toBe(`node ${join(dir, "node_modules", "tsx", "dist", "cli.mjs")} ${join(dir, "src", "server.ts")} --stdio`);
  });
});

describe("parsePort", () => {
  it("takes a port, picks a free one for 0, refuses the rest (MCPGEN0603)", async () => {
    expect(await parsePort("3000", "127.0.0.1")).toBe(3000);
    expect(await parsePort("0", "127.0.0.1")).toBeGreaterThan(0);
    for (const bad of ["", "abc", "-1", "65536", "3.5", "80x"]) {
      await expect(parsePort(bad, "127.0.0.1"), bad).rejects.toMatchObject({ code: "MCPGEN0603" });
    }
  });
});

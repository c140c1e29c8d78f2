// `mcp-gen … | head -1`: the reader closes the pipe before the CLI has written everything. The
// CLI must end quietly (exit 0, nothing on stderr), not with Node's unhandled 'error' event and
// its stack trace. The read end is closed before the child writes anything, so every write fails
// with EPIPE whatever the machine's speed.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..", "..");

// The launchers import the compiled CLI (dist/); tsc -b is incremental, a no-op when it is current.
beforeAll(() => {
  spawnSync(process.execPath, [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-b", "tsconfig.build.json"], { cwd: REPO });
}, 300_000);

function runIntoClosedPipe(bin: string, args: string[], closeStderr = false): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, bin), ...args], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    if (closeStderr) child.stderr.destroy();
    else child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe("the CLI writing into a closed pipe", () => {
  it.each([
    ["bin/mcp-gen.js", ["--help"]],
    ["bin/mcp-gen.js", ["diff", "2025-11-25", "2026-07-28"]],
    ["bin/mcp-gen.js", ["spec", "list"]],
    ["packages/cli/bin/mcp-gen.js", ["--help"]],
  ])("%s %j exits 0 without a stack trace", async (bin, args) => {
    const run = await runIntoClosedPipe(bin, args);
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
    expect(run.stderr).toBe("");
    expect([run.code, run.signal]).toEqual([0, null]);
  }, 60_000);

  it("also when stderr is closed too (`2>&1 | head`)", async () => {
    // Node's crash on an unhandled 'error' event exits 1; ending quietly is 0.
    const run = await runIntoClosedPipe("bin/mcp-gen.js", ["diff", "2025-11-25", "2026-07-28"], true);
    expect([run.code, run.signal]).toEqual([0, null]);
  }, 60_000);
});

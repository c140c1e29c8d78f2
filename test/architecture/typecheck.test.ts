// The whole repository type-checks: generator, runtime, bench scripts with types, and the tests
// themselves (`npm run typecheck`, TypeScript 7 with --noEmit over tsconfig.json). vitest strips
// types without checking them, so a test file with a type error would otherwise pass unnoticed.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

describe("npm run typecheck", () => {
  it("reports no type error anywhere in tsconfig.json's program", () => {
    const run = spawnSync(process.execPath, [join(ROOT, "node_modules/tsc7/bin/tsc"), "-p", join(ROOT, "tsconfig.json"), "--noEmit", "--pretty", "false"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 280_000,
    });
    expect(run.error).toBeUndefined();
    expect(`${run.stdout}${run.stderr}`.split("\n").filter((line) => line.includes("error TS"))).toEqual([]);
    expect(run.status).toBe(0);
  }, 300_000);
});

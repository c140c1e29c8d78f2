// The examples' handlers are plain JavaScript checked by TypeScript (`// @ts-check` and a JSDoc
// `@type {import("./generated/dist/index.js").Handlers}`): a handler that drifts from its
// manifest — a renamed tool, a wrong structuredContent shape, a missing template completer — is
// a type error here before it is a runtime surprise. Uses the fast TypeScript 7 checker.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { assertExampleGenerated, type ExampleName } from "../interop/support/example-process.js";

const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
const TSC = resolve(REPO_ROOT, "node_modules", "tsc7", "bin", "tsc");

async function typeCheck(files: readonly string[]): Promise<{ code: number; output: string }> {
  const args = [
    TSC,
    "--ignoreConfig",
    "--noEmit",
    "--allowJs",
    "--checkJs",
    "--strict",
    "--noUncheckedIndexedAccess",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2022",
    "--skipLibCheck",
    ...files,
  ];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: REPO_ROOT });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

describe.each(["notes", "shop", "config"] as const)("examples/%s/handlers.js", (name: ExampleName) => {
  it("type-checks against the Handlers interface generated from its manifest", async () => {
    assertExampleGenerated(name);
    const result = await typeCheck([`examples/${name}/handlers.js`]);
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  });
});

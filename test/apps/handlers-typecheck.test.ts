// examples/dashboard/handlers.js is plain JavaScript checked against the Handlers interface
// generated from its manifest (as test/examples/handlers-typecheck.test.ts does for the others):
// a tool renamed in mcp.yaml, or a structuredContent that drifts from its output schema, fails here.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "./support.js";

it("examples/dashboard/handlers.js type-checks against its generated Handlers", async () => {
  expect(existsSync(join(ROOT, "examples/dashboard/generated/dist/index.d.ts")), "run `npm run examples` first").toBe(true);
  const args = ["--ignoreConfig", "--noEmit", "--allowJs", "--checkJs", "--strict", "--noUncheckedIndexedAccess", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--skipLibCheck", "examples/dashboard/handlers.js"];
  const result = await promisify(execFile)(process.execPath, [join(ROOT, "node_modules/tsc7/bin/tsc"), ...args], { cwd: ROOT }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ""}${error.stderr ?? ""}` }),
  );
  expect(result.output).toBe("");
  expect(result.code).toBe(0);
});

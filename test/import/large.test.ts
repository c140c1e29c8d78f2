// A large real API description (test/fixtures/openapi/gitea.json, the Gitea API: 346
// operations, 3.0) imports, generates and type-checks (tsc 7, strict) together with a consumer
// that overrides one proxied tool and calls another through the typed client. How long the import
// takes is measured in `npm run bench -- import`, not asserted here.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { FIXTURES, importAndGenerate, type ImportedPackage } from "./support.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
let pkg: ImportedPackage | undefined;
afterAll(() => {
  if (pkg) rmSync(pkg.dir, { recursive: true, force: true });
});

it("the Gitea API (346 operations) imports, generates and type-checks", async () => {
  pkg = await importAndGenerate(join(FIXTURES, "gitea.json"), "gitea", { load: false });
  const tools = pkg.outcome.manifest.tools;
  expect(tools).toHaveLength(346);
  expect(new Set(tools.map((t) => t.identifier)).size).toBe(346);
  expect(tools.every((t) => t.http !== undefined)).toBe(true);
  // The relative server URL ("/api/v1") cannot be resolved against a file: said, not guessed.
  expect(pkg.outcome.diagnostics.map((d) => d.code)).toEqual(["MCPGEN3023"]);
  const repoGet = tools.find((t) => t.name === "repoGet")!;
  expect(repoGet.http).toMatchObject({ method: "GET", path: "/repos/{owner}/{repo}" });
  expect(repoGet.outputSchema).toMatchObject({ type: "object" });

  const consumer = join(pkg.dir, "consumer.ts");
  writeFileSync(
    consumer,
    [
      `import { createServer, connect } from "./generated/src/index.js";`,
      `const server = createServer({ tools: { repoGet: async (args) => ({ structuredContent: { name: args.repo, full_name: \`\${args.owner}/\${args.repo}\` } }) } }, { api: { baseUrl: "http://127.0.0.1:1/api/v1", credentials: { AccessToken: "t" } } });`,
      `void server;`,
      `export async function star(client: Awaited<ReturnType<typeof connect>>): Promise<string | undefined> {`,
      `  const result = await client.tools.repoGet({ owner: "o", repo: "r" });`,
      `  return result.structured?.full_name;`,
      `}`,
      `// @ts-expect-error a missing required path parameter is a type error`,
      `export const wrong = (client: Awaited<ReturnType<typeof connect>>) => client.tools.repoGet({ owner: "o" });`,
      "",
    ].join("\n"),
  );
  const run = spawnSync(
    process.execPath,
    [join(ROOT, "node_modules/tsc7/bin/tsc"), "--ignoreConfig", "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--skipLibCheck", "--types", "", consumer],
    { encoding: "utf8", cwd: pkg.dir },
  );
  expect(run.stdout + run.stderr).toBe("");
  expect(run.status).toBe(0);
}, 600_000);

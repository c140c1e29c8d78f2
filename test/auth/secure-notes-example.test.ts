// examples/secure-notes: its handlers type-check against the generated Handlers (ctx.auth
// included), and the generated package carries the manifest's auth declaration as the runtime
// options it builds (the end-to-end flows are client-flow, sdk-client-flow and pull-flow).
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
const EXAMPLE = resolve(REPO_ROOT, "examples/secure-notes");

describe("examples/secure-notes", () => {
  it("handlers.js type-checks against the generated Handlers", async () => {
    const tsc = resolve(REPO_ROOT, "node_modules", "tsc7", "bin", "tsc");
    const args = [tsc, "--ignoreConfig", "--noEmit", "--allowJs", "--checkJs", "--strict", "--noUncheckedIndexedAccess", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--skipLibCheck", "examples/secure-notes/handlers.js"];
    const output = await promisify(execFile)(process.execPath, args, { cwd: REPO_ROOT }).then(
      (r) => r.stdout,
      (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ""}${e.stderr ?? ""}` || "failed",
    );
    expect(output).toBe("");
  }, 60_000);

  it("exports the manifest's auth declaration, and the client the scopes per tool", async () => {
    const pkg = (await import(resolve(EXAMPLE, "generated/dist/index.js"))) as { authDeclaration: Record<string, unknown>; toolScopes: Record<string, string[]> };
    expect(pkg.authDeclaration).toEqual({
      authorizationServers: ["http://127.0.0.1:9400"],
      scopesSupported: ["notes:read", "notes:write"],
      requiredScopes: ["notes:read"],
      targets: { tools: { add_note: ["notes:write"], delete_note: ["notes:write"] }, resourceTemplates: { "notes://{id}": ["notes:read"] } },
      resourceName: "Secure notes",
    });
    expect(pkg.toolScopes).toEqual({ add_note: ["notes:read", "notes:write"], delete_note: ["notes:read", "notes:write"], list_notes: ["notes:read"], whoami: ["notes:read"] });
  });
});

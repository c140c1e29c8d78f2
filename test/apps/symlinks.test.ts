// Symbolic links in an app's bundle folder (MCPGEN2168): the loader inlines files into the
// generated server, so a followed link would publish whatever it points at (a file outside the
// project, a secret). Every link below the entry is refused; the entry itself, named by the
// manifest, may be one.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";
import { TMP_DIR } from "../support/tmp.js";

const DIR = join(TMP_DIR, "apps", "symlinks");
const MANIFEST = join(DIR, "project", "mcp.yaml");
const SECRET = "TOP-SECRET-do-not-inline";

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(DIR, path)), { recursive: true });
    writeFileSync(join(DIR, path), text);
  }
}
const link = (target: string, at: string) => symlinkSync(target, join(DIR, at));

beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  write({
    "outside/secret.js": `console.log("${SECRET}");\n`,
    "outside/shared/site.css": `body::after { content: "${SECRET}"; }\n`,
    "outside/page.html": `<html><body>${SECRET}</body></html>`,
    // A script that is a link to a file outside the project.
    "project/leak-file/index.html": '<html><body><script src="app.js"></script></body></html>',
    // A stylesheet under a linked folder.
    "project/leak-folder/index.html": '<html><head><link rel="stylesheet" href="/shared/site.css"></head><body></body></html>',
    // The page itself linked.
    "project/leak-index/.keep": "",
    // A link that stays inside the folder: refused too (one rule, as for skill folders).
    "project/inner-link/index.html": '<html><body><script src="alias.js"></script></body></html>',
    "project/inner-link/main.js": 'console.log("inner");\n',
    // A single-file entry whose sibling script is a link.
    "project/single/page.html": '<html><body><script src="s.js"></script></body></html>',
    // A linked entry (the manifest names it): allowed, its plain files inlined.
    "project/real/index.html": '<html><body><script src="ok.js"></script></body></html>',
    "project/real/ok.js": 'console.log("fine");\n',
  });
  link(join(DIR, "outside/secret.js"), "project/leak-file/app.js");
  link(join(DIR, "outside/shared"), "project/leak-folder/shared");
  link(join(DIR, "outside/page.html"), "project/leak-index/index.html");
  link("main.js", "project/inner-link/alias.js");
  link("../../outside/secret.js", "project/single/s.js");
  link(join(DIR, "project/real"), "project/linked-entry");
});
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const HEAD = "mcpgen: 1\nserver: { name: Board Server, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\n";
const manifestFor = (entry: string) => `${HEAD}apps:\n  a: { entry: ${entry} }\ntools:\n  t: { app: a }\n`;

describe("manifest apps: symbolic links (MCPGEN2168)", () => {
  it.each([
    ["leak-file", "app.js"],
    ["leak-folder", "shared"],
    ["leak-index", "index.html"],
    ["inner-link", "alias.js"],
    ["single/page.html", "s.js"],
  ])("refuses %s at the entry, naming the link %s, and inlines nothing", (entry, named) => {
    const { diagnostics, manifest } = loadManifestText(manifestFor(entry), MANIFEST);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.path])).toEqual([["MCPGEN2168", "error", 5, 15, "apps.a.entry"]]);
    expect(diagnostics[0]!.message).toContain(`\`${named}\``);
    expect(diagnostics[0]!.message).toMatch(/symbolic link/);
    expect(diagnostics[0]!.hint).toMatch(/copy/i);
    expect(manifest).toBeUndefined();
    expect(JSON.stringify(diagnostics)).not.toContain(SECRET);
  });

  it("accepts an entry that is itself a link, and inlines its plain files", () => {
    const { diagnostics, manifest } = loadManifestText(manifestFor("linked-entry"), MANIFEST);
    expect(diagnostics).toEqual([]);
    expect(manifest!.apps![0]!.html).toContain('console.log("fine")');
  });
});

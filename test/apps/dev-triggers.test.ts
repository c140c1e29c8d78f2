// `mcp-gen dev` regenerates when an app's page changes: the page is inlined at generation time,
// so its files are regeneration triggers like the manifest and its `$ref`'d schema files.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { regenerateTriggers } from "../../generator/dev/ref-files.js";
import { TMP_DIR } from "../support/tmp.js";
import { DASHBOARD_MANIFEST, ROOT } from "./support.js";

it("a bundle folder's files trigger regeneration, the handlers do not", () => {
  const triggers = regenerateTriggers(DASHBOARD_MANIFEST);
  const dir = join(ROOT, "examples/dashboard");
  expect([...triggers].sort()).toEqual([join(dir, "app/app.js"), join(dir, "app/index.html"), join(dir, "app/style.css"), join(dir, "mcp.yaml")]);
});

it("a single page triggers with the local scripts and stylesheets it names", () => {
  const dir = join(TMP_DIR, "apps", "dev-triggers");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "page.html"), '<link rel="stylesheet" href="s.css"><script src="js/a.js"></script><script src="https://cdn.example.com/x.js"></script>');
  writeFileSync(join(dir, "mcp.yaml"), "mcpgen: 1\nserver: { name: t, version: '1' }\nprotocol: [2026-07-28]\napps:\n  p: { entry: page.html }\n");
  expect([...regenerateTriggers(join(dir, "mcp.yaml"))].sort()).toEqual([join(dir, "js/a.js"), join(dir, "mcp.yaml"), join(dir, "page.html"), join(dir, "s.css")]);
});

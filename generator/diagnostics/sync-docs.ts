// `node dist/generator/diagnostics/sync-docs.js [--check]`: rewrites the code tables of the docs
// pages from the registry (docs-tables.ts); with --check, writes nothing and exits 1 when a page
// is stale. Not a CLI command: it edits this repository's docs, not a user's project.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PACKAGE_ROOT } from "../paths.js";
import { DOCS_PAGES, renderDocsPage } from "./docs-tables.js";

export function syncDocs(check: boolean): string[] {
  const stale: string[] = [];
  for (const page of DOCS_PAGES) {
    const path = join(PACKAGE_ROOT, page);
    const text = readFileSync(path, "utf8");
    const rendered = renderDocsPage(text, page);
    if (rendered === text) continue;
    stale.push(page);
    if (!check) writeFileSync(path, rendered);
  }
  return stale;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes("--check");
  const stale = syncDocs(check);
  for (const page of stale) process.stdout.write(`${check ? "stale" : "written"} ${page}\n`);
  if (check && stale.length > 0) {
    process.stdout.write("Run: node dist/generator/diagnostics/sync-docs.js\n");
    process.exitCode = 1;
  }
}

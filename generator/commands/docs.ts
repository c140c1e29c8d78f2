// `mcp-gen docs <manifest> --out <dir>`: writes <dir>/index.html, the server's reference page
// (generator/docs-page/). Refuses to overwrite an index.html mcp-gen did not write.
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { formatDiagnosticText } from "../diagnostics/format.js";
import { UserError } from "../errors.js";

/** What a page mcp-gen wrote starts with (page.ts: doctype, then the provenance comment). */
const OWN_PAGE = /^<!DOCTYPE html>\n<!--\nReference page of MCP server /;

function checkTarget(outDir: string): string {
  const file = join(outDir, "index.html");
  const kind = (path: string): "file" | "dir" | "none" => {
    try {
      return statSync(path).isDirectory() ? "dir" : "file";
    } catch {
      return "none";
    }
  };
  if (kind(outDir) === "file") throw new UserError("MCPGEN0702", `${outDir} is a file, not a folder`, "pass a folder to `--out`");
  const existing = kind(file);
  if (existing === "dir") throw new UserError("MCPGEN0702", `${file} is a folder`, "choose another `--out` folder");
  if (existing === "file" && !OWN_PAGE.test(readFileSync(file, "utf8").slice(0, 200))) {
    throw new UserError("MCPGEN0702", `${file} exists and was not written by \`mcp-gen docs\``, "choose another `--out` folder, or remove the file");
  }
  return file;
}

/** Runs the command; returns what it printed as its summary line. */
export async function runDocs(manifestPath: string, outDir: string, err: NodeJS.WritableStream = process.stderr): Promise<string> {
  const file = checkTarget(outDir);
  const { buildDocsPage } = await import("../docs-page/build.js");
  const page = await buildDocsPage(manifestPath, outDir);
  for (const warning of page.warnings) err.write(`${formatDiagnosticText(warning)}\n`);
  mkdirSync(outDir, { recursive: true });
  const before = (() => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
  })();
  if (before !== page.html) writeFileSync(file, page.html);
  const m = page.manifest;
  const counts = [`${m.tools.length} tool(s)`, `${m.prompts.length} prompt(s)`, `${m.resources.length} resource(s)`, `${m.templates.length} template(s)`].join(", ");
  return `${file}: ${before === page.html ? "unchanged" : "written"} (${counts})`;
}

export function registerDocsCommand(program: Command): void {
  program
    .command("docs")
    .description("write a static, self-contained HTML reference of the server (index.html)")
    .argument("<manifest>", "path to the manifest (mcp.yaml), written or pulled")
    .requiredOption("-o, --out <dir>", "folder to write index.html into")
    .action(async (manifest: string, opts: { out: string }) => {
      process.stdout.write(`${await runDocs(manifest, opts.out)}\n`);
    });
}

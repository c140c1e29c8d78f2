import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { syncRevision } from "../spec-schema/sync.js";

/** `mcp-gen types --revision R [--out file.ts]`: zod schemas, types and method tables for one revision. */
export function registerTypesCommand(program: Command): void {
  program
    .command("types")
    .description("emit one self-contained TypeScript module of zod schemas, types and method tables for a spec revision")
    .requiredOption("-r, --revision <rev>", "spec revision, e.g. 2026-07-28 (see `mcp-gen spec list`)")
    .option("-o, --out <file>", "write the module here instead of stdout")
    .action(async (opts: { revision: string; out?: string }) => {
      await syncRevision(opts.revision);
      const { generateTypesModule } = await import("../emit/types/types-module.js");
      const module = generateTypesModule(opts.revision);
      for (const d of module.diagnostics) process.stderr.write(`warning ${d.code} ${d.pointer}: ${d.message}\n`);
      if (!opts.out) {
        process.stdout.write(module.code);
        return;
      }
      const out = resolve(opts.out);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, module.code);
      process.stderr.write(`wrote ${opts.out} (${module.exported.length} definitions)\n`);
    });
}

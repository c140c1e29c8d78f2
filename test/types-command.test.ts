import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateTypesModule } from "../generator/emit/types/types-module.js";
import { readSpecLock, revisionNames } from "../generator/spec-schema/lock.js";
import { loadSpec } from "../generator/spec-schema/load.js";
import { definitionsOf } from "../generator/spec-schema/errata.js";
import { TMP_DIR, importTypesModule } from "./support/types-modules.js";

const ROOT = resolve(import.meta.dirname, "..");
const OUT_DIR = join(TMP_DIR, "types-cli");

describe("mcp-gen types", () => {
  beforeAll(() => {
    rmSync(OUT_DIR, { recursive: true, force: true });
    mkdirSync(OUT_DIR, { recursive: true });
    // Real CLI runs, one per revision, as a build script would call it.
    for (const revision of revisionNames()) {
      const run = spawnSync(process.execPath, ["bin/mcp-gen.js", "types", "--revision", revision, "--out", join(OUT_DIR, `${revision}.ts`)], {
        cwd: ROOT,
        encoding: "utf8",
      });
      if (run.status !== 0) throw new Error(`mcp-gen types --revision ${revision} failed:\n${run.stderr}`);
    }
    writeFileSync(
      join(OUT_DIR, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] },
        include: ["*.ts"],
      }),
    );
  });

  it("every revision's module passes tsc --strict --noEmit against zod 4.6", () => {
    const run = spawnSync(process.execPath, [join(ROOT, "node_modules/tsc7/bin/tsc"), "-p", join(OUT_DIR, "tsconfig.json")], { encoding: "utf8" });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it.each(revisionNames())("%s: exports a schema and a type per definition, and imports without error", async (revision) => {
    const module = await importTypesModule(revision);
    const definitions = Object.keys(definitionsOf(loadSpec(revision).json));
    const source = readFileSync(join(OUT_DIR, `${revision}.ts`), "utf8");
    for (const name of definitions) {
      const id = name.replace(/[^A-Za-z0-9_$]/g, "_");
      expect(module[`${id}Schema`], `${id}Schema`).toBeDefined();
      expect(source).toMatch(new RegExp(`export (type|interface) ${id}\\b`));
    }
    expect(module.PROTOCOL_REVISION).toBe(revision);
  });

  it.each(revisionNames())("%s: depends on zod alone (helpers inlined from the runtime's validation source)", (revision) => {
    const source = readFileSync(join(OUT_DIR, `${revision}.ts`), "utf8");
    expect(source.match(/^import .*$/gm)).toEqual(['import { z } from "zod";']);
    expect(source).not.toMatch(/from "@mcp-gen\/runtime|re2js|^export function /m);
  });

  it.each(revisionNames())("%s: starts with a provenance header and has no timestamp", (revision) => {
    const source = readFileSync(join(OUT_DIR, `${revision}.ts`), "utf8");
    const locked = readSpecLock().revisions.find((r) => r.revision === revision)!;
    const header = source.split("\n").slice(0, 6).join("\n");
    expect(header).toContain("DO NOT EDIT");
    expect(header).toContain(locked.sha256);
    expect(header).toContain(readSpecLock().commit);
    // Descriptions may quote example timestamps; the header must have none, and nothing may carry today's date.
    expect(header).not.toMatch(/\d\d:\d\d/);
    expect(source).not.toContain(new Date().toISOString().slice(0, 10));
  });

  it.each(revisionNames())("%s: generating twice gives identical bytes (and the CLI wrote the same)", (revision) => {
    const first = generateTypesModule(revision).code;
    const second = generateTypesModule(revision).code;
    expect(second).toBe(first);
    expect(readFileSync(join(OUT_DIR, `${revision}.ts`), "utf8")).toBe(first);
  });

  it("method tables are exported with their schemas", async () => {
    const modern = await importTypesModule("2026-07-28");
    expect(Object.keys(modern.clientRequests)).toContain("server/discover");
    expect(modern.clientRequests["tools/call"].inputRequired).toBe(true);
    expect(modern.clientRequests["tools/call"].result).toBe(modern.CallToolResultSchema);
    expect(Object.keys(modern.serverRequests)).toEqual([]);
    const legacy = await importTypesModule("2025-11-25");
    expect(Object.keys(legacy.serverRequests)).toContain("elicitation/create");
    expect(Object.keys(legacy.clientRequests)).toContain("initialize");
  });

  it("an unknown revision is a coded user error, exit 1", () => {
    const run = spawnSync(process.execPath, ["bin/mcp-gen.js", "types", "--revision", "2020-01-01"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("MCPGEN0101");
  });
});

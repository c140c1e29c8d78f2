// One regeneration of `mcp-gen dev`: load → IR → emit → compile → write, with the compiler's
// parsed disk files kept warm between runs, timed per phase. Problems come back as text printed
// exactly like `mcp-gen validate` prints them; nothing here throws for a bad manifest.
import { readFile } from "node:fs/promises";
import { type CompileCache, createCompileCache } from "../compile/compile.js";
import { writeFileSet } from "../compile/output-files.js";
import { type Diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import { formatDiagnosticsText } from "../diagnostics/format.js";
import { isUserError } from "../errors.js";
import type { Manifest } from "../manifest/ir.js";
import { loadManifest } from "../manifest/load.js";
import { memoizedFormat } from "./format-memo.js";
import { checkLastCompile } from "./type-check.js";

export interface PhaseTimes {
  readonly load: number;
  readonly generate: number;
  readonly write: number;
  readonly total: number;
}

export type RegenerateResult =
  | {
      readonly ok: true;
      readonly manifest: Manifest;
      readonly times: PhaseTimes;
      readonly written: readonly string[];
      readonly removed: readonly string[];
      readonly unchanged: number;
      /** Warnings, formatted like `validate` (empty when there are none). */
      readonly report: string;
    }
  | { readonly ok: false; readonly times: PhaseTimes; readonly report: string };

/** Diagnostics as `validate` prints them: source line, caret and hint, sources read from disk. */
export async function formatLikeValidate(diagnostics: readonly Diagnostic[]): Promise<string> {
  const sources = new Map<string, string>();
  for (const name of new Set(diagnostics.map((d) => d.file))) {
    const text = await readFile(name, "utf8").catch(() => undefined);
    if (text !== undefined) sources.set(name, text);
  }
  return formatDiagnosticsText(diagnostics, { sources });
}

export class Regenerator {
  private readonly cache: CompileCache = createCompileCache(true);
  private readonly format = memoizedFormat();
  private generator: typeof import("../generate/generate-package.js") | undefined;

  constructor(
    readonly manifestPath: string,
    readonly outDir: string,
    readonly packageName?: string,
  ) {}

  /**
   * Generates once more without writing, so the user's first edit meets a warm JIT and warm
   * caches (the first warm run costs about twice a later one). Errors are ignored: run() reports them.
   */
  async warm(): Promise<void> {
    const { manifest, diagnostics } = await loadManifest(this.manifestPath);
    if (!manifest || hasErrors(diagnostics)) return;
    this.generator ??= await import("../generate/generate-package.js");
    await this.generator.generatePackage(this.manifestPath, { outDir: this.outDir, loaded: { manifest, diagnostics }, compileCache: this.cache, format: this.format }).catch(() => undefined);
  }

  /** The deferred type check of the last generation: a report when the generated code does not type-check (a bug in mcp-gen), else "". */
  checkTypes(): string {
    const errors = checkLastCompile(this.cache);
    if (errors.length === 0) return "";
    return `mcp-gen: internal error (a bug in mcp-gen, please report it): the generated code does not type-check:\n${errors.map((e) => `  ${e}`).join("\n")}\n`;
  }

  async run(): Promise<RegenerateResult> {
    const start = performance.now();
    const times = (load: number, generate = load, write = generate): PhaseTimes => ({
      load: load - start,
      generate: generate - load,
      write: write - generate,
      total: write - start,
    });
    const { manifest, diagnostics } = await loadManifest(this.manifestPath);
    const loaded = performance.now();
    if (!manifest || hasErrors(diagnostics)) return { ok: false, times: times(loaded), report: await formatLikeValidate(diagnostics) };
    // Loaded on first use, like `generate`: the compiler and prettier are the slow imports.
    this.generator ??= await import("../generate/generate-package.js");
    let files: Map<string, string>;
    let warnings: readonly Diagnostic[];
    try {
      const generated = await this.generator.generatePackage(this.manifestPath, {
        outDir: this.outDir,
        loaded: { manifest, diagnostics },
        compileCache: this.cache,
        format: this.format,
        ...(this.packageName ? { packageName: this.packageName } : {}),
      });
      files = generated.files;
      warnings = generated.warnings;
    } catch (err) {
      return { ok: false, times: times(loaded, performance.now()), report: describeFailure(err) };
    }
    const generatedAt = performance.now();
    try {
      const { written, removed } = writeFileSet(this.outDir, files);
      const report = warnings.length > 0 ? await formatLikeValidate(warnings) : "";
      return { ok: true, manifest, times: times(loaded, generatedAt, performance.now()), written, removed, unchanged: files.size - written.length, report };
    } catch (err) {
      return { ok: false, times: times(loaded, generatedAt, performance.now()), report: describeFailure(err) };
    }
  }
}

/** A UserError prints like the CLI prints it; anything else is a bug, reported without dying. */
function describeFailure(err: unknown): string {
  if (isUserError(err)) return `error ${err.code}: ${err.message}\n${err.hint ? `  hint: ${err.hint}\n` : ""}`;
  return `mcp-gen: internal error (a bug in mcp-gen, please report it)\n${(err as Error)?.stack ?? String(err)}\n`;
}

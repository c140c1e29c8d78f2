// The `mcp-gen dev` loop: regenerate on manifest (and `$ref`'d file) edits, restart the server on
// every good regeneration and on handler edits, keep serving the last good server while an edit
// is broken, and stop everything on Ctrl-C.
//
// DECISION RECORD — WHAT AN EDIT DOES. A batch of changed files regenerates when it touches the
// manifest or a file its `$ref`s reach (recomputed from the current text on every batch), then
// restarts only when the written package differs; a batch of other source files (.ts/.js/.json
// …) only restarts. The generated output folder, node_modules, dist/ and .git are not watched, so
// the loop's own writes never trigger it. One batch is handled at a time; edits made meanwhile
// are merged into the next batch.
import { extname, relative, resolve } from "node:path";
import { regenerateTriggers } from "./ref-files.js";
import { type RegenerateResult, Regenerator } from "./regenerate.js";
import { ServerProcess } from "./server-process.js";
import { type ServerLaunch, stdioCommandLine } from "./entry.js";
import { TreeWatcher } from "./watcher.js";

export interface DevOptions {
  readonly manifestPath: string;
  readonly outDir: string;
  readonly packageName?: string;
  readonly launch: ServerLaunch;
  readonly host: string;
  readonly port: number;
  readonly debounceMs: number;
  readonly out: NodeJS.WritableStream;
}

/** Edits to these restart the server (handler sources, their configuration). */
const SOURCE_EXTENSIONS = new Set([".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".json"]);

const ms = (value: number) => `${Math.round(value)} ms`;

export function describeTimes(result: RegenerateResult): string {
  const t = result.times;
  return `${ms(t.total)} (load ${ms(t.load)}, generate ${ms(t.generate)}, write ${ms(t.write)})`;
}

export class DevLoop {
  private readonly regenerator: Regenerator;
  private readonly server: ServerProcess;
  private watcher: TreeWatcher | undefined;
  private readonly projectDir: string;
  private queued = new Set<string>();
  private queuedSince: number | undefined;
  private busy = false;
  private shuttingDown = false;
  private stopped: (() => void) | undefined;

  constructor(private readonly options: DevOptions) {
    this.projectDir = resolve(options.manifestPath, "..");
    this.regenerator = new Regenerator(options.manifestPath, options.outDir, options.packageName);
    this.server = new ServerProcess(options.launch, ["--port", String(options.port), "--host", options.host], {
      onLine: (line) => this.print(`[server] ${line}`),
      onCrash: (code, signal) => {
        if (this.shuttingDown) return;
        this.print(`[dev] the server exited (${signal ? `signal ${signal}` : `code ${code}`}); fix the cause: the next edit restarts it`);
      },
    });
  }

  private print(line: string): void {
    this.options.out.write(`${line}\n`);
  }

  private get url(): string {
    return `http://${this.options.host.includes(":") ? `[${this.options.host}]` : this.options.host}:${this.options.port}/mcp`;
  }

  /** Runs until stop(): first generation and start, then the watch loop. */
  async run(): Promise<void> {
    const done = new Promise<void>((resolveDone) => (this.stopped = resolveDone));
    this.print(`[dev] ${relative(process.cwd(), this.options.manifestPath) || this.options.manifestPath} → ${relative(process.cwd(), this.options.outDir) || this.options.outDir}; server ${relative(process.cwd(), this.options.launch.entry)} (${this.options.launch.runner})`);
    const first = await this.regenerate("generated");
    if (first?.ok) await this.restart();
    else this.print("[dev] fix the manifest: the server starts once it generates");
    this.printConnectInfo();
    if (first?.ok) this.deferredTypeCheck();
    this.watcher = new TreeWatcher(this.projectDir, {
      ignore: [this.options.outDir],
      debounceMs: this.options.debounceMs,
      onBatch: (paths, firstEventAt) => this.enqueue(paths, firstEventAt),
    });
    this.print(`[dev] watching ${this.watcher.folderCount} folder(s) under ${relative(process.cwd(), this.projectDir) || "."} (Ctrl-C stops)`);
    if (first?.ok) {
      // Edits made during the warm-up wait for it (queued), then run on the warm caches.
      this.busy = true;
      const started = performance.now();
      await this.regenerator.warm();
      this.busy = false;
      this.print(`[dev] warmed up in ${ms(performance.now() - started)}: edits now regenerate on warm caches`);
      if (this.queued.size > 0) void this.drain();
    }
    await done;
  }

  async stop(): Promise<void> {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    this.watcher?.close();
    await this.server.close();
    this.print("[dev] stopped");
    this.stopped?.();
  }

  private printConnectInfo(): void {
    const stdio = stdioCommandLine(this.options.launch);
    this.print(`[dev] connect:`);
    this.print(`        URL        ${this.url}`);
    this.print(`        stdio      ${stdio}`);
    this.print(`        inspector  npx @modelcontextprotocol/inspector --cli ${this.url} --transport http --method tools/list`);
    this.print(`                   npx @modelcontextprotocol/inspector ${stdio}`);
  }

  private enqueue(paths: ReadonlySet<string>, firstEventAt: number): void {
    for (const path of paths) this.queued.add(path);
    this.queuedSince ??= firstEventAt;
    if (!this.busy) void this.drain();
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.queued.size > 0 && !this.shuttingDown) {
        const batch = this.queued;
        const since = this.queuedSince ?? performance.now();
        this.queued = new Set();
        this.queuedSince = undefined;
        await this.handle(batch, since);
      }
    } finally {
      this.busy = false;
    }
  }

  private async handle(batch: ReadonlySet<string>, since: number): Promise<void> {
    const triggers = regenerateTriggers(this.options.manifestPath);
    const regenerate = [...batch].some((path) => triggers.has(path));
    const sources = [...batch].filter((path) => !triggers.has(path) && SOURCE_EXTENSIONS.has(extname(path)));
    if (regenerate) {
      const result = await this.regenerate("regenerated");
      if (!result?.ok) return;
      const changed = result.written.length + result.removed.length > 0;
      if (!changed && sources.length === 0 && this.server.running) return;
    } else if (sources.length > 0) {
      this.print(`[dev] ${sources.map((p) => relative(this.projectDir, p)).join(", ")} changed: restarting`);
    } else return;
    const ready = await this.restart();
    if (ready) this.print(`[dev] serving the change ${ms(performance.now() - since)} after the edit`);
    if (regenerate) this.deferredTypeCheck();
  }

  /** The check `generate` runs before writing, run here once the new server is up. */
  private deferredTypeCheck(): void {
    const started = performance.now();
    const report = this.regenerator.checkTypes();
    if (report !== "") this.options.out.write(report);
    else this.print(`[dev] type-checked the generated package in ${ms(performance.now() - started)}`);
  }

  private async regenerate(verb: string): Promise<RegenerateResult | undefined> {
    const result = await this.regenerator.run();
    if (this.shuttingDown) return undefined;
    if (!result.ok) {
      this.options.out.write(result.report.endsWith("\n") ? result.report : `${result.report}\n`);
      this.print(`[dev] not generated (${ms(result.times.total)}): ${this.server.running ? "the server keeps serving the last good version" : "no server is running"}`);
      return result;
    }
    if (result.report !== "") this.options.out.write(result.report);
    this.print(`[dev] ${verb} in ${describeTimes(result)}: ${result.written.length} file(s) written, ${result.removed.length} removed, ${result.unchanged} unchanged`);
    return result;
  }

  private async restart(): Promise<boolean> {
    const wasRunning = this.server.running;
    await this.server.stop();
    if (this.shuttingDown) return false;
    const started = await this.server.start();
    if (!started.ok) {
      this.print(`[dev] the server did not start (${ms(started.ms)}); fix it: the next edit restarts it`);
      return false;
    }
    this.print(`[dev] ${wasRunning ? "restarted" : "started"} in ${ms(started.ms)}: ${started.url}`);
    // The next restart's child boots now, while the user edits.
    if (!this.shuttingDown) this.server.prepare();
    return true;
  }
}

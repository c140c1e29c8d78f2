// Watches a project folder tree for `mcp-gen dev` and hands over debounced batches of changed files.
//
// DECISION RECORD — ONE WATCHER PER FOLDER, NOT `recursive: true`. On Linux, Node 20's recursive
// fs.watch walks every subfolder, node_modules included (tens of thousands of inotify watches in
// an installed project). This watcher walks the tree itself, skips the folders nobody edits
// (node_modules, .git, build and generated output), and adds a watcher when a folder appears.
// Folders, not files, are watched, so editors that save by writing a new file and renaming it
// over the old one are seen too.
import { type FSWatcher, readdirSync, statSync, watch } from "node:fs";
import { join, resolve, sep } from "node:path";

export interface WatchOptions {
  /** Absolute folders (and everything below them) that are never watched. */
  readonly ignore: readonly string[];
  /** Quiet time that ends a burst of events (editors write, rename and chmod in one save). */
  readonly debounceMs: number;
  /** Receives the absolute paths that changed during one burst, and when its first event came (performance.now()). */
  readonly onBatch: (paths: ReadonlySet<string>, firstEventAt: number) => void;
}

/** Folder names skipped wherever they appear. */
const SKIPPED_NAMES = new Set(["node_modules", ".git", "dist", "coverage", ".tmp"]);

export class TreeWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private firstEventAt = 0;
  private closed = false;
  private readonly ignore: readonly string[];

  constructor(
    private readonly root: string,
    private readonly options: WatchOptions,
  ) {
    this.ignore = options.ignore.map((dir) => resolve(dir));
    this.addTree(resolve(root));
  }

  /** How many folders are watched (reported at start-up). */
  get folderCount(): number {
    return this.watchers.size;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private skipped(dir: string, name: string): boolean {
    if (SKIPPED_NAMES.has(name)) return true;
    return this.ignore.some((ignored) => dir === ignored || dir.startsWith(ignored + sep));
  }

  private addTree(dir: string): void {
    if (this.closed || this.watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: true }, (_event, name) => this.onEvent(dir, name === null ? undefined : String(name)));
    } catch {
      return; // vanished between listing and watching
    }
    watcher.on("error", () => this.drop(dir));
    this.watchers.set(dir, watcher);
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = join(dir, entry.name);
      if (entry.isDirectory() && !this.skipped(child, entry.name)) this.addTree(child);
    }
  }

  private drop(dir: string): void {
    for (const [path, watcher] of this.watchers) {
      if (path === dir || path.startsWith(dir + sep)) {
        watcher.close();
        this.watchers.delete(path);
      }
    }
  }

  private onEvent(dir: string, name: string | undefined): void {
    if (this.closed) return;
    const path = name === undefined ? dir : join(dir, name);
    if (name !== undefined) {
      // A new folder gets a watcher of its own; a removed one loses its watchers.
      try {
        if (statSync(path).isDirectory()) {
          if (!this.skipped(path, name)) this.addTree(path);
          return;
        }
      } catch {
        if (this.watchers.has(path)) this.drop(path);
      }
    }
    if (this.ignore.some((ignored) => path.startsWith(ignored + sep))) return;
    if (this.pending.size === 0) this.firstEventAt = performance.now();
    this.pending.add(path);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.options.debounceMs);
  }

  private flush(): void {
    this.timer = undefined;
    if (this.closed || this.pending.size === 0) return;
    const batch = new Set(this.pending);
    this.pending.clear();
    this.options.onBatch(batch, this.firstEventAt);
  }
}

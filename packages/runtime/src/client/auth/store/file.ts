// A credential store in one JSON file, for CLIs: created 0600 in a 0700 folder, every change
// written to a temporary file beside it and renamed over it (a crash leaves the old file or the
// new one, never half of either). A file that does not parse as a store is an `auth-store`
// error and is left untouched: the client neither reads nor overwrites it. Changes from one
// process are serialized; two processes sharing a file keep the last writer's view.

import { dirname } from "node:path";
import { OAuthError } from "../errors.js";
import type { CredentialStore, StoredCredential } from "./types.js";

/** node:fs/promises, imported on first use: ./node is loaded by every server start, which keeps no credential store. */
const fileSystem = () => import("node:fs/promises");

const FORMAT = "mcp-gen-credentials";
const VERSION = 1;

interface StoreFile {
  format: typeof FORMAT;
  version: typeof VERSION;
  entries: Record<string, StoredCredential>;
}

function isEntry(value: unknown): value is StoredCredential {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.server === "string" && typeof v.resource === "string" && typeof v.issuer === "string";
}

export class FileCredentialStore implements CredentialStore {
  readonly path: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(path: string) {
    this.path = path;
  }

  private async read(): Promise<StoreFile> {
    const { readFile } = await fileSystem();
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { format: FORMAT, version: VERSION, entries: {} };
      throw new OAuthError("auth-store", `credential store ${this.path} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`, { cause: error });
    }
    const corrupt = (why: string): OAuthError => new OAuthError("auth-store", `credential store ${this.path} is corrupt (${why}); it was left as it is: fix or delete it to log in again`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw corrupt("not JSON");
    }
    const file = parsed as Partial<StoreFile> | null;
    if (typeof file !== "object" || file === null || file.format !== FORMAT) throw corrupt("not an mcp-gen credential store");
    if (file.version !== VERSION) throw corrupt(`unknown version ${String(file.version)}`);
    if (typeof file.entries !== "object" || file.entries === null || Array.isArray(file.entries)) throw corrupt("no entries object");
    for (const [key, entry] of Object.entries(file.entries)) if (!isEntry(entry)) throw corrupt(`entry ${JSON.stringify(key.slice(0, 80))} is malformed`);
    return file as StoreFile;
  }

  private async write(file: StoreFile): Promise<void> {
    const { chmod, mkdir, open, rename, rm } = await fileSystem();
    const folder = dirname(this.path);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Imported on first write, not at the top: ./node is loaded by every server start, which writes no store.
    const { randomBytes } = await import("node:crypto");
    const temporary = `${this.path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    try {
      const handle = await open(temporary, "wx", 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`, "utf8");
        await handle.sync();
      } finally {
        await handle.close();
      }
      await chmod(temporary, 0o600);
      await rename(temporary, this.path);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw new OAuthError("auth-store", `credential store ${this.path} cannot be written (${(error as NodeJS.ErrnoException).code ?? "error"})`, { cause: error });
    }
  }

  /** Runs changes one after another, so two concurrent sets do not lose each other. */
  private serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  get(key: string): Promise<StoredCredential | undefined> {
    return this.serialize(async () => (await this.read()).entries[key]);
  }

  set(key: string, value: StoredCredential): Promise<void> {
    return this.serialize(async () => {
      const file = await this.read();
      file.entries[key] = value;
      await this.write(file);
    });
  }

  delete(key: string): Promise<void> {
    return this.serialize(async () => {
      const file = await this.read();
      if (!(key in file.entries)) return;
      delete file.entries[key];
      await this.write(file);
    });
  }
}

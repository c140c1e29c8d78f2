// The default credential store: a Map, gone with the process.

import type { CredentialStore, StoredCredential } from "./types.js";

export class MemoryCredentialStore implements CredentialStore {
  private readonly entries = new Map<string, StoredCredential>();

  async get(key: string): Promise<StoredCredential | undefined> {
    const value = this.entries.get(key);
    return value === undefined ? undefined : structuredClone(value);
  }

  async set(key: string, value: StoredCredential): Promise<void> {
    this.entries.set(key, structuredClone(value));
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

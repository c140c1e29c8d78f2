// The default TaskStore: one process, records expire at createdAt + ttlMs (checked on read and
// by a sweep that does not keep the process alive).
import type { TaskRecord, TaskStore } from "./types.js";

const SWEEP_MS = 30_000;

function expired(record: TaskRecord, now: number): boolean {
  return record.ttlMs !== null && now >= record.createdAt + record.ttlMs;
}

export class MemoryTaskStore implements TaskStore {
  private readonly records = new Map<string, TaskRecord>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  private arm(): void {
    if (this.sweeper !== undefined) return;
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref?.();
  }

  sweep(now = Date.now()): void {
    for (const [id, record] of this.records) if (expired(record, now)) this.records.delete(id);
    if (this.records.size === 0 && this.sweeper !== undefined) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  async create(record: TaskRecord): Promise<void> {
    this.records.set(record.taskId, record);
    this.arm();
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.records.get(taskId);
    if (record === undefined) return undefined;
    if (expired(record, Date.now())) {
      this.records.delete(taskId);
      return undefined;
    }
    return record;
  }

  async update(record: TaskRecord): Promise<void> {
    if (this.records.has(record.taskId)) this.records.set(record.taskId, record);
  }

  async listByOwner(owner: string | undefined, limit: number): Promise<TaskRecord[]> {
    const now = Date.now();
    const out: TaskRecord[] = [];
    for (const record of [...this.records.values()].reverse()) {
      if (record.owner === owner && !expired(record, now)) out.push(record);
      if (out.length >= limit) break;
    }
    return out;
  }

  async size(): Promise<number> {
    return this.records.size;
  }

  close(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}

// Key and channel names of the task store (the other names live in keys.ts). Braces are Redis
// Cluster hash tags: each record is its own slot; the scripts touch one key each.
export interface TaskKeySpace {
  record(taskId: string): string;
  /** Sorted set of every retained task id, scored by expiry (size() and the global cap). */
  readonly all: string;
  /** Sorted set of one principal's task ids, scored by creation (tasks/list). */
  owner(owner: string | undefined): string;
  /** Present while the instance is alive (refreshed; expires when it dies). */
  instance(instanceId: string): string;
  /** Every stored change, for the listens and blocked tasks/result of all instances. */
  readonly changes: string;
  /** Input responses for the tasks one instance runs. */
  inbox(instanceId: string): string;
}

export function taskKeySpace(prefix: string): TaskKeySpace {
  return {
    record: (id) => `${prefix}:task:{${id}}`,
    all: `${prefix}:tasks:all`,
    // A principal may contain any character: encoded, so that no two owners share a key.
    owner: (owner) => `${prefix}:tasks:owner:${owner === undefined ? "-" : `=${encodeURIComponent(owner)}`}`,
    instance: (id) => `${prefix}:tasks:instance:${id}`,
    changes: `${prefix}:tasks:changes`,
    inbox: (id) => `${prefix}:tasks:inbox:${id}`,
  };
}

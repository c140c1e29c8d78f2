// Change events that feed modern listen streams and legacy sessions alike. The bus is a seam
// (ServerOptions.coordination.bus): the local one reaches only this process; a shared one
// (@mcp-gen/redis) also carries a notify*() on instance A to listen streams held by instance B.
export type ChangeEvent =
  | { type: "toolsListChanged" }
  | { type: "promptsListChanged" }
  | { type: "resourcesListChanged" }
  | { type: "resourceUpdated"; uri: string };

export type ChangeListener = (event: ChangeEvent) => void;

export interface ChangeBus {
  subscribe(listener: ChangeListener): () => void;
  /** Delivers to this process's listeners at once, and to other instances' if the bus is shared. */
  publish(event: ChangeEvent): void;
}

/** Listeners of one process; the fan-out shared buses deliver through. */
export class LocalChangeBus implements ChangeBus {
  private readonly listeners = new Set<ChangeListener>();

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: ChangeEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A broken stream must not stop delivery to the others.
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}

const CHANGE_TYPES: ReadonlySet<string> = new Set(["toolsListChanged", "promptsListChanged", "resourcesListChanged", "resourceUpdated"]);

/** A change event received from another instance, or undefined when it is not one. */
export function parseChangeEvent(value: unknown): ChangeEvent | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !CHANGE_TYPES.has(type)) return undefined;
  if (type !== "resourceUpdated") return { type } as ChangeEvent;
  const uri = (value as { uri?: unknown }).uri;
  return typeof uri === "string" ? { type, uri } : undefined;
}

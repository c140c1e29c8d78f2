// In-process change events that feed modern listen streams and legacy sessions alike.
export type ChangeEvent =
  | { type: "toolsListChanged" }
  | { type: "promptsListChanged" }
  | { type: "resourcesListChanged" }
  | { type: "resourceUpdated"; uri: string };

export type ChangeListener = (event: ChangeEvent) => void;

export class ChangeBus {
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

/** Appends one reference token to a JSON Pointer (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function pointerAppend(pointer: string, token: string | number): string {
  return `${pointer}/${String(token).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** Reads `#/a/b` (or `/a/b`) inside `root`; undefined when any step is missing. */
export function pointerGet(root: unknown, pointer: string): unknown {
  const body = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (body === "") return root;
  if (!body.startsWith("/")) return undefined;
  let node: unknown = root;
  for (const raw of body.slice(1).split("/")) {
    const token = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[token];
    if (node === undefined) return undefined;
  }
  return node;
}

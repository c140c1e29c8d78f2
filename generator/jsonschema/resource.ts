// One JSON Schema resource (a document or a standalone root schema) and `$ref`
// resolution inside it.
//
// DECISION (scope of resolution): refs resolve against the resource that contains them:
// `#` (the resource root), `#/json/pointer` (percent- and `~`-escapes decoded), `#name`
// (a `$anchor`, a `$dynamicAnchor`, or a draft-07 `$id: "#name"`), and the root's own
// `$id` followed by one of those fragments. Anything else points outside the resource
// (another file or a network URI); it is never fetched (design card: no network access at
// generation time) and is reported by the caller. An `$id` on a nested subschema would
// start a new base URI (JSON Schema 2020-12 §8.2.1) — it is reported as unsupported
// rather than silently resolved against the wrong base.

import { decodeFragmentPointer, valueAtPointer, type JsonSchemaDialect as Dialect } from "@mcp-gen/runtime/core";

export type RefTarget =
  | { readonly kind: "local"; readonly tokens: readonly string[] }
  | { readonly kind: "external"; readonly uri: string; readonly network: boolean }
  | { readonly kind: "unresolved"; readonly reason: string };

export interface NestedId {
  readonly tokens: readonly string[];
  readonly id: string;
}

/** Keywords whose values are data, not schemas: never scanned for anchors or ids. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

export class SchemaResource {
  readonly root: unknown;
  readonly dialect: Dialect;
  /** The root `$id` without its fragment, when present. */
  readonly baseId: string | undefined;
  readonly anchors = new Map<string, readonly string[]>();
  /** Subschemas that declare their own base URI (unsupported; see the module comment). */
  readonly nestedIds: NestedId[] = [];

  constructor(root: unknown, dialect: Dialect) {
    this.root = root;
    this.dialect = dialect;
    const rootId = isRecord(root) ? root["$id"] : undefined;
    this.baseId = typeof rootId === "string" && !rootId.startsWith("#") ? rootId.replace(/#$/, "") : undefined;
    this.index(root, []);
  }

  /** Where `ref` points, decided without fetching anything. */
  resolve(ref: string): RefTarget {
    let fragment: string;
    const hash = ref.indexOf("#");
    const base = hash < 0 ? ref : ref.slice(0, hash);
    if (base !== "" && base !== this.baseId) {
      return { kind: "external", uri: ref, network: /^https?:\/\//i.test(ref) };
    }
    fragment = hash < 0 ? "" : ref.slice(hash + 1);
    if (fragment === "") return { kind: "local", tokens: [] };
    if (fragment.startsWith("/")) {
      const tokens = decodeFragmentPointer(fragment);
      if (tokens === undefined) return { kind: "unresolved", reason: `'${ref}' is not a valid JSON pointer fragment` };
      if (valueAtPointer(this.root, tokens) === undefined) return { kind: "unresolved", reason: `nothing at '${ref}'` };
      return { kind: "local", tokens };
    }
    const anchor = this.anchors.get(safeDecode(fragment));
    if (anchor === undefined) return { kind: "unresolved", reason: `no anchor named '${fragment}'` };
    return { kind: "local", tokens: anchor };
  }

  /** Walks the resource once; `path` is a shared stack, copied only when something is recorded. */
  private index(node: unknown, path: string[]): void {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        path.push(String(i));
        this.index(item, path);
        path.pop();
      });
      return;
    }
    if (!isRecord(node)) return;
    for (const key of ["$anchor", "$dynamicAnchor"]) {
      const anchor = node[key];
      if (typeof anchor === "string" && !this.anchors.has(anchor)) this.anchors.set(anchor, [...path]);
    }
    const id = node["$id"];
    if (typeof id === "string" && path.length > 0) {
      if (id.startsWith("#") && this.dialect === "draft-07") {
        if (!this.anchors.has(id.slice(1))) this.anchors.set(id.slice(1), [...path]);
      } else {
        this.nestedIds.push({ tokens: [...path], id });
      }
    }
    for (const key in node) {
      if (DATA_KEYWORDS.has(key)) continue;
      const value = node[key];
      if (typeof value !== "object" || value === null) continue;
      path.push(key);
      this.index(value, path);
      path.pop();
    }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

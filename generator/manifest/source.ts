// The manifest as YAML text plus its syntax tree, so that any JSON path found by a later check
// can be turned back into `line:col`. Positions come from `yaml`'s LineCounter; the tree keeps
// every node's source range.
import type { Document, LineCounter, Node, Pair } from "yaml";
import { yaml } from "./yaml-lib.js";
import type { JsonPath, PathSegment } from "../diagnostics/json-path.js";

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface ParsedYaml {
  readonly text: string;
  readonly doc: Document.Parsed;
  readonly lineCounter: LineCounter;
}

export function parseYaml(text: string): ParsedYaml {
  const lineCounter = new (yaml().LineCounter)();
  // uniqueKeys: a duplicated key is an error with its own position (YAML 1.2 §3.2.1.1 requires unique keys).
  // resolveKnownTags: false keeps YAML 1.1 tags (!!binary, !!timestamp, !!set…) from turning
  // values into Buffers, Dates or Sets: a manifest is JSON data, and those tags become warnings.
  // merge: `<<: *base` merge keys work as most YAML users expect (a YAML 1.1 feature).
  const doc = yaml().parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true, resolveKnownTags: false, merge: true });
  return { text, doc, lineCounter };
}

export function positionOfOffset(source: ParsedYaml, offset: number): Position {
  const safe = Math.max(0, Math.min(offset, source.text.length));
  const { line, col } = source.lineCounter.linePos(safe);
  return { line, column: col };
}

/** Where a located node sits: the key of the pair that holds it, and the value node itself. */
interface Located {
  readonly key: Node | undefined;
  readonly value: Node | undefined;
  /** True when every path segment was found. */
  readonly complete: boolean;
}

function keyText(pair: Pair): string | undefined {
  const k = pair.key;
  if (yaml().isScalar(k)) return String(k.value);
  if (k === null || k === undefined) return "";
  return undefined;
}

function deref(source: ParsedYaml, node: unknown): unknown {
  let current = node;
  // Aliases point at anchored nodes; follow them (bounded, in case of a malformed tree).
  for (let i = 0; i < 32 && yaml().isAlias(current); i++) current = current.resolve(source.doc) ?? undefined;
  return current;
}

function walk(source: ParsedYaml, path: JsonPath): Located {
  let node: unknown = deref(source, source.doc.contents);
  let key: Node | undefined;
  for (const seg of path) {
    if (yaml().isMap(node)) {
      const pair = node.items.find((p) => yaml().isPair(p) && keyText(p) === String(seg));
      if (!pair) return { key, value: node as Node, complete: false };
      key = (pair.key as Node | null) ?? key;
      node = deref(source, pair.value);
      if (node === null || node === undefined) return { key, value: undefined, complete: true };
    } else if (yaml().isSeq(node) && typeof seg === "number") {
      const item = node.items[seg];
      if (item === undefined) return { key, value: node as Node, complete: false };
      key = undefined;
      node = deref(source, item);
    } else {
      return { key, value: node as Node | undefined, complete: false };
    }
  }
  return { key, value: node as Node | undefined, complete: true };
}

function startOf(node: Node | undefined): number | undefined {
  return node?.range?.[0];
}

/**
 * Position for a path. `target: "key"` points at the key naming the node (unknown keys, names);
 * `"value"` at the value (wrong types, bad values). Falls back to the deepest node found.
 */
export function locatePath(source: ParsedYaml, path: JsonPath, target: "key" | "value" = "value"): Position {
  const found = walk(source, path);
  const keyStart = startOf(found.key);
  const valueStart = startOf(found.value);
  let offset: number | undefined;
  if (!found.complete) offset = keyStart ?? valueStart;
  else if (target === "key") offset = keyStart ?? valueStart;
  else offset = valueStart ?? keyStart;
  return positionOfOffset(source, offset ?? firstContentOffset(source));
}

function firstContentOffset(source: ParsedYaml): number {
  return startOf(source.doc.contents ?? undefined) ?? 0;
}

/** The JSON path of the innermost node whose source range holds `offset` (for YAML errors). */
export function pathAtOffset(source: ParsedYaml, offset: number): PathSegment[] {
  const path: PathSegment[] = [];
  let node: unknown = source.doc.contents;
  for (let depth = 0; depth < 256; depth++) {
    if (yaml().isMap(node)) {
      const pair = node.items.find((p) => {
        const k = p.key as Node | null;
        const v = p.value as Node | null;
        const start = k?.range?.[0] ?? v?.range?.[0];
        const end = v?.range?.[2] ?? k?.range?.[2];
        return start !== undefined && end !== undefined && offset >= start && offset <= end;
      });
      if (!pair) break;
      const text = keyText(pair);
      if (text === undefined) break;
      path.push(text);
      node = pair.value;
    } else if (yaml().isSeq(node)) {
      const index = node.items.findIndex((item) => {
        const r = (item as Node | null)?.range;
        return r !== undefined && r !== null && offset >= r[0] && offset <= r[2];
      });
      if (index < 0) break;
      path.push(index);
      node = node.items[index];
    } else break;
  }
  return path;
}

/** The source text of the scalar at `path` as written (`1.0`, not the parsed 1), if it is one. */
export function scalarSourceAt(source: ParsedYaml, path: JsonPath): string | undefined {
  const found = walk(source, path);
  if (!found.complete || !yaml().isScalar(found.value) || !found.value.range) return undefined;
  return source.text.slice(found.value.range[0], found.value.range[1]);
}

import { definitionsOf } from "../../spec-schema/errata.js";
import { changeOf } from "../change.js";
import { CAPABILITY_ADDED, CAPABILITY_REMOVED } from "../rules/capabilities.js";
import { localResolver, type Resolver } from "../schema/resolve.js";
import type { Change } from "../types.js";

type Json = Record<string, unknown>;

export const CAPABILITY_DEFINITIONS: readonly string[] = ["ClientCapabilities", "ServerCapabilities"];

/**
 * Every capability field as a dotted path (`ServerCapabilities.tools.listChanged`), walking
 * nested `properties` through `$ref`s (2026-07-28 moved some objects to shared definitions,
 * which must not read as removed fields). Depth-limited: capabilities are shallow.
 */
export function capabilityPaths(document: Json): Set<string> {
  const defs = definitionsOf(document);
  const resolve = localResolver(document, { definitions: defs, $defs: defs });
  const paths = new Set<string>();
  for (const name of CAPABILITY_DEFINITIONS) if (defs[name]) collect(defs[name], name, resolve, paths, 0);
  return paths;
}

function collect(node: unknown, prefix: string, resolve: Resolver, out: Set<string>, depth: number): void {
  let schema = node as Json | undefined;
  for (let hops = 0; hops < 8 && schema && typeof schema.$ref === "string"; hops++) schema = resolve(schema.$ref) as Json | undefined;
  if (!schema || typeof schema !== "object" || depth > 4) return;
  const properties = schema.properties as Json | undefined;
  if (!properties || typeof properties !== "object") return;
  for (const [field, child] of Object.entries(properties)) {
    const path = `${prefix}.${field}`;
    out.add(path);
    collect(child, path, resolve, out, depth + 1);
  }
}

export function diffCapabilities(oldDocument: Json, newDocument: Json): Change[] {
  const before = capabilityPaths(oldDocument);
  const after = capabilityPaths(newDocument);
  const changes: Change[] = [];
  for (const path of [...before].filter((p) => !after.has(p)).sort()) {
    // A removed parent implies its children: report the topmost field only.
    const parent = path.slice(0, path.lastIndexOf("."));
    if (before.has(parent) && !after.has(parent)) continue;
    changes.push(changeOf(CAPABILITY_REMOVED, "capability", path, `capability ${path} removed`));
  }
  for (const path of [...after].filter((p) => !before.has(p)).sort()) {
    const parent = path.slice(0, path.lastIndexOf("."));
    if (after.has(parent) && !before.has(parent)) continue;
    changes.push(changeOf(CAPABILITY_ADDED, "capability", path, `capability ${path} added`));
  }
  return changes;
}

// The files whose edits mean "regenerate": the manifest and the schema files its `$ref`s name,
// followed through those files' own `$ref`s. Read from the raw text, so a manifest with errors
// still names its files (the fix may be in one of them).
import { readFileSync } from "node:fs";
import { dirname, extname, resolve } from "node:path";
import { parse as parseYamlValue } from "yaml";
import { classifyRef } from "../manifest/schema-refs.js";
import { appInputFiles } from "../manifest/apps.js";

function refsIn(value: unknown, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, out);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, child] of Object.entries(value)) {
    if (key === "$ref" && typeof child === "string") out.push(child);
    else refsIn(child, out);
  }
}

function parsed(file: string): unknown {
  try {
    const text = readFileSync(file, "utf8");
    return extname(file).toLowerCase() === ".json" ? JSON.parse(text) : parseYamlValue(text, { maxAliasCount: 1000 });
  } catch {
    return undefined; // unreadable or broken: still watched, its own refs are unknown until fixed
  }
}

/** Absolute paths of the manifest and every file reachable through its file `$ref`s. */
export function regenerateTriggers(manifestPath: string): Set<string> {
  const manifest = resolve(manifestPath);
  // The pages of MCP Apps are inlined at generation time (manifest/apps-inline.ts): their files regenerate too.
  const found = new Set<string>([manifest, ...appInputFiles(parsed(manifest), dirname(manifest))]);
  const queue = [manifest];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const refs: string[] = [];
    refsIn(parsed(file), refs);
    for (const ref of refs) {
      const target = classifyRef(ref, file === manifest);
      if (target.kind !== "file" || target.file === "") continue;
      const absolute = resolve(dirname(file), target.file);
      if (!found.has(absolute)) {
        found.add(absolute);
        queue.push(absolute);
      }
    }
  }
  return found;
}

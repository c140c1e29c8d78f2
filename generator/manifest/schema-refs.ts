// Resolving `$ref`s that leave a user schema: shared manifest definitions (`#/definitions/X`)
// and local files next to the manifest (`./schemas/note.json#/$defs/Note`).
//
// DECISION RECORD — NO NETWORK, NO ESCAPE. A manifest is read in builds and CI; fetching a
// URL would make generation depend on the network and on someone else's server, so any `$ref`
// with a URI scheme is rejected (MCPGEN1303). Files must sit in the manifest's folder or below
// it (MCPGEN1305), so a checked-out repository is self-contained.
import { readFileSync } from "node:fs";
import { dirname, extname, isAbsolute, relative, resolve } from "node:path";
import { yaml } from "./yaml-lib.js";

export type RefTarget =
  | { readonly kind: "local" }
  | { readonly kind: "shared"; readonly name: string; readonly rest: string }
  | { readonly kind: "network"; readonly ref: string }
  | { readonly kind: "file"; readonly file: string; readonly fragment: string };

/** Classifies a `$ref` found in a schema embedded in the manifest (`inManifest`) or in a file. */
export function classifyRef(ref: string, inManifest: boolean): RefTarget {
  if (ref.startsWith("#")) {
    const shared = /^#\/definitions\/([^/]+)(.*)$/.exec(ref);
    if (inManifest && shared) return { kind: "shared", name: decodePointerSegment(shared[1] ?? ""), rest: shared[2] ?? "" };
    return { kind: "local" };
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(ref) && !/^[A-Za-z]:[\\/]/.test(ref)) return { kind: "network", ref };
  const hash = ref.indexOf("#");
  return hash < 0 ? { kind: "file", file: ref, fragment: "" } : { kind: "file", file: ref.slice(0, hash), fragment: ref.slice(hash + 1) };
}

export function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function encodePointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

export type FileLoad =
  | { readonly ok: true; readonly absolute: string; readonly text: string; readonly content: unknown }
  | { readonly ok: false; readonly code: "MCPGEN1304" | "MCPGEN1305"; readonly message: string; readonly hint: string };

/** Reads a referenced file (JSON, or YAML for any other extension), relative to `baseDir`. */
export function loadRefFile(file: string, baseDir: string, manifestDir: string): FileLoad {
  if (file === "" || isAbsolute(file)) {
    return { ok: false, code: "MCPGEN1305", message: `\`$ref\` file path ${JSON.stringify(file)} must be relative to the manifest`, hint: "write a relative path such as ./schemas/note.json" };
  }
  const absolute = resolve(baseDir, file);
  const rel = relative(manifestDir, absolute);
  if (rel.startsWith("..") || isAbsolute(rel)) {
    return { ok: false, code: "MCPGEN1305", message: `\`$ref\` file ${JSON.stringify(file)} lies outside the manifest's folder`, hint: "move the file next to the manifest (or below it) and refer to it relatively" };
  }
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, code: "MCPGEN1304", message: `cannot read \`$ref\` file ${JSON.stringify(file)} (${code ?? "read error"})`, hint: code === "ENOENT" ? `create ${rel} or fix the path` : "check the file's permissions" };
  }
  try {
    const content: unknown = extname(absolute).toLowerCase() === ".json" ? JSON.parse(text) : yaml().parse(text, { maxAliasCount: 1000 });
    return { ok: true, absolute, text, content };
  } catch (err) {
    return { ok: false, code: "MCPGEN1304", message: `cannot parse \`$ref\` file ${JSON.stringify(file)}: ${(err as Error).message.split("\n")[0]}`, hint: "fix the file's JSON or YAML syntax" };
  }
}

/** Follows a JSON Pointer fragment (`/a/b`) inside a value; undefined when it leads nowhere. */
export function followPointer(value: unknown, fragment: string): { found: boolean; value: unknown } {
  if (fragment === "") return { found: true, value };
  if (!fragment.startsWith("/")) return { found: false, value: undefined };
  let node = value;
  for (const raw of fragment.slice(1).split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return { found: false, value: undefined }; // a stray `%` (URIError): no key can match it
    }
    const seg = decodePointerSegment(decoded);
    if (Array.isArray(node) && /^[0-9]+$/.test(seg)) node = node[Number(seg)];
    else if (node !== null && typeof node === "object" && Object.prototype.hasOwnProperty.call(node, seg)) node = (node as Record<string, unknown>)[seg];
    else return { found: false, value: undefined };
    if (node === undefined) return { found: false, value: undefined };
  }
  return { found: true, value: node };
}

export function dirOf(file: string): string {
  return dirname(file);
}

// The manifest's `skills` (SEP-2640): each entry is a skill folder, read at load time and bundled
// into the IR (every file with its bytes, SHA-256 digest and size). DECISION (docs/extensions.md
// § Skills): bundle, not reference. The generated package runs where no skill folder exists
// (Workers, Deno, a container without the sources), and the digests a server lists MUST describe
// the bytes it serves (§ Integrity and Verification): computing both from one read at generation
// time makes them agree by construction and keeps the output deterministic.
// Checks (MCPGEN2140–2152): folder and SKILL.md exist, frontmatter per the Agent Skills rules the
// extension adopts (§ Skill Format, § Resource Mapping), unique URIs, the limits (§ Limits).
import { createHash } from "node:crypto";
import { type Dirent, lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { yaml } from "./yaml-lib.js";
import {
  isValidSkillName,
  SKILL_DESCRIPTION_MAX_LENGTH,
  SKILL_FILE,
  SKILL_MAX_RESOURCES,
  SKILL_MAX_TOTAL_BYTES,
} from "@mcp-gen/runtime/core";
import type { SkillBundle, SkillBundleFile } from "./ir.js";
import { isMap, type RawMap } from "./raw.js";
import { Reporter } from "./reporter.js";
import { runtimeClient } from "./runtime-lazy.js";
import { parseYaml } from "./source.js";
import { mimeTypeOfSkillFile } from "./skills-mime.js";

// RFC 3986 segment characters we accept in a prefix: unreserved and sub-delims (no `%`, `:`, `@`).
const PREFIX_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=-]+$/;
const RESERVED_METADATA_PREFIX = "io.modelcontextprotocol/";

interface Entry {
  readonly folder: string;
  readonly prefix: string | undefined;
  readonly at: (string | number)[];
}

function entriesOfSkills(root: RawMap): Entry[] {
  const list = root["skills"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, i): Entry[] => {
    if (typeof item === "string") return [{ folder: item, prefix: undefined, at: ["skills", i] }];
    if (isMap(item) && typeof item["path"] === "string") {
      return [{ folder: item["path"], prefix: typeof item["prefix"] === "string" ? item["prefix"] : undefined, at: ["skills", i] }];
    }
    return [];
  });
}

function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(isJsonValue);
  return false;
}

/** The frontmatter text between the opening and closing `---` lines, or undefined. */
export function frontmatterText(text: string): string | undefined {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const rest = text.slice(open[0].length);
  const close = /^---[ \t]*(?:\r?\n|$)/m.exec(rest);
  return close ? rest.slice(0, close.index).replace(/\r?\n$/, "") : undefined;
}

function sameJson(a: unknown, b: unknown): boolean {
  const canon = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canon) : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, w]) => [k, canon(w)])) : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** Files of a folder, recursively, `/`-separated and in code-point order; dot-entries are left out. */
function walkFolder(root: string, report: (path: string, why: string) => void): string[] {
  const out: string[] = [];
  const visit = (rel: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch (err) {
      report(rel, (err as NodeJS.ErrnoException).code ?? "unreadable");
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith(".")) continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) out.push(path);
      else report(path, entry.isSymbolicLink() ? "a symbolic link" : "not a regular file");
    }
  };
  visit("");
  return out;
}

function bundleFile(path: string, bytes: Buffer): SkillBundleFile {
  const digest = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
  const text = bytes.toString("utf8");
  // Text only when the bytes are UTF-8 that round-trips exactly (the client re-encodes text to verify).
  const isText = Buffer.from(text, "utf8").equals(bytes);
  return { path, mimeType: mimeTypeOfSkillFile(path, isText), ...(isText ? { text } : { blob: bytes.toString("base64") }), size: bytes.length, digest };
}

/** Whether a `skills` item is a recorded skills/list entry (a pulled manifest's form). */
function isRecordedEntry(item: unknown): boolean {
  return isMap(item) && "uri" in item && !("path" in item);
}

/**
 * A pulled manifest records the server's entries, not folders: each must be one a client would
 * accept. Nothing is bundled (a pulled manifest generates a client only).
 */
function checkRecorded(list: readonly unknown[], pulled: boolean, reporter: Reporter): boolean {
  let ok = true;
  list.forEach((item, i) => {
    if (isRecordedEntry(item) !== pulled) {
      ok = false;
      const what = pulled ? "a skill folder in a pulled manifest" : "a recorded skill entry outside a pulled manifest";
      reporter.report("MCPGEN2153", ["skills", i], `\`skills[${i}]\` is ${what}`, "list skill folders in your own manifest; leave `skills` of a pulled manifest as `mcp-gen pull` wrote it");
    } else if (pulled) {
      try {
        runtimeClient().checkSkillEntry(item);
      } catch (error) {
        ok = false;
        reporter.report("MCPGEN2153", ["skills", i], `\`skills[${i}]\`: ${(error as Error).message}`, "pull the server again; a client would refuse this entry");
      }
    }
  });
  return ok;
}

/** Reads, checks and bundles every `skills` entry; undefined when the manifest declares none. */
export function loadSkills(root: unknown, manifestDir: string, reporter: Reporter): SkillBundle[] | undefined {
  if (!isMap(root) || !Array.isArray(root["skills"])) return undefined;
  const pulled = isMap(root["pulled"]);
  if (!checkRecorded(root["skills"], pulled, reporter) || pulled) return undefined;
  const bundles: SkillBundle[] = [];
  const byUri = new Map<string, (string | number)[]>();
  const byName = new Map<string, string>();
  for (const entry of entriesOfSkills(root)) {
    const bundle = loadOne(entry, manifestDir, reporter);
    if (bundle === undefined) continue;
    const uri = `skill://${bundle.path}/${SKILL_FILE}`;
    if (byUri.has(uri)) {
      reporter.report("MCPGEN2146", entry.at, `${uri} is served by two \`skills\` entries`, "remove the duplicate, or give one a different `prefix`");
      continue;
    }
    byUri.set(uri, entry.at);
    const name = bundle.frontmatter["name"] as string;
    const other = byName.get(name);
    if (other !== undefined) reporter.warn("MCPGEN2147", entry.at, `skill name \`${name}\` is also served at ${other}`, "rename one skill, unless hosts are meant to tell them apart by path");
    else byName.set(name, uri);
    bundles.push(bundle);
  }
  return bundles;
}

function loadOne(entry: Entry, manifestDir: string, reporter: Reporter): SkillBundle | undefined {
  const folder = resolve(manifestDir, entry.folder);
  const shown = join(dirname(reporter.file), entry.folder);
  let ok = false;
  try {
    ok = statSync(folder).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) {
    reporter.report("MCPGEN2140", entry.at, `skill folder \`${entry.folder}\` does not exist or is not a folder`, "point it at the skill's folder, relative to the manifest");
    return undefined;
  }
  let prefix: string | undefined;
  if (entry.prefix !== undefined) {
    const segments = entry.prefix.split("/");
    if (segments.some((s) => s === "." || s === ".." || !PREFIX_SEGMENT.test(s))) {
      reporter.report("MCPGEN2148", [...entry.at, "prefix"], `prefix \`${entry.prefix}\` is not a /-separated path of URI segments`, "write e.g. `prefix: acme/billing`");
      return undefined;
    }
    prefix = entry.prefix;
  }
  const skillFile = join(folder, SKILL_FILE);
  // Like every file of the folder, SKILL.md is never followed through a link (see walkFolder).
  if (lstatSync(skillFile, { throwIfNoEntry: false })?.isSymbolicLink()) {
    reporter.report("MCPGEN2150", entry.at, `\`${posix.join(entry.folder, SKILL_FILE)}\` cannot be bundled: a symbolic link`, "replace links by the files themselves, or remove the entry");
    return undefined;
  }
  let text: string;
  try {
    if (!lstatSync(skillFile).isFile()) throw new Error("not a file");
    text = readFileSync(skillFile, "utf8");
  } catch {
    reporter.report("MCPGEN2141", entry.at, `skill folder \`${entry.folder}\` has no readable ${SKILL_FILE}`, `add ${SKILL_FILE} with YAML frontmatter (name, description) to the folder`);
    return undefined;
  }
  const frontmatter = checkFrontmatter(text, join(shown, SKILL_FILE), posix.basename(folder.replaceAll("\\", "/")), reporter);
  if (frontmatter === undefined) return undefined;

  let failed = false;
  const paths = walkFolder(folder, (path, why) => {
    failed = true;
    reporter.report("MCPGEN2150", entry.at, `\`${posix.join(entry.folder, path)}\` cannot be bundled: ${why}`, "replace links by the files themselves, or remove the entry");
  });
  const files: SkillBundleFile[] = [];
  for (const path of paths) {
    try {
      files.push(bundleFile(path, readFileSync(join(folder, ...path.split("/")))));
    } catch (err) {
      failed = true;
      reporter.report("MCPGEN2150", entry.at, `\`${posix.join(entry.folder, path)}\` cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`, "check the file's permissions");
    }
  }
  if (failed) return undefined;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (files.length > SKILL_MAX_RESOURCES || total > SKILL_MAX_TOTAL_BYTES) {
    reporter.warn("MCPGEN2149", entry.at, `skill \`${frontmatter["name"] as string}\` has ${files.length} files and ${total} bytes (limits: ${SKILL_MAX_RESOURCES} files, ${SKILL_MAX_TOTAL_BYTES} bytes)`, "split the skill or move large files out of it");
  }
  const name = frontmatter["name"] as string;
  return { path: prefix === undefined ? name : `${prefix}/${name}`, frontmatter, files };
}

/** The frontmatter as JSON when it passes MCPGEN2142–2145; reports point into SKILL.md. */
function checkFrontmatter(text: string, shownFile: string, folderName: string, manifestReporter: Reporter): Record<string, unknown> | undefined {
  const fmText = frontmatterText(text);
  const first = new Reporter(shownFile, undefined, manifestReporter.diagnostics);
  if (fmText === undefined) {
    first.report("MCPGEN2142", [], `${SKILL_FILE} does not begin with a YAML frontmatter block`, "start the file with `---`, `name: ...`, `description: ...`, `---`");
    return undefined;
  }
  // One leading newline stands for the opening `---`, so positions are lines of SKILL.md itself.
  const source = parseYaml(`\n${fmText}`);
  const reporter = new Reporter(shownFile, source, manifestReporter.diagnostics);
  const error = source.doc.errors[0];
  if (error !== undefined || !yaml().isMap(source.doc.contents)) {
    const at = error?.linePos?.[0];
    reporter.report("MCPGEN2142", [], error ? `the frontmatter is not valid YAML: ${error.message.split("\n")[0] ?? ""}` : "the frontmatter is not a mapping of fields", "write `key: value` lines between the two `---` lines", at ? { position: { line: at.line, column: at.col } } : {});
    return undefined;
  }
  const data = source.doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
  if (!isJsonValue(data)) {
    reporter.report("MCPGEN2142", [], "the frontmatter holds values JSON cannot carry (tags, timestamps, binary)", "write plain strings, numbers, booleans, lists and mappings");
    return undefined;
  }
  let ok = true;
  const name = data["name"];
  if (typeof name !== "string" || !isValidSkillName(name)) {
    reporter.report("MCPGEN2143", name === undefined ? [] : ["name"], name === undefined ? "the frontmatter has no `name`" : `\`name\` ${JSON.stringify(name)} breaks the Agent Skills naming rules`, "write 1-64 lowercase letters, digits and single inner hyphens, e.g. `name: pdf-processing`");
    ok = false;
  } else if (name !== folderName) {
    reporter.report("MCPGEN2144", ["name"], `\`name\` \`${name}\` differs from the folder name \`${folderName}\``, "rename the folder or the skill so both read the same");
    ok = false;
  }
  const description = data["description"];
  if (typeof description !== "string" || description.trim() === "" || [...description].length > SKILL_DESCRIPTION_MAX_LENGTH) {
    const why = typeof description !== "string" ? "is missing or not a string" : description.trim() === "" ? "is empty" : `is ${[...description].length} characters (at most ${SKILL_DESCRIPTION_MAX_LENGTH})`;
    reporter.report("MCPGEN2145", description === undefined ? [] : ["description"], `\`description\` ${why}`, "write one or two sentences on what the skill does and when to use it");
    ok = false;
  }
  const metadata = data["metadata"];
  if (isMap(metadata)) {
    for (const key of Object.keys(metadata).filter((k) => k.startsWith(RESERVED_METADATA_PREFIX))) {
      reporter.warn("MCPGEN2151", ["metadata", key], `\`metadata\` key \`${key}\` is reserved for MCP extensions`, "use your own prefix, e.g. `com.example/version`", { target: "key" });
    }
  }
  if (!ok) return undefined;
  // Generated clients verify a fetched SKILL.md with the runtime's reader; it must agree.
  const runtimeView = runtimeClient().readSkillFrontmatter(text);
  if (!("fields" in runtimeView) || !sameJson(runtimeView.fields, data)) {
    reporter.warn("MCPGEN2152", [], "the runtime client's frontmatter reader does not read this frontmatter as the generator does", "use plain `key: value` lines, quoted strings, block lists and nested mappings");
  }
  return data;
}

// Verification of fetched skill content against the held entry (SEP-2640 § Integrity and
// Verification): the byte length against `size` first (a mismatch fails whether or not the
// digest is computed), then SHA-256 of the raw bytes against `digest`, and for SKILL.md the
// frontmatter field by field against the entry's. Web Crypto, so it runs in every runtime.
import type { JsonObject } from "../../core/jsonrpc/message.js";
import { SKILL_DIGEST_PATTERN, type SkillEntry, type SkillResource } from "../../core/skills.js";
import { readSkillFrontmatter } from "./frontmatter.js";

/** Why content was refused; the skill (or file) is not used. */
export class SkillVerificationError extends Error {
  constructor(
    readonly uri: string,
    readonly reason: "size" | "digest" | "frontmatter" | "unlisted" | "unreadable" | "entry",
    message: string,
  ) {
    super(message);
    this.name = "SkillVerificationError";
  }
}

/** The raw bytes of one `contents` item: UTF-8 of `text`, or the decoded `blob`. */
export function contentBytes(contents: JsonObject, uri: string): Uint8Array {
  if (typeof contents["text"] === "string") return new TextEncoder().encode(contents["text"]);
  if (typeof contents["blob"] === "string") {
    try {
      const binary = atob(contents["blob"]);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return bytes;
    } catch {
      throw new SkillVerificationError(uri, "unreadable", `${uri}: blob is not valid base64`);
    }
  }
  throw new SkillVerificationError(uri, "unreadable", `${uri}: resources/read returned neither text nor blob`);
}

export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  let hex = "";
  for (const b of hash) hex += b.toString(16).padStart(2, "0");
  return `sha256:${hex}`;
}

/** Throws SkillVerificationError unless `bytes` are what `resource` describes. */
export async function verifyBytes(resource: SkillResource, bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength !== resource.size) {
    throw new SkillVerificationError(resource.uri, "size", `${resource.uri}: ${bytes.byteLength} bytes served, the entry lists ${resource.size}`);
  }
  if (!SKILL_DIGEST_PATTERN.test(resource.digest)) throw new SkillVerificationError(resource.uri, "entry", `${resource.uri}: the entry's digest is malformed`);
  const actual = await sha256Digest(bytes);
  if (actual !== resource.digest) throw new SkillVerificationError(resource.uri, "digest", `${resource.uri}: content hashes to ${actual}, the entry lists ${resource.digest}`);
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => jsonEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as JsonObject)[k], (b as JsonObject)[k]));
}

/** Throws unless the SKILL.md text's frontmatter equals the entry's, field by field. */
export function verifyFrontmatter(entry: SkillEntry, skillFile: string): void {
  const read = readSkillFrontmatter(skillFile);
  if ("error" in read) throw new SkillVerificationError(entry.uri, "frontmatter", `${entry.uri}: ${read.error}`);
  const fields = new Set([...Object.keys(read.fields), ...Object.keys(entry.frontmatter)]);
  const differing = [...fields].filter((k) => !jsonEqual(read.fields[k] ?? null, (entry.frontmatter as JsonObject)[k] ?? null));
  if (differing.length > 0) throw new SkillVerificationError(entry.uri, "frontmatter", `${entry.uri}: frontmatter differs from the entry in ${differing.join(", ")}`);
}

// The Skills extension's wire facts (SEP-2640; ext-skills specification/stable/skills.mdx), one
// home for the server, the client and the generator: the identifier, the three methods, the
// entry shape, the directory MIME type, the digest format, the Agent Skills name rules and the
// two per-skill limits (§ Limits).
import { META_SKILLS_EXTENSION } from "./era/envelope.js";
import type { JsonObject } from "./jsonrpc/message.js";

/** § Extension Identifier (the literal's home is era/envelope.ts, with every io.modelcontextprotocol/ key). */
export const SKILLS_EXTENSION = META_SKILLS_EXTENSION;
/** § Listing Skills / § Getting a Skill / § Reading Directories. */
export const SKILLS_LIST_METHOD = "skills/list";
export const SKILLS_GET_METHOD = "skills/get";
export const DIRECTORY_READ_METHOD = "resources/directory/read";
/** § Directory Resources: every directory level of a skill is a resource of this type. */
export const DIRECTORY_MIME_TYPE = "inode/directory";
/** § Resource Mapping: the conventional scheme and the required root file. */
export const SKILL_URI_SCHEME = "skill";
export const SKILL_FILE = "SKILL.md";
export const SKILL_FILE_MIME_TYPE = "text/markdown";
/** § Resource Metadata: the `_meta` prefix this extension reserves on skill resources. */
export const SKILL_META_PREFIX = "io.modelcontextprotocol.skills/";
/** § Limits: resources per skill (SKILL.md included) and the sum of their sizes. */
export const SKILL_MAX_RESOURCES = 512;
export const SKILL_MAX_TOTAL_BYTES = 16 * 1024 * 1024;
/** § Integrity and Verification: `sha256:` + 64 lowercase hex digits over the raw bytes. */
export const SKILL_DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;
/** Agent Skills naming rules: 1–64 lowercase alphanumerics and single inner hyphens. */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SKILL_NAME_MAX_LENGTH = 64;
export const SKILL_DESCRIPTION_MAX_LENGTH = 1024;
/** § Resources: the value that replaces the manifest of a generated skill. */
export const DYNAMIC_SKILL_RESOURCES = "dynamic";

/** One file of a skill (§ Skill Entries: SkillResource). */
export interface SkillResource {
  readonly uri: string;
  readonly digest: string;
  readonly size: number;
}

/** The entry of one skill, the same in skills/list and skills/get (§ Skill Entries: Skill). */
export interface SkillEntry {
  readonly uri: string;
  readonly frontmatter: Readonly<JsonObject> & { readonly name: string; readonly description: string };
  readonly resources: readonly SkillResource[] | typeof DYNAMIC_SKILL_RESOURCES;
}

/** Whether a name satisfies the Agent Skills rules the extension adopts (§ Resource Mapping). */
export function isValidSkillName(name: string): boolean {
  return name.length <= SKILL_NAME_MAX_LENGTH && SKILL_NAME_PATTERN.test(name);
}

/** The skill name a `…/<name>/SKILL.md` URI carries, or undefined for any other URI. */
export function skillNameOfUri(uri: string): string | undefined {
  const scheme = uri.indexOf("://");
  if (scheme < 0 || !uri.endsWith(`/${SKILL_FILE}`)) return undefined;
  const segments = uri.slice(scheme + 3, -(SKILL_FILE.length + 1)).split("/");
  const last = segments[segments.length - 1];
  return last === undefined || last === "" ? undefined : last;
}

/** The skill root directory of a SKILL.md URI: the URI without `/SKILL.md` (no trailing slash). */
export function skillRootOfUri(uri: string): string | undefined {
  return skillNameOfUri(uri) === undefined ? undefined : uri.slice(0, -(SKILL_FILE.length + 1));
}

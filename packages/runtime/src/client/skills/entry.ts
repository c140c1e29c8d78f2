// Checks a skill entry as received (SEP-2640 § Skill Entries): the shape, the name rules, the
// URI ending in `<name>/SKILL.md`, a manifest listing SKILL.md and only files under the skill's
// root, each once with a well-formed digest and size. An entry that fails is not loaded (§
// Resources: "hosts MUST NOT load it").
import { isPlainObject, type JsonObject } from "../../core/jsonrpc/message.js";
import {
  DYNAMIC_SKILL_RESOURCES,
  isValidSkillName,
  SKILL_DIGEST_PATTERN,
  skillNameOfUri,
  skillRootOfUri,
  type SkillEntry,
  type SkillResource,
} from "../../core/skills.js";
import { SkillVerificationError } from "./verify.js";

function bad(uri: string, why: string): never {
  throw new SkillVerificationError(uri, "entry", `skill entry ${uri}: ${why}`);
}

/** The entry, typed, or SkillVerificationError("entry") saying what is wrong with it. */
export function checkSkillEntry(value: unknown): SkillEntry {
  if (!isPlainObject(value)) bad("(unnamed)", "not an object");
  const uri = value["uri"];
  if (typeof uri !== "string" || uri === "") bad("(unnamed)", "no uri");
  const frontmatter = value["frontmatter"];
  if (!isPlainObject(frontmatter)) bad(uri, "no frontmatter object");
  const name = frontmatter["name"];
  if (typeof name !== "string" || !isValidSkillName(name)) bad(uri, "frontmatter.name is missing or breaks the naming rules");
  if (typeof frontmatter["description"] !== "string" || frontmatter["description"].trim() === "") bad(uri, "frontmatter.description is missing");
  if (skillNameOfUri(uri) !== name) bad(uri, `the uri does not end in ${name}/SKILL.md`);
  const resources = value["resources"];
  if (resources === DYNAMIC_SKILL_RESOURCES) return { uri, frontmatter: frontmatter as SkillEntry["frontmatter"], resources };
  if (!Array.isArray(resources)) bad(uri, 'resources is neither a list nor "dynamic"');
  const root = `${skillRootOfUri(uri) as string}/`;
  const seen = new Set<string>();
  const list: SkillResource[] = resources.map((r: unknown) => {
    if (!isPlainObject(r) || typeof r["uri"] !== "string") bad(uri, "a resources item has no uri");
    const file = r["uri"];
    if (file !== uri && !file.startsWith(root)) bad(uri, `${file} lies outside the skill`);
    if (seen.has(file)) bad(uri, `${file} is listed twice`);
    seen.add(file);
    if (typeof r["digest"] !== "string" || !SKILL_DIGEST_PATTERN.test(r["digest"])) bad(uri, `${file} has no well-formed digest`);
    const size = r["size"];
    if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) bad(uri, `${file} has no well-formed size`);
    return { uri: file, digest: r["digest"], size };
  });
  if (!seen.has(uri)) bad(uri, "resources does not list SKILL.md itself");
  return { uri, frontmatter: frontmatter as JsonObject as SkillEntry["frontmatter"], resources: list };
}

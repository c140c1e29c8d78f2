// Every skill file as an ordinary resource, read with resources/read (SEP-2640 § Reading Skill
// Content). A SKILL.md carries the frontmatter's name and description and text/markdown
// (§ Resource Metadata); other files are named by their path in the skill.
import { SKILL_FILE, SKILL_FILE_MIME_TYPE } from "../../core/skills.js";
import type { CacheHint, ResourceContents, ResourceDefinition } from "../definition.js";
import type { SkillCatalog } from "./catalog.js";

export function skillResources(catalog: SkillCatalog, cache?: CacheHint): ResourceDefinition[] {
  return catalog.files.map(({ uri, skill, file }) => {
    const isSkillFile = file.path === SKILL_FILE;
    const contents: ResourceContents = {
      uri,
      mimeType: isSkillFile ? SKILL_FILE_MIME_TYPE : file.mimeType,
      ...(file.text !== undefined ? { text: file.text } : { blob: file.blob as string }),
    };
    return {
      uri,
      name: isSkillFile ? skill.frontmatter.name : `${skill.path}/${file.path}`,
      ...(isSkillFile ? { description: skill.frontmatter.description } : {}),
      mimeType: contents.mimeType as string,
      size: file.size,
      ...(cache === undefined ? {} : { cache }),
      read: () => [contents],
    };
  });
}

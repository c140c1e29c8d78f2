// Adds the Skills extension (SEP-2640) to a server definition: the capability
// `extensions["io.modelcontextprotocol/skills"] = { directoryRead: true }` (§ Capability
// Negotiation), every skill file as a resource (the extension requires the resources
// capability), and skills/list, skills/get and resources/directory/read as extension methods.
// SEP-2640 defines no client-side declaration, so the methods are served to every client that
// sees the server's (any era: `skills/*` are no spec method names in either).
import type { JsonObject } from "../../core/jsonrpc/message.js";
import { DIRECTORY_READ_METHOD, SKILLS_EXTENSION, SKILLS_GET_METHOD, SKILLS_LIST_METHOD } from "../../core/skills.js";
import type { CacheHint, ExtensionMethodDefinition, ServerDefinition } from "../definition.js";
import { type BundledSkill, compileSkillCatalog } from "./catalog.js";
import { getSkill, listSkills, readDirectory } from "./methods.js";
import { skillResources } from "./resources.js";

export interface SkillsOptions {
  /** Entries per skills/list page and children per directory page (default 100). */
  readonly pageSize?: number;
  /** Cache hint of skill results and skill file reads (default: the definition's cacheDefaults). */
  readonly cache?: CacheHint;
}

/** The definition with the skills served; the input definition is not modified. */
export function withSkills(definition: ServerDefinition, skills: readonly BundledSkill[], options: SkillsOptions = {}): ServerDefinition {
  const catalog = compileSkillCatalog(skills);
  const cache = options.cache ?? definition.cacheDefaults;
  const methodOptions = { ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }), ...(cache === undefined ? {} : { cache }) };
  const method = (name: string, run: typeof listSkills, description: string): ExtensionMethodDefinition<JsonObject, JsonObject> => ({
    method: name,
    extension: SKILLS_EXTENSION,
    description,
    requiresClientExtension: false,
    handler: (params, ctx) => run(catalog, params, ctx.era, methodOptions),
  });
  const extensions = { ...definition.capabilities?.extensions, [SKILLS_EXTENSION]: { directoryRead: true } };
  return {
    ...definition,
    resources: [...(definition.resources ?? []), ...skillResources(catalog, options.cache)],
    capabilities: { ...definition.capabilities, extensions },
    extensionMethods: [
      ...(definition.extensionMethods ?? []),
      method(SKILLS_LIST_METHOD, listSkills, "Lists the skills this server serves (SEP-2640)."),
      method(SKILLS_GET_METHOD, getSkill, "The entry of one skill by the URI of its SKILL.md (SEP-2640)."),
      method(DIRECTORY_READ_METHOD, readDirectory, "The direct children of a skill directory (SEP-2640)."),
    ],
  };
}

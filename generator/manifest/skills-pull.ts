// What `mcp-gen pull` records of a server's skills (SEP-2640): the skills/list entries as the
// server announced them (uri, frontmatter, and the files' digests and sizes), as the pulled
// manifest's `skills`. A pulled manifest has no skill folders to point at; the entries are the
// contract a client verifies against (manifest/skills.ts checks them on load). Entries a client would refuse (the runtime's own check)
// are left out and said out loud, like other items a pulled manifest cannot hold.
import { checkSkillEntry, SkillVerificationError } from "@mcp-gen/runtime/client";
import { DYNAMIC_SKILL_RESOURCES, type SkillEntry } from "@mcp-gen/runtime/core";

export interface PulledSkills {
  /** The entries, in URI order; absent when the server listed none. */
  readonly skills?: SkillEntry[];
  /** URIs of every listed skill file: left out of the pulled `resources` (the entries describe them). */
  readonly files: ReadonlySet<string>;
  readonly rejected: readonly string[];
}

export function pulledSkillsOf(listed: readonly unknown[]): PulledSkills {
  const skills: SkillEntry[] = [];
  const rejected: string[] = [];
  for (const item of listed) {
    try {
      skills.push(checkSkillEntry(item));
    } catch (error) {
      if (!(error instanceof SkillVerificationError)) throw error;
      rejected.push(error.message);
    }
  }
  skills.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  const files = new Set(skills.flatMap((s) => (s.resources === DYNAMIC_SKILL_RESOURCES ? [s.uri] : s.resources.map((r) => r.uri))));
  return { ...(skills.length > 0 ? { skills } : {}), files, rejected };
}

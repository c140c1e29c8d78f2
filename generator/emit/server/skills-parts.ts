// Skills in the generated server (manifest/skills.ts, SEP-2640): the bundled folders as one
// constant — every file's content with the digest and size the generator computed from the
// same bytes — handed to the runtime's withSkills, which serves them as skill:// resources and
// answers skills/list, skills/get and resources/directory/read.
import type { Manifest } from "../../manifest/ir.js";
import type { ModuleWriter } from "../module-writer/module-writer.js";
import { literal, RUNTIME } from "./naming.js";

export interface ServerSkillsParts {
  /** The module-level constant holding the bundled skills. */
  readonly part: string;
  /** The definition expression handed to createMcpServer. */
  readonly wrap: (definition: string) => string;
}

const SKILLS = "SKILLS";

export function serverSkillsParts(w: ModuleWriter, manifest: Manifest): ServerSkillsParts | undefined {
  const skills = manifest.skills ?? [];
  if (skills.length === 0) return undefined;
  const part =
    `/** Skills (manifest \`skills\`, SEP-2640): every file of each folder, with its SHA-256 digest and size. */\n` +
    `const ${SKILLS}: readonly ${w.use(RUNTIME.BundledSkill)}[] = ${literal(skills)};\n`;
  return { part, wrap: (expression) => `${w.use(RUNTIME.withSkills)}(${expression}, ${SKILLS})` };
}

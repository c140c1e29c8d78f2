// The fixture's part in the sep-2640-client-* scenarios (SEP-2640 § Integrity and Verification),
// through the runtime's SkillsClient only: list the skills; for the verify scenarios, load the
// first one (SKILL.md fetched and checked for size, digest and frontmatter) and, only if it
// verifies, read its other files. No scenario reads a file before loading (§ Lazy Retrieval).
import { type McpClient, SkillsClient, SkillVerificationError } from "../../../packages/runtime/src/client-entry.js";

export async function runSkillsScenario(client: McpClient, scenario: string): Promise<void> {
  const skills = new SkillsClient(client);
  const { skills: entries } = await skills.list();
  if (scenario === "sep-2640-client-no-prefetch") return;
  const first = entries[0];
  if (first === undefined) return;
  try {
    const loaded = await skills.load(first);
    for (const path of loaded.files) if (path !== "SKILL.md") await loaded.readFile(path);
  } catch (error) {
    if (!(error instanceof SkillVerificationError)) throw error;
    process.stderr.write(`skill refused (${error.reason}): ${error.message}\n`);
  }
}

// The skills a server serves, as the generator bundles them (content, digest and size computed
// from the same bytes at generation time), indexed once: the entries skills/list and skills/get
// answer, every file by URI for resources/read, and every directory level with its direct
// children for resources/directory/read (SEP-2640 § Resource Mapping, § Directory Resources).
import {
  DIRECTORY_MIME_TYPE,
  isValidSkillName,
  SKILL_DIGEST_PATTERN,
  SKILL_FILE,
  SKILL_URI_SCHEME,
  type SkillEntry,
} from "../../core/skills.js";
import type { JsonObject } from "../../core/jsonrpc/message.js";

/** One file of a bundled skill; exactly one of `text` (UTF-8) and `blob` (base64) is set. */
export interface BundledSkillFile {
  /** Path inside the skill folder, `/`-separated (`SKILL.md`, `references/FORMS.md`). */
  readonly path: string;
  readonly mimeType: string;
  readonly text?: string;
  readonly blob?: string;
  /** Bytes of the raw content, and `sha256:<hex>` of them (what the generator read). */
  readonly size: number;
  readonly digest: string;
}

/** One skill: its skill-path (`git-workflow`, `acme/billing/refunds`), frontmatter and files. */
export interface BundledSkill {
  readonly path: string;
  /** The SKILL.md frontmatter as JSON, verbatim (name and description at least). */
  readonly frontmatter: Readonly<JsonObject> & { readonly name: string; readonly description: string };
  readonly files: readonly BundledSkillFile[];
}

/** A directory child as resources/directory/read lists it (a Resource). */
export interface DirectoryChild extends JsonObject {
  uri: string;
  name: string;
  mimeType: string;
}

export interface IndexedSkillFile {
  readonly uri: string;
  readonly skill: BundledSkill;
  readonly file: BundledSkillFile;
}

export interface SkillCatalog {
  /** Entries in URI order: the listing. */
  readonly entries: readonly SkillEntry[];
  readonly entryByUri: ReadonlyMap<string, SkillEntry>;
  readonly files: readonly IndexedSkillFile[];
  /** Directory URI (no trailing slash) → direct children in name order. */
  readonly directories: ReadonlyMap<string, readonly DirectoryChild[]>;
}

/** `skill://<skill-path>/<file-path>`. */
export function skillFileUri(skillPath: string, filePath: string): string {
  return `${SKILL_URI_SCHEME}://${skillPath}/${filePath}`;
}

const SEGMENT = /^[^/\\]+$/;

function checkSkill(skill: BundledSkill): void {
  const segments = skill.path.split("/");
  if (segments.some((s) => !SEGMENT.test(s) || s === "." || s === "..")) throw new Error(`skill path '${skill.path}' has an empty or relative segment`);
  const name = segments[segments.length - 1] as string;
  if (!isValidSkillName(name)) throw new Error(`skill '${skill.path}': '${name}' is not a valid skill name`);
  if (skill.frontmatter.name !== name) throw new Error(`skill '${skill.path}': frontmatter name '${String(skill.frontmatter.name)}' differs from the last path segment`);
  if (typeof skill.frontmatter.description !== "string" || skill.frontmatter.description === "") throw new Error(`skill '${skill.path}' has no description`);
  if (!skill.files.some((f) => f.path === SKILL_FILE)) throw new Error(`skill '${skill.path}' has no ${SKILL_FILE}`);
  for (const file of skill.files) {
    if (file.path.split("/").some((s) => !SEGMENT.test(s) || s === "." || s === "..")) throw new Error(`skill '${skill.path}': file path '${file.path}' is not a relative path`);
    if (!SKILL_DIGEST_PATTERN.test(file.digest)) throw new Error(`skill '${skill.path}': '${file.path}' has a malformed digest`);
    if (!Number.isSafeInteger(file.size) || file.size < 0) throw new Error(`skill '${skill.path}': '${file.path}' has a malformed size`);
    if ((file.text === undefined) === (file.blob === undefined)) throw new Error(`skill '${skill.path}': '${file.path}' needs exactly one of text and blob`);
  }
}

function byKey<T>(key: (t: T) => string): (a: T, b: T) => number {
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** Indexes bundled skills; throws on a malformed bundle (hand-written definitions). */
export function compileSkillCatalog(skills: readonly BundledSkill[]): SkillCatalog {
  const entries: SkillEntry[] = [];
  const files: IndexedSkillFile[] = [];
  const seen = new Set<string>();
  const children = new Map<string, Map<string, DirectoryChild>>();
  const addChild = (dir: string, child: DirectoryChild): void => {
    let map = children.get(dir);
    if (map === undefined) children.set(dir, (map = new Map()));
    map.set(child.uri, child);
  };
  for (const skill of skills) {
    checkSkill(skill);
    const uri = skillFileUri(skill.path, SKILL_FILE);
    if (seen.has(uri)) throw new Error(`skill '${skill.path}' is bundled twice`);
    seen.add(uri);
    const sorted = [...skill.files].sort(byKey((f) => f.path));
    entries.push({
      uri,
      frontmatter: skill.frontmatter,
      resources: sorted.map((f) => ({ uri: skillFileUri(skill.path, f.path), digest: f.digest, size: f.size })),
    });
    const root = `${SKILL_URI_SCHEME}://${skill.path}`;
    children.set(root, children.get(root) ?? new Map());
    for (const file of sorted) {
      const fileUri = skillFileUri(skill.path, file.path);
      files.push({ uri: fileUri, skill, file });
      // Every directory level between the root and the file is a directory resource.
      const parts = file.path.split("/");
      let dir = root;
      for (const part of parts.slice(0, -1)) {
        const sub = `${dir}/${part}`;
        addChild(dir, { uri: sub, name: part, mimeType: DIRECTORY_MIME_TYPE });
        children.set(sub, children.get(sub) ?? new Map());
        dir = sub;
      }
      addChild(dir, { uri: fileUri, name: parts[parts.length - 1] as string, mimeType: file.mimeType });
    }
  }
  entries.sort(byKey((e) => e.uri));
  const directories = new Map<string, readonly DirectoryChild[]>();
  for (const [dir, map] of children) directories.set(dir, [...map.values()].sort(byKey((c) => c.name)));
  return { entries, entryByUri: new Map(entries.map((e) => [e.uri, e])), files, directories };
}

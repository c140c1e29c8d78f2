// The client side of the Skills extension (SEP-2640) over any McpClient: list and get entries,
// load a skill (fetch SKILL.md, verify size, digest and frontmatter against the entry), then read
// its files one at a time, each verified against the held entry; a file the entry does not list
// is refused (§ The Acting Window and the Held Entry). Nothing is fetched ahead of need: listing
// reads no file, loading reads SKILL.md only (§ Lazy Retrieval). Verified content is cached by
// (uri, digest), so a re-read with an unchanged entry costs nothing.
import { isPlainObject, type JsonObject } from "../../core/jsonrpc/message.js";
import {
  DIRECTORY_READ_METHOD,
  DYNAMIC_SKILL_RESOURCES,
  SKILLS_EXTENSION,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
  skillRootOfUri,
  type SkillEntry,
  type SkillResource,
} from "../../core/skills.js";
import type { McpClient } from "../client.js";
import { checkSkillEntry } from "./entry.js";
import { contentBytes, SkillVerificationError, verifyBytes, verifyFrontmatter } from "./verify.js";

/** One verified file of a loaded skill. */
export interface SkillFile {
  readonly uri: string;
  readonly mimeType: string | undefined;
  readonly bytes: Uint8Array;
  /** The content as text when the server sent text. */
  readonly text: string | undefined;
}

export interface SkillsClientOptions {
  /** Load skills whose `resources` is "dynamic" (no digests: frontmatter is still compared). Default false. */
  readonly allowDynamic?: boolean;
  /** Most skills/list pages followed (default 1000). */
  readonly maxPages?: number;
}

const MAX_PAGES = 1000;

/** A skill whose SKILL.md was fetched and verified: the held entry and its files on demand. */
export class LoadedSkill {
  readonly #skills: SkillsClient;
  constructor(
    readonly entry: SkillEntry,
    /** SKILL.md as verified. */
    readonly skillFile: SkillFile,
    skills: SkillsClient,
  ) {
    this.#skills = skills;
  }

  /** `skill://…/<name>` (no trailing slash). */
  get root(): string {
    return skillRootOfUri(this.entry.uri) as string;
  }

  /** Paths of the skill's files relative to its root, from the held entry (no request). */
  get files(): readonly string[] {
    return this.entry.resources === DYNAMIC_SKILL_RESOURCES ? [] : this.entry.resources.map((r) => r.uri.slice(this.root.length + 1));
  }

  /** Reads one file (a path relative to the skill root, or its URI), verified; unlisted: refused. */
  async readFile(pathOrUri: string): Promise<SkillFile> {
    const uri = pathOrUri.includes("://") ? pathOrUri : `${this.root}/${pathOrUri.replace(/^\.?\//, "")}`;
    return this.#skills.readVerified(this.entry, uri);
  }
}

export class SkillsClient {
  readonly #client: McpClient;
  readonly #options: SkillsClientOptions;
  readonly #cache = new Map<string, SkillFile>();

  constructor(client: McpClient, options: SkillsClientOptions = {}) {
    this.#client = client;
    this.#options = options;
  }

  /** The server's settings for the extension, or undefined when it does not declare it. */
  get declaration(): JsonObject | undefined {
    const extensions = this.#client.serverCapabilities["extensions"];
    const declared = isPlainObject(extensions) ? extensions[SKILLS_EXTENSION] : undefined;
    return isPlainObject(declared) ? declared : undefined;
  }

  #require(): JsonObject {
    const declared = this.declaration;
    if (declared === undefined) throw new Error(`the server does not declare the ${SKILLS_EXTENSION} extension`);
    return declared;
  }

  /** Every entry of skills/list (all pages); malformed entries are left out and reported in `rejected`. */
  async list(): Promise<{ skills: SkillEntry[]; rejected: SkillVerificationError[] }> {
    this.#require();
    const skills: SkillEntry[] = [];
    const rejected: SkillVerificationError[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < (this.#options.maxPages ?? MAX_PAGES); page++) {
      const result = await this.#client.request(SKILLS_LIST_METHOD, cursor === undefined ? {} : { cursor });
      for (const item of Array.isArray(result["skills"]) ? result["skills"] : []) {
        try {
          skills.push(checkSkillEntry(item));
        } catch (error) {
          if (!(error instanceof SkillVerificationError)) throw error;
          rejected.push(error);
        }
      }
      const next = result["nextCursor"];
      if (typeof next !== "string") return { skills, rejected };
      if (seen.has(next)) throw new Error(`${SKILLS_LIST_METHOD} repeated the cursor ${next}`);
      seen.add(next);
      cursor = next;
    }
    throw new Error(`${SKILLS_LIST_METHOD} did not end within ${this.#options.maxPages ?? MAX_PAGES} pages`);
  }

  /** skills/get: the current entry of one skill by its SKILL.md URI (checked). */
  async get(uri: string): Promise<SkillEntry> {
    this.#require();
    const result = await this.#client.request(SKILLS_GET_METHOD, { uri });
    const entry = checkSkillEntry(result["skill"]);
    if (entry.uri !== uri) throw new SkillVerificationError(uri, "entry", `${SKILLS_GET_METHOD} answered for ${entry.uri}, not ${uri}`);
    return entry;
  }

  /** resources/directory/read, one page; only against a server that declared directoryRead. */
  async readDirectory(uri: string, cursor?: string): Promise<{ resources: JsonObject[]; nextCursor: string | undefined }> {
    if (this.#require()["directoryRead"] !== true) throw new Error(`the server did not declare directoryRead; ${DIRECTORY_READ_METHOD} is not available`);
    const result = await this.#client.request(DIRECTORY_READ_METHOD, cursor === undefined ? { uri } : { uri, cursor });
    const resources = Array.isArray(result["resources"]) ? (result["resources"] as JsonObject[]) : [];
    return { resources, nextCursor: typeof result["nextCursor"] === "string" ? result["nextCursor"] : undefined };
  }

  /**
   * Loads a skill: fetches SKILL.md and verifies it against the entry (size, digest, then the
   * frontmatter field by field). Given only a URI, the entry comes from skills/get first.
   */
  async load(entryOrUri: SkillEntry | string): Promise<LoadedSkill> {
    const entry = typeof entryOrUri === "string" ? await this.get(entryOrUri) : checkSkillEntry(entryOrUri);
    if (entry.resources === DYNAMIC_SKILL_RESOURCES && this.#options.allowDynamic !== true) {
      throw new SkillVerificationError(entry.uri, "entry", `${entry.uri} publishes no digests (resources: "dynamic"); pass allowDynamic to load it anyway`);
    }
    const skillFile = await this.readVerified(entry, entry.uri);
    verifyFrontmatter(entry, skillFile.text ?? new TextDecoder().decode(skillFile.bytes));
    return new LoadedSkill(entry, skillFile, this);
  }

  /** @internal Reads `uri` under `entry`: listed files only, verified, cached by digest. */
  async readVerified(entry: SkillEntry, uri: string): Promise<SkillFile> {
    let listed: SkillResource | undefined;
    if (entry.resources !== DYNAMIC_SKILL_RESOURCES) {
      listed = entry.resources.find((r) => r.uri === uri);
      if (listed === undefined) throw new SkillVerificationError(uri, "unlisted", `${uri} is not a file of ${entry.uri} as held`);
      const cached = this.#cache.get(`${uri} ${listed.digest}`);
      if (cached !== undefined) return cached;
    } else if (uri !== entry.uri && !uri.startsWith(`${skillRootOfUri(entry.uri) as string}/`)) {
      throw new SkillVerificationError(uri, "unlisted", `${uri} lies outside ${entry.uri}`);
    }
    const result = await this.#client.readResource(uri);
    const contents = (Array.isArray(result.contents) ? result.contents : []).find((c) => isPlainObject(c) && c["uri"] === uri) as JsonObject | undefined;
    if (contents === undefined) throw new SkillVerificationError(uri, "unreadable", `resources/read returned no contents for ${uri}`);
    const bytes = contentBytes(contents, uri);
    if (listed !== undefined) await verifyBytes(listed, bytes);
    const file: SkillFile = {
      uri,
      mimeType: typeof contents["mimeType"] === "string" ? contents["mimeType"] : undefined,
      bytes,
      text: typeof contents["text"] === "string" ? contents["text"] : undefined,
    };
    if (listed !== undefined) this.#cache.set(`${uri} ${listed.digest}`, file);
    return file;
  }
}

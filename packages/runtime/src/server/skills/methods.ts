// skills/list, skills/get and resources/directory/read over a catalog, as plain functions of
// (params, era) so either era's dispatch can call them (SEP-2640 § Listing Skills, § Getting a
// Skill, § Reading Directories). Unknown skills and non-directories answer -32602 (§ Error
// Handling). On 2026-07-28 the three results are CacheableResults and carry ttlMs/cacheScope.
import { invalidParams } from "../../core/jsonrpc/errors.js";
import type { JsonObject } from "../../core/jsonrpc/message.js";
import type { Era } from "../../core/era/revisions.js";
import { DIRECTORY_READ_METHOD, SKILLS_GET_METHOD, SKILLS_LIST_METHOD } from "../../core/skills.js";
import { decodeCursor, encodeCursor } from "../../pagination/cursor.js";
import type { CacheHint } from "../definition.js";
import type { SkillCatalog } from "./catalog.js";

export interface SkillMethodOptions {
  /** Entries per skills/list page and children per directory page (default 100). */
  readonly pageSize?: number;
  /** Cache hint of the modern-era results (default ttlMs 0, private). */
  readonly cache?: CacheHint;
}

const DEFAULT_PAGE = 100;

function cacheFields(era: Era, options: SkillMethodOptions): JsonObject {
  if (era !== "modern") return {};
  const cache = options.cache ?? { ttlMs: 0, scope: "private" };
  return { ttlMs: cache.ttlMs, cacheScope: cache.scope };
}

function page<T>(list: string, items: readonly T[], cursor: unknown, size: number): { items: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : decodeCursor(list, cursor, items.length);
  const end = Math.min(items.length, start + size);
  return { items: items.slice(start, end), ...(end < items.length ? { nextCursor: encodeCursor(list, end) } : {}) };
}

function uriParam(params: JsonObject, method: string): string {
  const uri = params["uri"];
  if (typeof uri !== "string" || uri === "") throw invalidParams(`Invalid params: ${method} needs params.uri (a string)`);
  return uri;
}

/** skills/list: one page of entries; an entry is never split across pages. */
export function listSkills(catalog: SkillCatalog, params: JsonObject, era: Era, options: SkillMethodOptions = {}): JsonObject {
  const { items, nextCursor } = page(SKILLS_LIST_METHOD, catalog.entries, params["cursor"], options.pageSize ?? DEFAULT_PAGE);
  return { skills: items as unknown as JsonObject[], ...(nextCursor === undefined ? {} : { nextCursor }), ...cacheFields(era, options) };
}

/** skills/get: the entry of the skill whose SKILL.md is `params.uri`; no cursor. */
export function getSkill(catalog: SkillCatalog, params: JsonObject, era: Era, options: SkillMethodOptions = {}): JsonObject {
  const uri = uriParam(params, SKILLS_GET_METHOD);
  const entry = catalog.entryByUri.get(uri);
  if (entry === undefined) throw invalidParams(`No skill is served at ${uri}`);
  return { skill: entry as unknown as JsonObject, ...cacheFields(era, options) };
}

/** resources/directory/read: the direct children of a directory resource, paginated. */
export function readDirectory(catalog: SkillCatalog, params: JsonObject, era: Era, options: SkillMethodOptions = {}): JsonObject {
  const uri = uriParam(params, DIRECTORY_READ_METHOD);
  const children = catalog.directories.get(uri);
  if (children === undefined) throw invalidParams(`${uri} is not a directory resource`);
  const { items, nextCursor } = page(`${DIRECTORY_READ_METHOD} ${uri}`, children, params["cursor"], options.pageSize ?? DEFAULT_PAGE);
  return { resources: items, ...(nextCursor === undefined ? {} : { nextCursor }), ...cacheFields(era, options) };
}

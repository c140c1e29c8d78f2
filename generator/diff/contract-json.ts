import { z } from "zod";
import type { ServerContract } from "./contract.js";

/**
 * A server contract as a JSON file: `{"mcpgenContract": 1, "revisions": [...], "tools": [...], ...}`.
 * It lets `mcp-gen diff` compare servers that have no manifest (a later `mcp-gen pull` of a
 * live server writes this) and lets CI keep a released contract next to the code.
 */
export const CONTRACT_FORMAT_KEY = "mcpgenContract";

const jsonSchema = z.union([z.boolean(), z.record(z.string(), z.unknown())]);
const inputRequests = z.array(z.object({ key: z.string(), kind: z.string(), requires: z.string().optional(), schema: jsonSchema.optional() }).strict()).default([]);
const named = { name: z.string().min(1) };
const scopes = z.array(z.string()).optional();
const _meta = z.record(z.string(), z.unknown()).optional();
const toolHints = z
  .object({ readOnlyHint: z.boolean().optional(), destructiveHint: z.boolean().optional(), idempotentHint: z.boolean().optional(), openWorldHint: z.boolean().optional() })
  .strict();

const contractFile = z
  .object({
    [CONTRACT_FORMAT_KEY]: z.literal(1),
    revisions: z.array(z.string()),
    tools: z.array(z.object({ ...named, inputSchema: jsonSchema, outputSchema: jsonSchema.optional(), annotations: toolHints.optional(), inputRequests, scopes, taskSupport: z.enum(["optional", "required"]).optional(), _meta }).strict()).default([]),
    prompts: z
      .array(z.object({ ...named, arguments: z.array(z.object({ ...named, required: z.boolean() }).strict()).default([]), inputRequests, scopes, _meta }).strict())
      .default([]),
    resources: z.array(z.object({ ...named, uri: z.string(), mimeType: z.string().optional(), subscribe: z.boolean().default(false), inputRequests, scopes, _meta }).strict()).default([]),
    templates: z
      .array(z.object({ ...named, uriTemplate: z.string(), mimeType: z.string().optional(), subscribe: z.boolean().default(false), inputRequests, scopes, _meta }).strict())
      .default([]),
    handles: z.array(z.object({ ...named, ttlMs: z.number().int().nonnegative() }).strict()).default([]),
    auth: z.object({ required: z.array(z.string()) }).strict().optional(),
    extensions: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    methods: z.array(z.object({ ...named, extension: z.string(), params: jsonSchema, result: jsonSchema }).strict()).optional(),
    notifications: z.array(z.object({ ...named, extension: z.string(), direction: z.enum(["clientToServer", "serverToClient"]), params: jsonSchema }).strict()).optional(),
  })
  .strict();

export type ContractParse = { readonly ok: true; readonly contract: ServerContract } | { readonly ok: false; readonly problems: string };

/** Validates a parsed contract file; problems come back as readable text, never as a throw. */
export function parseContractJson(document: unknown): ContractParse {
  const parsed = contractFile.safeParse(document);
  if (!parsed.success) return { ok: false, problems: z.prettifyError(parsed.error) };
  const { [CONTRACT_FORMAT_KEY]: _version, ...contract } = parsed.data;
  return { ok: true, contract: contract as ServerContract };
}

function byName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The file form of a contract: collections sorted by name, so the same server gives the same bytes. */
export function contractToJson(contract: ServerContract): string {
  const file = {
    [CONTRACT_FORMAT_KEY]: 1,
    revisions: contract.revisions,
    tools: byName(contract.tools),
    prompts: byName(contract.prompts),
    resources: byName(contract.resources),
    templates: byName(contract.templates),
    handles: byName(contract.handles),
    ...(contract.auth ? { auth: contract.auth } : {}),
    ...(contract.extensions ? { extensions: contract.extensions } : {}),
    ...(contract.methods ? { methods: byName(contract.methods) } : {}),
    ...(contract.notifications ? { notifications: byName(contract.notifications) } : {}),
  };
  return JSON.stringify(file, null, 2) + "\n";
}

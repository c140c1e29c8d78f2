// Which scopes one JSON-RPC message needs: the server-wide ones plus those of the tool, prompt,
// resource or template it targets (manifest `scopes:`). Computed from the message before any
// dispatch, so a request lacking a scope never reaches a handler and gets 403
// insufficient_scope naming exactly what to ask for (basic/authorization § Scope Challenge
// Handling). Unknown targets need only the server-wide scopes: the dispatcher answers them.
import { compileUriTemplate, type CompiledUriTemplate } from "../uri/template.js";
import type { AuthOptions } from "./types.js";

type Params = Record<string, unknown> | undefined;

export interface ScopeTable {
  /** Scopes this message needs, in declaration order, without duplicates. */
  needed(method: string, params: Params): readonly string[];
}

export function createScopeTable(options: AuthOptions): ScopeTable {
  const base = options.requiredScopes ?? [];
  const targets = options.targets ?? {};
  const tools = new Map(Object.entries(targets.tools ?? {}));
  const prompts = new Map(Object.entries(targets.prompts ?? {}));
  const resources = new Map(Object.entries(targets.resources ?? {}));
  const templates: Array<{ pattern: string; matcher: CompiledUriTemplate; scopes: readonly string[] }> = Object.entries(
    targets.resourceTemplates ?? {},
  ).map(([pattern, scopes]) => ({ pattern, matcher: compileUriTemplate(pattern), scopes }));

  const ofUri = (uri: unknown): readonly string[] | undefined => {
    if (typeof uri !== "string") return undefined;
    const fixed = resources.get(uri);
    if (fixed) return fixed;
    for (const template of templates) if (template.matcher.match(uri) !== undefined) return template.scopes;
    return undefined;
  };

  const targetScopes = (method: string, params: Params): readonly string[] | undefined => {
    switch (method) {
      case "tools/call":
        return tools.get(String(params?.["name"]));
      case "prompts/get":
        return prompts.get(String(params?.["name"]));
      case "resources/read":
      case "resources/subscribe":
        return ofUri(params?.["uri"]);
      case "completion/complete": {
        const ref = params?.["ref"] as Record<string, unknown> | undefined;
        if (ref?.["type"] === "ref/prompt") return prompts.get(String(ref["name"]));
        if (ref?.["type"] === "ref/resource") return templates.find((t) => t.pattern === ref["uri"])?.scopes ?? ofUri(ref["uri"]);
        return undefined;
      }
      default:
        return undefined;
    }
  };

  // The union of the server-wide and a target's scopes, computed once per target (not per request).
  const merged = new WeakMap<readonly string[], readonly string[]>();
  return {
    needed(method, params) {
      const extra = targetScopes(method, params);
      if (!extra || extra.length === 0) return base;
      let union = merged.get(extra);
      if (union === undefined) merged.set(extra, (union = Object.freeze([...new Set([...base, ...extra])])));
      return union;
    },
  };
}

/** Whether `granted` holds every scope of `needed` (no allocation: runs per request). */
export function hasAllScopes(needed: readonly string[], granted: readonly string[]): boolean {
  for (const scope of needed) if (!granted.includes(scope)) return false;
  return true;
}

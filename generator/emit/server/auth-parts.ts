// What the emitted server and client take from the manifest's `auth` section (issue 11): the
// server exports `authDeclaration` and builds ServerOptions.auth from it (the verifier and any
// deployment overrides come at start-up through `authOverrides`); the client exports
// `toolScopes`, the scopes each tool call needs, so an application can ask for them up front.
import type { AuthDeclaration } from "../../manifest/auth.js";
import type { Manifest } from "../../manifest/ir.js";
import type { ModuleSymbol, ModuleWriter } from "../module-writer/module-writer.js";
import { literal } from "./naming.js";

const AUTH_PACKAGE = "@mcp-gen/runtime/auth";
const AUTH = {
  authOptionsFrom: { name: "authOptionsFrom", from: AUTH_PACKAGE, typeOnly: false },
  AuthDeclaration: { name: "AuthDeclaration", from: AUTH_PACKAGE, typeOnly: true },
  AuthOverrides: { name: "AuthOverrides", from: AUTH_PACKAGE, typeOnly: true },
} satisfies Record<string, ModuleSymbol>;

export const AUTH_DECLARATION_CONST = "authDeclaration";
export const TOOL_SCOPES_CONST = "toolScopes";

function byTarget(entries: ReadonlyArray<{ key: string; scopes?: readonly string[] }>): Record<string, readonly string[]> | undefined {
  const out: Record<string, readonly string[]> = {};
  for (const entry of entries) if (entry.scopes && entry.scopes.length > 0) out[entry.key] = entry.scopes;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The runtime's AuthDeclaration for this manifest, as JSON. */
function declarationOf(manifest: Manifest, auth: AuthDeclaration): Record<string, unknown> {
  const targets = Object.fromEntries(
    Object.entries({
      tools: byTarget(manifest.tools.map((t) => ({ key: t.name, scopes: t.scopes }))),
      prompts: byTarget(manifest.prompts.map((p) => ({ key: p.name, scopes: p.scopes }))),
      resources: byTarget(manifest.resources.map((r) => ({ key: r.uri, scopes: r.scopes }))),
      resourceTemplates: byTarget(manifest.templates.map((t) => ({ key: t.uriTemplate, scopes: t.scopes }))),
    }).filter(([, v]) => v !== undefined),
  );
  const declaration: Record<string, unknown> = { authorizationServers: auth.authorizationServers };
  if (auth.resource !== undefined) declaration["resource"] = auth.resource;
  if (auth.scopes.length > 0) declaration["scopesSupported"] = auth.scopes.map((s) => s.name);
  if (auth.required.length > 0) declaration["requiredScopes"] = auth.required;
  if (Object.keys(targets).length > 0) declaration["targets"] = targets;
  declaration["resourceName"] = manifest.server.title ?? manifest.server.name;
  if (auth.documentation !== undefined) declaration["documentation"] = auth.documentation;
  return declaration;
}

export interface ServerAuthParts {
  /** The exported declaration constant (a module-level part). */
  readonly part: string;
  /** Extra members of createServer's options type. */
  readonly optionsType: string;
  /** The expression createServer hands to createMcpServer instead of `options`. */
  readonly optionsExpression: string;
}

export function serverAuthParts(w: ModuleWriter, manifest: Manifest): ServerAuthParts | undefined {
  const auth = manifest.auth;
  if (!auth) return undefined;
  const name = w.export(AUTH_DECLARATION_CONST, false);
  const part =
    `/** The manifest's \`auth\` section: the HTTP server is an OAuth 2.1 resource server (stdio is unaffected). */\n` +
    `export const ${name} = ${literal(declarationOf(manifest, auth))} satisfies ${w.use(AUTH.AuthDeclaration)};\n`;
  return {
    part,
    optionsType: ` & { /** Issuers, resource id or verifier for this deployment (default: the JWT verifier on the declared issuers). */ authOverrides?: ${w.use(AUTH.AuthOverrides)} }`,
    optionsExpression: `{ ...options, auth: options.auth ?? ${w.use(AUTH.authOptionsFrom)}(${name}, options.authOverrides) }`,
  };
}

/** The client's `toolScopes` part (every scope a call of each tool needs), or undefined without `auth`. */
export function clientScopesPart(w: ModuleWriter, manifest: Manifest): string | undefined {
  const auth = manifest.auth;
  if (!auth) return undefined;
  const scopes = Object.fromEntries(manifest.tools.map((t) => [t.name, [...new Set([...auth.required, ...(t.scopes ?? [])])]]));
  return (
    `/** OAuth scopes each tool call needs (the manifest's \`auth.required\` plus the tool's own \`scopes\`). */\n` +
    `export const ${w.export(TOOL_SCOPES_CONST, false)} = ${literal(scopes)} as const;\n`
  );
}

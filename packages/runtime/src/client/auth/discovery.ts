// Discovery for the client's authorization [S26:basic/authorization]: Protected Resource
// Metadata (RFC 9728) from the challenge's `resource_metadata`, else the path-based, else the
// root well-known URL; the PRM `resource` must identify this server; authorization server
// metadata (RFC 8414 / OpenID discovery) in the spec's priority order, its `issuer` equal to
// the identifier it was fetched for (RFC 8414 § 3.3).

import { LEGACY_REVISIONS } from "../../core/era/revisions.js";
import { HEADER_PROTOCOL_VERSION } from "../../core/headers/names.js";
import { McpClientError } from "../errors.js";

export interface AuthorizationServer {
  issuer: string;
  metadata: Record<string, unknown>;
}

/** The MCP server's canonical URI for RFC 8707 `resource`: no fragment. */
export function canonicalResource(serverUrl: URL): string {
  const url = new URL(serverUrl.href);
  url.hash = "";
  return url.href;
}

/** Does a PRM `resource` identify this server? Same origin and a path prefix of the endpoint. */
export function resourceMatches(prmResource: string, serverUrl: URL): boolean {
  let resource: URL;
  try {
    resource = new URL(prmResource);
  } catch {
    return false;
  }
  if (resource.origin !== serverUrl.origin) return false;
  const prefix = resource.pathname.endsWith("/") ? resource.pathname : `${resource.pathname}/`;
  return serverUrl.pathname === resource.pathname || serverUrl.pathname.startsWith(prefix) || resource.pathname === "/";
}

/** PRM locations in priority order [RFC 9728 § 3; S26:basic/authorization § Protected Resource Metadata Discovery]. */
export function protectedResourceMetadataUrls(serverUrl: URL, fromChallenge: string | undefined): string[] {
  if (fromChallenge !== undefined) return [new URL(fromChallenge, serverUrl).href];
  const urls: string[] = [];
  const path = serverUrl.pathname.replace(/\/$/, "");
  if (path !== "") urls.push(new URL(`/.well-known/oauth-protected-resource${path}`, serverUrl).href);
  urls.push(new URL("/.well-known/oauth-protected-resource", serverUrl).href);
  return urls;
}

/** AS metadata locations in the spec's priority order [S26:basic/authorization § Authorization Server Metadata Discovery]. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  if (path === "") {
    return [new URL("/.well-known/oauth-authorization-server", url).href, new URL("/.well-known/openid-configuration", url).href];
  }
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, url).href,
    new URL(`/.well-known/openid-configuration${path}`, url).href,
    new URL(`${path}/.well-known/openid-configuration`, url).href,
  ];
}

export async function getJson(fetchImpl: typeof fetch, url: string): Promise<Record<string, unknown> | undefined> {
  // Metadata discovery sends the newest revision that defines it (2025-11-25 basic/authorization).
  const response = await fetchImpl(url, { headers: { Accept: "application/json", [HEADER_PROTOCOL_VERSION]: LEGACY_REVISIONS[0] } });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined;
}

export async function fetchProtectedResourceMetadata(fetchImpl: typeof fetch, serverUrl: URL, fromChallenge: string | undefined): Promise<Record<string, unknown>> {
  for (const url of protectedResourceMetadataUrls(serverUrl, fromChallenge)) {
    const document = await getJson(fetchImpl, url);
    if (document !== undefined) return document;
  }
  throw new McpClientError("auth-required", `no protected resource metadata found for ${serverUrl.href}`);
}

export async function fetchAuthorizationServer(fetchImpl: typeof fetch, issuer: string): Promise<AuthorizationServer> {
  for (const url of authorizationServerMetadataUrls(issuer)) {
    const metadata = await getJson(fetchImpl, url);
    if (metadata === undefined) continue;
    if (metadata.issuer !== issuer) {
      throw new McpClientError("auth-required", `authorization server metadata issuer ${String(metadata.issuer)} does not match ${issuer}`);
    }
    return { issuer, metadata };
  }
  throw new McpClientError("auth-required", `no authorization server metadata found for ${issuer}`);
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
}

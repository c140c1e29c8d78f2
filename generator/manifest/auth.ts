// The manifest's `auth` section (issue 11): the HTTP server is an OAuth 2.1 resource server
// [S26:basic/authorization]. Checks (MCPGEN17xx) and the IR part. Scopes are declared once in
// `auth.scopes`; `auth.required` and every target's `scopes:` may only name declared ones, so a
// typo cannot silently lock a tool away or leave it open.
import { entriesOf, isMap, stringAt } from "./raw.js";
import type { Reporter } from "./reporter.js";

export interface AuthScope {
  readonly name: string;
  readonly description?: string;
}

export interface AuthDeclaration {
  /** Issuer URLs (RFC 9728 `authorization_servers`). */
  readonly authorizationServers: readonly string[];
  /** The resource identifier; absent: the URL the server is reached at. */
  readonly resource?: string;
  /** Every scope, sorted by name (`scopes_supported`). */
  readonly scopes: readonly AuthScope[];
  /** Scopes every request needs. */
  readonly required: readonly string[];
  readonly documentation?: string;
}

/** The owners that may carry `scopes:`; their IR entries get `scopes`. */
export const SCOPED_OWNERS = ["tools", "prompts", "resources", "templates"] as const;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The transports a manifest declares (`transports`, default both). */
export function transportsOf(root: unknown): string[] {
  const declared = isMap(root) ? stringList(root["transports"]) : [];
  return declared.length > 0 ? declared : ["http", "stdio"];
}

export function checkAuth(root: unknown, reporter: Reporter): void {
  if (!isMap(root)) return;
  const auth = root["auth"];
  const declared = new Set(entriesOf(isMap(auth) ? auth["scopes"] : undefined).map(([name]) => name));
  const checkList = (list: unknown, path: (string | number)[]): void => {
    if (!Array.isArray(list)) return;
    list.forEach((scope, index) => {
      if (typeof scope !== "string" || declared.has(scope)) return;
      const known = [...declared].sort();
      reporter.report(
        "MCPGEN1701",
        [...path, index],
        `scope \`${scope}\` is not declared in \`auth.scopes\``,
        known.length > 0 ? `declare it under \`auth.scopes\`, or use one of: ${known.join(", ")}` : "declare it under `auth.scopes` with a description",
      );
    });
  };

  if (isMap(auth)) {
    const transports = transportsOf(root);
    if (!transports.includes("http")) {
      reporter.report("MCPGEN1702", ["auth"], "`auth` on a stdio-only server: stdio takes its credentials from the environment, not from bearer tokens", "add `http` to `transports`, or remove `auth`", { target: "key" });
    }
    checkList(auth["required"], ["auth", "required"]);
  }
  for (const owner of SCOPED_OWNERS) {
    for (const [name, entry] of entriesOf(root[owner])) {
      if (!isMap(entry) || !("scopes" in entry)) continue;
      if (!isMap(auth)) {
        reporter.report("MCPGEN1703", [owner, name, "scopes"], `\`scopes\` on ${owner.slice(0, -1)} \`${name}\`, but the manifest has no \`auth\` section`, "add `auth:` with `authorizationServers` and `scopes`, or remove `scopes`", { target: "key" });
        continue;
      }
      checkList(entry["scopes"], [owner, name, "scopes"]);
    }
  }
}

/** The IR of a checked `auth` section; undefined when the manifest has none. */
export function normalizeAuth(root: Record<string, unknown>): AuthDeclaration | undefined {
  const auth = root["auth"];
  if (!isMap(auth)) return undefined;
  const scopes = entriesOf(auth["scopes"])
    .map(([name, description]) => (typeof description === "string" && description !== "" ? { name, description } : { name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const resource = stringAt(auth, "resource");
  const documentation = stringAt(auth, "documentation");
  return {
    authorizationServers: stringList(auth["authorizationServers"]),
    ...(resource !== undefined ? { resource } : {}),
    scopes,
    required: stringList(auth["required"]),
    ...(documentation !== undefined ? { documentation } : {}),
  };
}

/** A target's own `scopes:` (empty when it declares none). */
export function scopesOf(entry: unknown): readonly string[] {
  return isMap(entry) ? stringList(entry["scopes"]) : [];
}

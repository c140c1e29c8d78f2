// The page's head matter: who the server is (name, title, version, description, website, icons
// as URLs — never loaded, the page makes no request), which revisions and transports it serves,
// where a pulled manifest came from, and its authorization (scopes, issuers).
import type { Manifest } from "../manifest/ir.js";
import { code, el, type Html, join, link } from "./html.js";

function fact(label: string, value: Html | string | undefined): Html | undefined {
  return value === undefined ? undefined : join([el("dt", {}, label), el("dd", {}, value)]);
}

/** The derived server capabilities, with the flags that are on: `tools`, `resources (subscribe, listChanged)`. */
function capabilityTexts(manifest: Manifest): string[] {
  return Object.entries(manifest.capabilities)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const flags = Object.entries(value as Record<string, unknown>)
        .filter(([, on]) => on === true)
        .map(([flag]) => flag);
      return flags.length > 0 ? `${name} (${flags.join(", ")})` : name;
    });
}

export function identitySection(manifest: Manifest): Html {
  const server = manifest.server;
  const transports = manifest.transports ?? ["http", "stdio"];
  const eras = [manifest.eras.modern ? "modern (stateless)" : undefined, manifest.eras.legacy ? "legacy (initialize, sessions)" : undefined].filter((e): e is string => e !== undefined);
  return el(
    "header",
    { class: "identity", id: "server" },
    el("h1", {}, server.title ?? server.name, " ", el("span", { class: "version" }, server.version)),
    server.description !== undefined ? el("p", { class: "description" }, server.description) : undefined,
    manifest.pulled ? el("p", { class: "pulled" }, "Pulled from ", code(manifest.pulled.from), ` (${manifest.pulled.era} era, ${manifest.pulled.revision}): the contract of a server someone else runs.`) : undefined,
    el(
      "dl",
      { class: "facts" },
      fact("Name", code(server.name)),
      fact("Version", server.version),
      fact("Protocol revisions", join(manifest.revisions.map(code), ", ")),
      fact("Eras", eras.join(", ")),
      fact("Transports", join(transports.map(code), ", ")),
      fact("Capabilities", join(capabilityTexts(manifest).map(code), ", ")),
      fact("Website", server.website !== undefined ? link(server.website) : undefined),
      fact("Icons", server.icons.length > 0 ? join(server.icons.map((i) => join([code(i.src), i.mimeType !== undefined ? ` ${i.mimeType}` : undefined, i.sizes && i.sizes.length > 0 ? ` ${i.sizes.join(" ")}` : undefined, i.theme !== undefined ? ` (${i.theme})` : undefined])), ", ") : undefined),
    ),
    server.instructions !== undefined ? join([el("h2", { class: "small" }, "Instructions for the model"), el("blockquote", { class: "instructions" }, server.instructions)]) : undefined,
  );
}

/** Which entries name a scope (tools, prompts, resources, templates). */
function users(manifest: Manifest, scope: string): string[] {
  const owners = [
    ...manifest.tools.map((t) => ["tool", t.name, t.scopes] as const),
    ...manifest.prompts.map((p) => ["prompt", p.name, p.scopes] as const),
    ...manifest.resources.map((r) => ["resource", r.name, r.scopes] as const),
    ...manifest.templates.map((t) => ["template", t.name, t.scopes] as const),
  ];
  return owners.filter(([, , scopes]) => scopes?.includes(scope)).map(([kind, name]) => `${kind} ${name}`);
}

export function authSection(manifest: Manifest): Html | undefined {
  const auth = manifest.auth;
  if (!auth) return undefined;
  return el(
    "section",
    { class: "auth", id: "authorization" },
    el("h2", {}, "Authorization"),
    el("p", {}, "The HTTP endpoint is an OAuth 2.1 resource server: requests carry a bearer token issued by one of the authorization servers below."),
    el(
      "dl",
      { class: "facts" },
      fact("Authorization servers", join(auth.authorizationServers.map(code), ", ")),
      fact("Resource", auth.resource !== undefined ? code(auth.resource) : "the URL the server is reached at"),
      fact("Every request needs", auth.required.length > 0 ? join(auth.required.map(code), ", ") : "a valid token, no particular scope"),
      fact("Documentation", auth.documentation !== undefined ? link(auth.documentation) : undefined),
    ),
    el(
      "table",
      { class: "plain" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Scope"), el("th", { scope: "col" }, "Description"), el("th", { scope: "col" }, "Needed by"))),
      el(
        "tbody",
        {},
        ...auth.scopes.map((s) => {
          const needed = auth.required.includes(s.name) ? ["every request"] : users(manifest, s.name);
          return el("tr", {}, el("td", {}, code(s.name)), el("td", {}, s.description ?? ""), el("td", {}, needed.join(", ")));
        }),
      ),
    ),
  );
}

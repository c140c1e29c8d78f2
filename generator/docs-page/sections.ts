// Prompts (with their arguments), resources, resource templates (with their variables) and
// handles: one entry each, in the IR's order (sorted by name).
import type { Handle, Manifest, Prompt, Resource, ResourceAnnotations, ResourceTemplate } from "../manifest/ir.js";
import { anchor, code, el, type Html, join } from "./html.js";
import { inputRequestsBlock, scopesLine } from "./input-requests.js";
import { cacheText, duration } from "./words.js";

function heading(name: string, title: string | undefined): Html {
  return el("h3", {}, el("code", { class: "entry-name" }, name), title !== undefined ? el("span", { class: "entry-title" }, title) : undefined);
}

function plainTable(header: readonly string[], rows: readonly (readonly (Html | string)[])[]): Html {
  return el("table", { class: "plain" }, el("thead", {}, el("tr", {}, ...header.map((h) => el("th", { scope: "col" }, h)))), el("tbody", {}, ...rows.map((r) => el("tr", {}, ...r.map((c) => el("td", {}, c))))));
}

function audienceText(annotations: ResourceAnnotations | undefined): string | undefined {
  if (!annotations) return undefined;
  const parts = [annotations.audience ? `for ${annotations.audience.join(" and ")}` : undefined, annotations.priority !== undefined ? `priority ${annotations.priority}` : undefined];
  const text = parts.filter((p) => p !== undefined).join(", ");
  return text === "" ? undefined : text;
}

function factsList(items: readonly (Html | string | undefined)[]): Html {
  return el("ul", { class: "facts" }, ...items.filter((i) => i !== undefined).map((i) => el("li", {}, i)));
}

export function promptSection(prompt: Prompt, manifest: Manifest): Html {
  return el(
    "section",
    { class: "entry prompt", id: anchor("prompt", prompt.name) },
    heading(prompt.name, prompt.title),
    prompt.description !== undefined ? el("p", { class: "description" }, prompt.description) : undefined,
    scopesLine(prompt.scopes, manifest.auth?.required),
    el("h4", {}, "Arguments"),
    prompt.arguments.length === 0
      ? el("p", { class: "empty" }, "No arguments.")
      : plainTable(
          ["Argument", "Required", "Completion", "Description"],
          prompt.arguments.map((a) => [el("code", { class: "param-name" }, a.name), a.required ? "yes" : "no", a.complete ? "yes" : "no", join([a.title !== undefined ? el("strong", {}, a.title) : undefined, a.title !== undefined && a.description !== undefined ? " — " : undefined, a.description])]),
        ),
    inputRequestsBlock(prompt.inputRequests),
  );
}

export function resourceSection(resource: Resource, manifest: Manifest): Html {
  return el(
    "section",
    { class: "entry resource", id: anchor("resource", resource.name) },
    heading(resource.name, resource.title),
    resource.description !== undefined ? el("p", { class: "description" }, resource.description) : undefined,
    factsList([
      join(["URI ", code(resource.uri)]),
      resource.mimeType !== undefined ? join(["Media type ", code(resource.mimeType)]) : undefined,
      resource.size !== undefined ? `${resource.size} bytes` : undefined,
      audienceText(resource.annotations),
      resource.subscribe ? "Subscribable: clients are told when it changes" : undefined,
      cacheText(resource.cache),
    ]),
    scopesLine(resource.scopes, manifest.auth?.required),
    inputRequestsBlock(resource.inputRequests),
  );
}

export function templateSection(template: ResourceTemplate, manifest: Manifest): Html {
  return el(
    "section",
    { class: "entry template", id: anchor("template", template.name) },
    heading(template.name, template.title),
    template.description !== undefined ? el("p", { class: "description" }, template.description) : undefined,
    factsList([
      join(["URI template ", code(template.uriTemplate)]),
      template.mimeType !== undefined ? join(["Media type ", code(template.mimeType)]) : undefined,
      audienceText(template.annotations),
      template.subscribe ? "Subscribable: clients are told when it changes" : undefined,
      cacheText(template.cache),
    ]),
    scopesLine(template.scopes, manifest.auth?.required),
    el("h4", {}, "Variables"),
    template.variables.length === 0
      ? el("p", { class: "empty" }, "No variables.")
      : plainTable(
          ["Variable", "Completion", "Takes"],
          template.variables.map((v) => [el("code", { class: "param-name" }, v.name), v.complete ? "yes" : "no", v.explode ? "a list or map (exploded)" : "one value"]),
        ),
    inputRequestsBlock(template.inputRequests),
  );
}

export function handlesTable(handles: readonly Handle[]): Html {
  return plainTable(
    ["Handle", "Lives", "Description"],
    handles.map((h) => [el("code", { class: "param-name", id: anchor("handle", h.name) }, h.name), duration(h.ttlMs), h.description ?? ""]),
  );
}

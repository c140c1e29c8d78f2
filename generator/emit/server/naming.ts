import type { InputRequest, Manifest, Prompt, ResourceTemplate, Tool } from "../../manifest/ir.js";

/** `addNote` → `AddNote`: type names derive from the loader's (collision-checked) identifiers. */
export function pascal(identifier: string): string {
  const bare = identifier.replace(/^_+/, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

export const toolInputType = (tool: Tool): string => `${pascal(tool.identifier)}Input`;
export const toolOutputType = (tool: Tool): string => `${pascal(tool.identifier)}Output`;
export const promptArgumentsType = (prompt: Prompt): string => `${pascal(prompt.identifier)}PromptArguments`;
export const answerType = (owner: string, request: InputRequest): string => `${pascal(owner)}${pascal(request.identifier)}Answer`;
export const contextType = (owner: string, suffix: string): string => `${pascal(owner)}${suffix}Context`;

/** A JSON value as a TS literal, indented to sit at `indent` spaces. */
export function literal(value: unknown, indent = 0): string {
  const text = JSON.stringify(value, null, 2);
  return indent === 0 ? text : text.replace(/\n/g, `\n${" ".repeat(indent)}`);
}

/** A JSDoc block, or nothing. `*\/` inside text is broken up so it cannot end the comment. */
export function jsdoc(lines: readonly (string | undefined)[], indent = 0): string {
  const text = lines.filter((l): l is string => typeof l === "string" && l.length > 0);
  if (text.length === 0) return "";
  const pad = " ".repeat(indent);
  const body = text.flatMap((l) => l.replace(/\*\//g, "*\\/").split("\n")).map((l) => `${pad} * ${l}`.trimEnd());
  return `${pad}/**\n${body.join("\n")}\n${pad} */\n`;
}

export function hasHandles(manifest: Manifest): boolean {
  return manifest.handles.length > 0;
}

/**
 * The TS object type of a template's variables. Variables of form-style and fragment expressions
 * (`{?q}`, `{&q}`, `{;p}`, `{#f}`) may be absent from a URI, so they are optional; the rest are
 * path segments that every matching URI has (RFC 6570 §3.2).
 */
export function templateVariablesType(template: ResourceTemplate): string {
  const optional = new Set<string>();
  for (const match of template.uriTemplate.matchAll(/\{([?&;#])([^}]*)\}/g)) {
    for (const spec of match[2]!.split(",")) optional.add(spec.replace(/(\*|:\d+)$/, ""));
  }
  const fields = template.variables.map((v) => `${JSON.stringify(v.name)}${optional.has(v.name) ? "?" : ""}: string`);
  return `{ ${fields.join("; ")} }`;
}

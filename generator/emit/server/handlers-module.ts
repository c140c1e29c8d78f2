import type { InputRequest, Manifest, Prompt, Resource, ResourceTemplate, Tool } from "../../manifest/ir.js";
import { answerType, contextType, jsdoc, promptArgumentsType, templateVariablesType, toolInputType, toolOutputType } from "./naming.js";

/** What a handler passes when it asks (`undefined`: the manifest's declaration as is). */
function requestType(request: InputRequest): string {
  switch (request.kind) {
    case "elicit":
      return "{ message?: string; [key: string]: unknown } | undefined";
    case "elicitUrl":
      return "{ url: string; message?: string; elicitationId?: string }";
    case "sampling":
      return "SamplingRequest";
    case "roots":
      return "undefined";
  }
}

/** The typed answer a handler gets back. */
function answerTypeOf(owner: string, request: InputRequest): string {
  switch (request.kind) {
    case "elicit":
      return `ElicitAnswer<${answerType(owner, request)}>`;
    case "elicitUrl":
      return "UrlElicitAnswer";
    case "sampling":
      return "SamplingAnswer";
    case "roots":
      return "RootsAnswer";
  }
}

/** The TS type of one `ctx.ask.<key>()` helper. */
function askSignature(owner: string, request: InputRequest): string {
  const optional = request.kind === "elicit" || request.kind === "roots";
  const parameter = request.kind === "roots" ? "" : `request${optional ? "?" : ""}: ${requestType(request).replace(" | undefined", "")}`;
  return `(${parameter}) => Promise<${answerTypeOf(owner, request)}>`;
}

function askDoc(request: InputRequest): string {
  const what = { elicit: "Form elicitation", elicitUrl: "URL elicitation", sampling: "Sampling", roots: "Roots" }[request.kind];
  const message = "message" in request && request.message ? `: "${request.message}"` : "";
  return `${what} \`${request.key}\`${message}. Modern era: ends this attempt with input_required until the client answers; legacy era: a real request to the client.`;
}

/** One context interface per handler that declares input requests; others use BaseContext / HandleContext. */
function contextInterface(owner: string, suffix: string, requests: readonly InputRequest[], base: string): { name: string; code: string } {
  if (requests.length === 0) return { name: base, code: "" };
  const name = contextType(owner, suffix);
  const members = requests
    .map((r) => `${jsdoc([askDoc(r)], 4)}    ${JSON.stringify(r.key)}: ${askSignature(owner, r)};`)
    .join("\n");
  const keys = requests.map((r) => JSON.stringify(r.key)).join(" | ");
  const answers = requests.map((r) => `  ${JSON.stringify(r.key)}: ${answerTypeOf(owner, r)};`).join("\n");
  const asks = requests.map((r) => `  ${JSON.stringify(r.key)}: ${requestType(r)};`).join("\n");
  const code =
    `/** Answers to the input requests of ${name.replace(/Context$/, "")}, by key. */\n` +
    `export interface ${name.replace(/Context$/, "Answers")} {\n${answers}\n}\n\n` +
    `/** What ${name.replace(/Context$/, "")} passes when it asks, by key. */\n` +
    `export interface ${name.replace(/Context$/, "Requests")} {\n${asks}\n}\n\n` +
    `export interface ${name} extends ${base} {\n` +
    `  /** The input requests this handler declared in the manifest, typed. */\n` +
    `  readonly ask: {\n${members}\n  };\n` +
    `  /** Asks several inputs in one round (modern: one input_required carrying all of them). */\n` +
    `  askAll<K extends ${keys}>(requests: { [P in K]: ${name.replace(/Context$/, "Requests")}[P] }): Promise<{ [P in K]: ${name.replace(/Context$/, "Answers")}[P] }>;\n` +
    `  /** Whether the client declared the capability an input request needs. */\n` +
    `  canAsk(key: ${keys}): boolean;\n}\n`;
  return { name, code };
}

function toolMember(tool: Tool, context: string): string {
  const returns = tool.outputSchema !== undefined ? `StructuredToolReturn<${toolOutputType(tool)}>` : "ToolReturn";
  return `${jsdoc([`Tool \`${tool.name}\`${tool.title ? ` (${tool.title})` : ""}.`, tool.description], 4)}    ${tool.identifier}(args: ${toolInputType(tool)}, ctx: ${context}): Awaitable<${returns}>;`;
}

function completeMember(names: readonly string[], indent: number): string {
  if (names.length === 0) return "";
  const pad = " ".repeat(indent);
  const fields = names.map((n) => `${pad}  ${JSON.stringify(n)}: Completer;`).join("\n");
  return `${pad}/** Completions for the arguments declared \`complete: true\`. */\n${pad}complete: {\n${fields}\n${pad}};\n`;
}

function promptMember(prompt: Prompt, context: string): string {
  const completable = prompt.arguments.filter((a) => a.complete).map((a) => a.name);
  return (
    `${jsdoc([`Prompt \`${prompt.name}\`${prompt.title ? ` (${prompt.title})` : ""}.`, prompt.description], 4)}` +
    `    ${prompt.identifier}: {\n` +
    `      get(args: ${promptArgumentsType(prompt)}, ctx: ${context}): Awaitable<GetPromptResult>;\n` +
    completeMember(completable, 6) +
    `    };`
  );
}

function resourceMember(resource: Resource, context: string): string {
  return (
    `${jsdoc([`Resource \`${resource.uri}\`${resource.title ? ` (${resource.title})` : ""}.`, resource.description], 4)}` +
    `    ${resource.identifier}: {\n      read(ctx: ${context}): Awaitable<ReadResult>;\n    };`
  );
}

function templateMember(template: ResourceTemplate, context: string): string {
  const variables = templateVariablesType(template);
  const completable = template.variables.filter((v) => v.complete).map((v) => v.name);
  return (
    `${jsdoc([`Resource template \`${template.uriTemplate}\`${template.title ? ` (${template.title})` : ""}.`, template.description], 4)}` +
    `    ${template.identifier}: {\n` +
    `      read(uri: string, variables: ${variables}, ctx: ${context}): Awaitable<ReadResult>;\n` +
    completeMember(completable, 6) +
    `    };`
  );
}

/** src/handlers.ts: the typed interface the user implements. A wrong handler is a compile error. */
export function emitHandlersModule(manifest: Manifest, header: string): string {
  const typeImports = new Set<string>();
  for (const tool of manifest.tools) {
    typeImports.add(toolInputType(tool));
    if (tool.outputSchema !== undefined) typeImports.add(toolOutputType(tool));
  }
  for (const prompt of manifest.prompts) typeImports.add(promptArgumentsType(prompt));
  const owners: { identifier: string; inputRequests: readonly InputRequest[] }[] = [...manifest.tools, ...manifest.prompts, ...manifest.resources, ...manifest.templates];
  for (const owner of owners) for (const r of owner.inputRequests) if (r.kind === "elicit") typeImports.add(answerType(owner.identifier, r));

  const base = manifest.handles.length > 0 ? "HandleContext" : "BaseContext";
  const contexts: string[] = [];
  const ctxOf = (owner: string, suffix: string, requests: readonly InputRequest[]) => {
    const made = contextInterface(owner, suffix, requests, base);
    if (made.code) contexts.push(made.code);
    return made.name;
  };
  const sections: string[] = [];
  if (manifest.tools.length > 0) sections.push(`  tools: {\n${manifest.tools.map((t) => toolMember(t, ctxOf(t.identifier, "Tool", t.inputRequests))).join("\n")}\n  };`);
  if (manifest.prompts.length > 0) sections.push(`  prompts: {\n${manifest.prompts.map((p) => promptMember(p, ctxOf(p.identifier, "Prompt", p.inputRequests))).join("\n")}\n  };`);
  if (manifest.resources.length > 0) sections.push(`  resources: {\n${manifest.resources.map((r) => resourceMember(r, ctxOf(r.identifier, "Resource", r.inputRequests))).join("\n")}\n  };`);
  if (manifest.templates.length > 0) sections.push(`  templates: {\n${manifest.templates.map((t) => templateMember(t, ctxOf(t.identifier, "Template", t.inputRequests))).join("\n")}\n  };`);

  const handleContext =
    manifest.handles.length > 0
      ? `/** Context with typed handle helpers: \`mint\` a server-signed id, \`open\` one a client sent back. */\n` +
        `export interface HandleContext extends BaseContext {\n` +
        `  readonly mint: {\n${manifest.handles.map((h) => `${jsdoc([`Mints a \`${h.name}\` handle (valid ${h.ttlMs} ms) wrapping a small JSON value.`], 4)}    ${JSON.stringify(h.name)}(value: unknown): string;`).join("\n")}\n  };\n` +
        `  readonly open: {\n${manifest.handles.map((h) => `${jsdoc([`Verifies a \`${h.name}\` handle and returns the value it wraps (throws HandleError if forged or expired).`], 4)}    ${JSON.stringify(h.name)}(handle: string): unknown;`).join("\n")}\n  };\n}\n`
      : "";

  const runtimeTypes = ["Awaitable", "BaseContext", "Completer", "ElicitAnswer", "GetPromptResult", "ReadResult", "RootsAnswer", "SamplingAnswer", "SamplingRequest", "StructuredToolReturn", "ToolReturn", "UrlElicitAnswer"];
  const body = [
    `/** Everything the server does that the manifest cannot say: implement this and pass it to createServer(). */`,
    `export interface Handlers {\n${sections.join("\n")}\n}`,
  ].join("\n");
  const used = runtimeTypes.filter((t) => t === "BaseContext" || new RegExp(`\\b${t}\\b`).test(handleContext + contexts.join("") + body));
  const imports = [
    used.length > 0 ? `import type { ${used.join(", ")} } from "@mcp-gen/runtime";` : "",
    typeImports.size > 0 ? `import type { ${[...typeImports].sort().join(", ")} } from "./schemas.js";` : "",
  ].filter(Boolean);
  return `${header}${imports.join("\n")}\n\nexport type { BaseContext };\n\n${handleContext}${handleContext ? "\n" : ""}${contexts.join("\n")}${contexts.length ? "\n" : ""}${body}\n`;
}

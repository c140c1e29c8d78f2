import type { Handle, Manifest, Prompt, Resource, ResourceTemplate, Tool } from "../../manifest/ir.js";
import { ModuleWriter, type ExportedSymbol } from "../module-writer/module-writer.js";
import { inputKind } from "./input-kinds/index.js";
import {
  answersType,
  CONTEXT_MEMBER,
  contextType,
  HANDLE_CONTEXT_TYPE,
  HANDLERS_TYPE,
  handlerMember,
  jsdoc,
  MEMBER,
  type Owner,
  ownerLabel,
  promptArgumentsRoot,
  requestsType,
  RUNTIME,
  SECTION,
  type SchemaNames,
  templateVariablesType,
  toolInputRoot,
  toolOutputRoot,
} from "./naming.js";
import { isProxied } from "./proxy-parts.js";
import { handlersCustomMethods } from "./custom-methods-parts.js";

const ASK_DOC = "Modern era: ends this attempt with input_required until the client answers; legacy era: a real request to the client.";

/** One context interface per handler that declares input requests; others use the base context. */
function contextInterface(w: ModuleWriter, owner: Owner, base: string, schemas: SchemaNames): { name: string; code: string } {
  const requests = owner.inputRequests;
  if (requests.length === 0) return { name: base, code: "" };
  const name = w.export(contextType(owner), true);
  const answers = w.export(answersType(owner), true);
  const asks = w.export(requestsType(owner), true);
  const rows = requests.map((r) => {
    const kind = inputKind(r);
    const key = JSON.stringify(r.key);
    const parameter = kind.parameter(w, r);
    const answer = kind.answer(w, owner, r, schemas);
    const message = "message" in r && r.message ? `: "${r.message}"` : "";
    return {
      answer: `  ${key}: ${answer};`,
      request: `  ${key}: ${parameter === undefined ? "undefined" : parameter.optional ? `${parameter.type} | undefined` : parameter.type};`,
      member:
        `${jsdoc([`${kind.label} \`${r.key}\`${message}. ${ASK_DOC}`], 4)}` +
        `    ${key}: (${parameter === undefined ? "" : `request${parameter.optional ? "?" : ""}: ${parameter.type}`}) => Promise<${answer}>;`,
    };
  });
  const keys = requests.map((r) => JSON.stringify(r.key)).join(" | ");
  const label = ownerLabel(owner);
  const code =
    `/** Answers to the input requests of ${label}, by key. */\n` +
    `export interface ${answers} {\n${rows.map((r) => r.answer).join("\n")}\n}\n\n` +
    `/** What ${label} passes when it asks, by key. */\n` +
    `export interface ${asks} {\n${rows.map((r) => r.request).join("\n")}\n}\n\n` +
    `export interface ${name} extends ${base} {\n` +
    `  /** The input requests this handler declared in the manifest, typed. */\n` +
    `  readonly ${CONTEXT_MEMBER.ask}: {\n${rows.map((r) => r.member).join("\n")}\n  };\n` +
    `  /** Asks several inputs in one round (modern: one input_required carrying all of them). */\n` +
    `  ${CONTEXT_MEMBER.askAll}<K extends ${keys}>(requests: { [P in K]: ${asks}[P] }): Promise<{ [P in K]: ${answers}[P] }>;\n` +
    `  /** Whether the client declared the capability an input request needs. */\n` +
    `  ${CONTEXT_MEMBER.canAsk}(key: ${keys}): boolean;\n}\n`;
  return { name, code };
}

function completeMember(w: ModuleWriter, names: readonly string[], indent: number): string {
  if (names.length === 0) return "";
  const pad = " ".repeat(indent);
  const fields = names.map((n) => `${pad}  ${JSON.stringify(n)}: ${w.use(RUNTIME.Completer)};`).join("\n");
  return `${pad}/** Completions for the arguments declared \`complete: true\`. */\n${pad}${MEMBER.complete}: {\n${fields}\n${pad}};\n`;
}

function toolMember(w: ModuleWriter, tool: Tool, context: string, schemas: SchemaNames): string {
  const returns =
    tool.outputSchema !== undefined ? `${w.use(RUNTIME.StructuredToolReturn)}<${w.use(schemas.type(toolOutputRoot(tool)))}>` : w.use(RUNTIME.ToolReturn);
  return (
    `${jsdoc([`Tool \`${tool.name}\`${tool.title ? ` (${tool.title})` : ""}.`, tool.description], 4)}` +
    // An imported tool calls its HTTP API unless a handler is given (proxy-parts.ts).
    `    ${handlerMember(tool)}${isProxied(tool) ? "?" : ""}(args: ${w.use(schemas.type(toolInputRoot(tool)))}, ctx: ${context}): ${w.use(RUNTIME.Awaitable)}<${returns}>;`
  );
}

function promptMember(w: ModuleWriter, prompt: Prompt, context: string, schemas: SchemaNames): string {
  const completable = prompt.arguments.filter((a) => a.complete).map((a) => a.name);
  return (
    `${jsdoc([`Prompt \`${prompt.name}\`${prompt.title ? ` (${prompt.title})` : ""}.`, prompt.description], 4)}` +
    `    ${handlerMember(prompt)}: {\n` +
    `      ${MEMBER.get}(args: ${w.use(schemas.type(promptArgumentsRoot(prompt)))}, ctx: ${context}): ${w.use(RUNTIME.Awaitable)}<${w.use(RUNTIME.GetPromptResult)}>;\n` +
    completeMember(w, completable, 6) +
    `    };`
  );
}

function resourceMember(w: ModuleWriter, resource: Resource, context: string): string {
  return (
    `${jsdoc([`Resource \`${resource.uri}\`${resource.title ? ` (${resource.title})` : ""}.`, resource.description], 4)}` +
    `    ${handlerMember(resource)}: {\n      ${MEMBER.read}(ctx: ${context}): ${w.use(RUNTIME.Awaitable)}<${w.use(RUNTIME.ReadResult)}>;\n    };`
  );
}

function templateMember(w: ModuleWriter, template: ResourceTemplate, context: string): string {
  const completable = template.variables.filter((v) => v.complete).map((v) => v.name);
  return (
    `${jsdoc([`Resource template \`${template.uriTemplate}\`${template.title ? ` (${template.title})` : ""}.`, template.description], 4)}` +
    `    ${handlerMember(template)}: {\n` +
    `      ${MEMBER.read}(uri: string, variables: ${templateVariablesType(template)}, ctx: ${context}): ${w.use(RUNTIME.Awaitable)}<${w.use(RUNTIME.ReadResult)}>;\n` +
    (template.list
      ? `${jsdoc(["The template's instances for resources/list, by their variables (after the static resources; call server.notifyResourcesListChanged() when they change)."], 6)}` +
        `      ${MEMBER.list}(ctx: ${context}): ${w.use(RUNTIME.Awaitable)}<readonly ${w.use(RUNTIME.TemplateInstance)}<${templateVariablesType(template)}>[]>;\n`
      : "") +
    completeMember(w, completable, 6) +
    `    };`
  );
}

function handleContextInterface(w: ModuleWriter, handles: readonly Handle[], base: string): string {
  const name = w.export(HANDLE_CONTEXT_TYPE, true);
  const mint = handles.map((h) => `${jsdoc([`Mints a \`${h.name}\` handle (valid ${h.ttlMs} ms) wrapping a small JSON value.`], 4)}    ${JSON.stringify(h.name)}(value: unknown): Promise<string>;`);
  const open = handles.map((h) => `${jsdoc([`Verifies a \`${h.name}\` handle and returns the value it wraps (rejects with HandleError if forged or expired).`], 4)}    ${JSON.stringify(h.name)}(handle: string): Promise<unknown>;`);
  return (
    `/** Context with typed handle helpers: \`mint\` a server-signed id, \`open\` one a client sent back. */\n` +
    `export interface ${name} extends ${base} {\n  readonly ${CONTEXT_MEMBER.mint}: {\n${mint.join("\n")}\n  };\n  readonly ${CONTEXT_MEMBER.open}: {\n${open.join("\n")}\n  };\n}\n`
  );
}

export interface HandlersModule {
  readonly code: string;
  /** Every name handlers.ts exports (all types), for index.ts. */
  readonly exports: readonly ExportedSymbol[];
}

/** src/handlers.ts: the typed interface the user implements. A wrong handler is a compile error. */
export function emitHandlersModule(manifest: Manifest, header: string, schemas: SchemaNames): HandlersModule {
  const w = new ModuleWriter();
  const runtimeBase = w.reexport(RUNTIME.BaseContext);
  const handleContext = manifest.handles.length > 0 ? handleContextInterface(w, manifest.handles, runtimeBase) : "";
  const base = manifest.handles.length > 0 ? HANDLE_CONTEXT_TYPE : runtimeBase;
  const contexts: string[] = [];
  const ctxOf = (owner: Owner) => {
    const made = contextInterface(w, owner, base, schemas);
    if (made.code) contexts.push(made.code);
    return made.name;
  };
  const owner = (family: Owner["family"], entry: { identifier: string; inputRequests: Owner["inputRequests"] }): Owner => ({ family, ...entry });
  const sections: string[] = [];
  if (manifest.tools.length > 0) sections.push(`  ${SECTION.Tool}${manifest.tools.every(isProxied) ? "?" : ""}: {\n${manifest.tools.map((t) => toolMember(w, t, ctxOf(owner("Tool", t)), schemas)).join("\n")}\n  };`);
  if (manifest.prompts.length > 0) sections.push(`  ${SECTION.Prompt}: {\n${manifest.prompts.map((p) => promptMember(w, p, ctxOf(owner("Prompt", p)), schemas)).join("\n")}\n  };`);
  if (manifest.resources.length > 0) sections.push(`  ${SECTION.Resource}: {\n${manifest.resources.map((r) => resourceMember(w, r, ctxOf(owner("Resource", r)))).join("\n")}\n  };`);
  if (manifest.templates.length > 0) sections.push(`  ${SECTION.Template}: {\n${manifest.templates.map((t) => templateMember(w, t, ctxOf(owner("Template", t)))).join("\n")}\n  };`);
  const custom = handlersCustomMethods(w, manifest, schemas, base);
  sections.push(...custom.sections);
  if (custom.context) contexts.push(custom.context);

  const body = [
    `export type { ${runtimeBase} };\n`,
    handleContext,
    ...contexts,
    `/** Everything the server does that the manifest cannot say: implement this and pass it to createServer(). */`,
    `export interface ${w.export(HANDLERS_TYPE, true)} {\n${sections.join("\n")}\n}\n`,
  ]
    .filter(Boolean)
    .join("\n");
  return { code: w.render(header, body), exports: w.exports() };
}

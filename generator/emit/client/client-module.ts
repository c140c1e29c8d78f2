import type { Manifest, Prompt, Resource, ResourceTemplate, Tool } from "../../manifest/ir.js";
import { ModuleWriter, type ExportedSymbol } from "../module-writer/module-writer.js";
import { APPS_SECTION, clientAppMembers } from "../server/apps-client.js";
import { clientScopesPart } from "../server/auth-parts.js";
import { clientCustomMethods } from "../server/custom-methods-parts.js";
import { CLIENT_TYPE, CONNECT, handlerMember, jsdoc, MEMBER, SECTION, promptArgumentsRoot, RUNTIME, type SchemaNames, templateVariablesType, toolInputRoot, toolOutputRoot } from "../server/naming.js";

interface Member {
  readonly type: string;
  readonly value: string;
}

function toolMethod(w: ModuleWriter, schemas: SchemaNames, tool: Tool): Member {
  const structured = tool.outputSchema !== undefined;
  const output = structured ? w.use(schemas.type(toolOutputRoot(tool))) : "unknown";
  const doc = jsdoc([`Calls tool \`${tool.name}\`${tool.title ? ` (${tool.title})` : ""}.`, tool.description, structured ? "`structured` holds the validated structuredContent." : undefined], 4);
  const parse = structured ? `, parseStructured: (value) => ${w.use(schemas.value(toolOutputRoot(tool)))}.parse(value)` : "";
  const options = w.use(RUNTIME.RequestOptions);
  const input = w.use(schemas.type(toolInputRoot(tool)));
  const result = `${w.use(RUNTIME.CallToolResult)}<${output}>`;
  const call = `(args, options) => raw.callTool(${JSON.stringify(tool.name)}, args as ${w.use(RUNTIME.JsonObject)}, { ...options${parse} })`;
  if (tool.task !== undefined && tool.task.support !== "forbidden") {
    // A task tool: calling it polls the task to its result; `.start` returns the task handle.
    // Object.assign loses the contextual type, so the parameters and result are spelled out.
    const typed = `(args: ${input}, options?: ${options})`;
    const start = `${typed} => raw.startTool<${output}>(${JSON.stringify(tool.name)}, args as ${w.use(RUNTIME.JsonObject)}, { ...options${parse} })`;
    const typedCall = `${typed} => raw.callTool<${output}>(${JSON.stringify(tool.name)}, args as ${w.use(RUNTIME.JsonObject)}, { ...options${parse} })`;
    return {
      type:
        `${doc}    ${handlerMember(tool)}: {\n      (args: ${input}, options?: ${options}): Promise<${result}>;\n` +
        `      /** Starts the call and returns its task handle (status, wait, cancel, result); inline answers give a completed handle. */\n` +
        `      start(args: ${input}, options?: ${options}): Promise<${w.use(RUNTIME.TaskHandle)}<${result}> | ${w.use(RUNTIME.InlineHandle)}<${result}>>;\n    };`,
      value: `      ${handlerMember(tool)}: Object.assign(${typedCall}, { start: ${start} }),`,
    };
  }
  return {
    type: `${doc}    ${handlerMember(tool)}(args: ${input}, options?: ${options}): Promise<${result}>;`,
    value: `      ${handlerMember(tool)}: ${call},`,
  };
}

/** The typed `complete` of a prompt or template: the runtime asks and keeps the values. */
function completeMethod(w: ModuleWriter, names: readonly string[], ref: Record<string, string>, what: string): Member | undefined {
  if (names.length === 0) return undefined;
  const options = w.use(RUNTIME.RequestOptions);
  return {
    type: `\n      ${MEMBER.complete}(${what}: ${names.map((n) => JSON.stringify(n)).join(" | ")}, value: string, context?: Record<string, string>, options?: ${options}): Promise<string[]>;`,
    value: `\n        ${MEMBER.complete}: (${what}, value, context, options) => ${w.use(RUNTIME.completeArgument)}(raw, ${JSON.stringify(ref)}, ${what}, value, context, options),`,
  };
}

function promptMethod(w: ModuleWriter, schemas: SchemaNames, prompt: Prompt): Member {
  const complete = completeMethod(w, prompt.arguments.filter((a) => a.complete).map((a) => a.name), { type: "ref/prompt", name: prompt.name }, "argument");
  const doc = jsdoc([`Prompt \`${prompt.name}\`${prompt.title ? ` (${prompt.title})` : ""}.`, prompt.description], 4);
  const options = w.use(RUNTIME.RequestOptions);
  return {
    type: `${doc}    ${handlerMember(prompt)}: {\n      ${MEMBER.get}(args: ${w.use(schemas.type(promptArgumentsRoot(prompt)))}, options?: ${options}): Promise<${w.use(RUNTIME.PromptResult)}>;${complete?.type ?? ""}\n    };`,
    value: `      ${handlerMember(prompt)}: {\n        ${MEMBER.get}: (args, options) => raw.getPrompt(${JSON.stringify(prompt.name)}, args as Record<string, string>, options),${complete?.value ?? ""}\n      },`,
  };
}

function resourceMethod(w: ModuleWriter, resource: Resource): Member {
  const doc = jsdoc([`Resource \`${resource.uri}\`${resource.title ? ` (${resource.title})` : ""}.`, resource.description], 4);
  const uri = JSON.stringify(resource.uri);
  return {
    type: `${doc}    ${handlerMember(resource)}: {\n      readonly uri: ${uri};\n      ${MEMBER.read}(options?: ${w.use(RUNTIME.RequestOptions)}): Promise<${w.use(RUNTIME.ReadResourceResult)}>;\n    };`,
    value: `      ${handlerMember(resource)}: { uri: ${uri}, ${MEMBER.read}: (options) => raw.readResource(${uri}, options) },`,
  };
}

function templateMethod(w: ModuleWriter, template: ResourceTemplate): Member {
  const variables = templateVariablesType(template);
  const complete = completeMethod(w, template.variables.filter((v) => v.complete).map((v) => v.name), { type: "ref/resource", uri: template.uriTemplate }, "variable");
  const doc = jsdoc([`Resource template \`${template.uriTemplate}\`${template.title ? ` (${template.title})` : ""}.`, template.description], 4);
  const t = JSON.stringify(template.uriTemplate);
  const expand = w.use(RUNTIME.expandUriTemplate);
  const options = w.use(RUNTIME.RequestOptions);
  return {
    type:
      `${doc}    ${handlerMember(template)}: {\n      /** The URI for these variables (RFC 6570 expansion). */\n      uri(variables: ${variables}): string;\n` +
      `      ${MEMBER.read}(variables: ${variables}, options?: ${options}): Promise<${w.use(RUNTIME.ReadResourceResult)}>;${complete?.type ?? ""}\n    };`,
    value:
      `      ${handlerMember(template)}: {\n        uri: (variables) => ${expand}(${t}, variables),\n` +
      `        ${MEMBER.read}: (variables, options) => raw.readResource(${expand}(${t}, variables), options),${complete?.value ?? ""}\n      },`,
  };
}

// The generated client's own log handler slot: the runtime client reads `options.onLog` per
// message, so one forwarding function is installed at connect time and `onLog` swaps its target.
const LOG_HANDLER = "logHandler";

/** setLogLevel / onLog / notifyRootsListChanged: the runtime client's, typed with the core LogLevel. */
function loggingAndRootsTypes(w: ModuleWriter, log: string): string {
  return (
    `  /**\n   * Asks the server for log messages at \`level\` and above (they reach \`onLog\`). 2025-11-25 sends\n` +
    `   * logging/setLevel; 2026-07-28 sends the level on the \`_meta\` of every later request.\n   */\n` +
    `  setLogLevel(level: ${w.use(RUNTIME.LogLevel)}): Promise<void>;\n` +
    `  /** Receives \`notifications/message\` (starts as \`options.onLog\`); the handler replaces the previous one, undefined removes it. */\n` +
    `  onLog(handler: ((message: ${log}) => void) | undefined): void;\n` +
    `  /**\n   * Tells the server the roots changed: 2025-11-25 sends notifications/roots/list_changed; 2026-07-28 has\n` +
    `   * no such notification (servers ask when they need roots). Resolves true when one went out.\n   */\n` +
    `  notifyRootsListChanged(): Promise<boolean>;`
  );
}

export interface ClientModule {
  readonly code: string;
  readonly exports: readonly ExportedSymbol[];
}

/**
 * src/client.ts: a typed client for the manifest's server over the runtime's generic client,
 * which handles eras (probing or pinned), transports, MRTR retries and legacy server requests.
 */
export function emitClientModule(manifest: Manifest, header: string, schemas: SchemaNames): ClientModule {
  const w = new ModuleWriter();
  const custom = clientCustomMethods(w, manifest, schemas);
  const sections: { name: string; members: Member[] }[] = [
    { name: SECTION.Tool, members: manifest.tools.map((t) => toolMethod(w, schemas, t)) },
    { name: SECTION.Prompt, members: manifest.prompts.map((p) => promptMethod(w, schemas, p)) },
    { name: SECTION.Resource, members: manifest.resources.map((r) => resourceMethod(w, r)) },
    { name: SECTION.Template, members: manifest.templates.map((t) => templateMethod(w, t)) },
    { name: APPS_SECTION, members: clientAppMembers(w, manifest) },
    ...(custom?.sections ?? []),
  ].filter((s) => s.members.length > 0);
  const typeBody = sections.map((s) => `  readonly ${s.name}: {\n${s.members.map((m) => m.type).join("\n")}\n  };`).join("\n");
  const valueBody = sections.map((s) => `    ${s.name}: {\n${s.members.map((m) => m.value).join("\n")}\n    },`).join("\n");
  const client = w.export(CLIENT_TYPE, true);
  const log = w.use(RUNTIME.LogMessage);
  const body =
    `/** A typed client of the ${manifest.server.name} server. \`raw\` is the generic client underneath (subscriptions, paging, raw requests). */\n` +
    `export interface ${client} {\n  readonly raw: ${w.use(RUNTIME.McpClient)};\n${typeBody}\n${loggingAndRootsTypes(w, log)}\n  close(): Promise<void>;\n}\n\n` +
    `/**\n * Connects to a ${manifest.server.name} server over the given transport, speaking whichever protocol era it serves\n` +
    ` * (\`protocol: "auto"\`, the default) or a pinned revision, and returns the typed client.\n */\n` +
    `export async function ${w.exportAsyncFunction(CONNECT)}(options: ${w.use(RUNTIME.McpClientOptions)}): Promise<${client}> {\n` +
    `${custom?.setup ?? ""}  let ${LOG_HANDLER}: ((message: ${log}) => void) | undefined = options.onLog;\n` +
    `  const logged: ${w.use(RUNTIME.McpClientOptions)} = { ...options, onLog: (message) => ${LOG_HANDLER}?.(message) };\n` +
    `  const raw = await ${w.use(RUNTIME.connectClient)}(${custom ? custom.options("logged") : "logged"});\n  return {\n    raw,\n${valueBody}\n` +
    `    setLogLevel: (level) => raw.setLogLevel(level),\n    onLog: (handler) => {\n      ${LOG_HANDLER} = handler;\n    },\n` +
    `    notifyRootsListChanged: () => raw.notifyRootsListChanged(),\n    close: () => raw.close(),\n  };\n}\n`;
  const scopes = clientScopesPart(w, manifest);
  return { code: w.render(header, scopes ? `${scopes}\n${body}` : body), exports: w.exports() };
}

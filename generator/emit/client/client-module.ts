import type { Manifest, Prompt, Resource, ResourceTemplate, Tool } from "../../manifest/ir.js";
import { jsdoc, promptArgumentsType, templateVariablesType, toolInputType, toolOutputType } from "../server/naming.js";

function toolMethod(tool: Tool): { type: string; value: string } {
  const output = tool.outputSchema !== undefined ? toolOutputType(tool) : "unknown";
  const doc = jsdoc([`Calls tool \`${tool.name}\`${tool.title ? ` (${tool.title})` : ""}.`, tool.description, tool.outputSchema !== undefined ? "`structured` holds the validated structuredContent." : undefined], 4);
  const parse = tool.outputSchema !== undefined ? `, parseStructured: (value) => ${toolOutputType(tool)}Schema.parse(value)` : "";
  return {
    type: `${doc}    ${tool.identifier}(args: ${toolInputType(tool)}, options?: RequestOptions): Promise<CallToolResult<${output}>>;`,
    value: `      ${tool.identifier}: (args, options) => raw.callTool(${JSON.stringify(tool.name)}, args as JsonObject, { ...options${parse} }),`,
  };
}

function promptMethod(prompt: Prompt): { type: string; value: string } {
  const completable = prompt.arguments.filter((a) => a.complete).map((a) => JSON.stringify(a.name));
  const doc = jsdoc([`Prompt \`${prompt.name}\`${prompt.title ? ` (${prompt.title})` : ""}.`, prompt.description], 4);
  const complete =
    completable.length > 0
      ? `\n      complete(argument: ${completable.join(" | ")}, value: string, context?: Record<string, string>, options?: RequestOptions): Promise<string[]>;`
      : "";
  const completeValue =
    completable.length > 0
      ? `\n        complete: async (argument, value, context, options) => completionValues(await raw.complete({ type: "ref/prompt", name: ${JSON.stringify(prompt.name)} }, { name: argument, value }, context === undefined ? undefined : { arguments: context }, options)),`
      : "";
  return {
    type: `${doc}    ${prompt.identifier}: {\n      get(args: ${promptArgumentsType(prompt)}, options?: RequestOptions): Promise<JsonObject>;${complete}\n    };`,
    value: `      ${prompt.identifier}: {\n        get: (args, options) => raw.getPrompt(${JSON.stringify(prompt.name)}, args as Record<string, string>, options),${completeValue}\n      },`,
  };
}

function resourceMethod(resource: Resource): { type: string; value: string } {
  const doc = jsdoc([`Resource \`${resource.uri}\`${resource.title ? ` (${resource.title})` : ""}.`, resource.description], 4);
  return {
    type: `${doc}    ${resource.identifier}: {\n      readonly uri: ${JSON.stringify(resource.uri)};\n      read(options?: RequestOptions): Promise<JsonObject>;\n    };`,
    value: `      ${resource.identifier}: { uri: ${JSON.stringify(resource.uri)}, read: (options) => raw.readResource(${JSON.stringify(resource.uri)}, options) },`,
  };
}

function templateMethod(template: ResourceTemplate): { type: string; value: string } {
  const variables = templateVariablesType(template);
  const completable = template.variables.filter((v) => v.complete).map((v) => JSON.stringify(v.name));
  const doc = jsdoc([`Resource template \`${template.uriTemplate}\`${template.title ? ` (${template.title})` : ""}.`, template.description], 4);
  const t = JSON.stringify(template.uriTemplate);
  const complete =
    completable.length > 0
      ? `\n      complete(variable: ${completable.join(" | ")}, value: string, context?: Record<string, string>, options?: RequestOptions): Promise<string[]>;`
      : "";
  const completeValue =
    completable.length > 0
      ? `\n        complete: async (variable, value, context, options) => completionValues(await raw.complete({ type: "ref/resource", uri: ${t} }, { name: variable, value }, context === undefined ? undefined : { arguments: context }, options)),`
      : "";
  return {
    type: `${doc}    ${template.identifier}: {\n      /** The URI for these variables (RFC 6570 expansion). */\n      uri(variables: ${variables}): string;\n      read(variables: ${variables}, options?: RequestOptions): Promise<JsonObject>;${complete}\n    };`,
    value: `      ${template.identifier}: {\n        uri: (variables) => expandUriTemplate(${t}, variables),\n        read: (variables, options) => raw.readResource(expandUriTemplate(${t}, variables), options),${completeValue}\n      },`,
  };
}

/**
 * src/client.ts: a typed client for the manifest's server over the runtime's generic client,
 * which handles eras (probing or pinned), transports, MRTR retries and legacy server requests.
 */
export function emitClientModule(manifest: Manifest, header: string): string {
  const sections: { name: string; members: { type: string; value: string }[] }[] = [
    { name: "tools", members: manifest.tools.map(toolMethod) },
    { name: "prompts", members: manifest.prompts.map(promptMethod) },
    { name: "resources", members: manifest.resources.map(resourceMethod) },
    { name: "templates", members: manifest.templates.map(templateMethod) },
  ].filter((s) => s.members.length > 0);
  const typeBody = sections.map((s) => `  readonly ${s.name}: {\n${s.members.map((m) => m.type).join("\n")}\n  };`).join("\n");
  const valueBody = sections.map((s) => `    ${s.name}: {\n${s.members.map((m) => m.value).join("\n")}\n    },`).join("\n");
  const code = typeBody + valueBody;

  const schemaValues = manifest.tools.filter((t) => t.outputSchema !== undefined).map((t) => `${toolOutputType(t)}Schema`);
  const schemaTypes = [
    ...manifest.tools.map(toolInputType),
    ...manifest.tools.filter((t) => t.outputSchema !== undefined).map(toolOutputType),
    ...manifest.prompts.map(promptArgumentsType),
  ];
  const runtimeValues = ["connectClient", "expandUriTemplate"].filter((v) => v === "connectClient" || code.includes(`${v}(`));
  const runtimeTypes = ["CallToolResult", "JsonObject", "McpClient", "McpClientOptions", "RequestOptions"].filter(
    (t) => ["McpClient", "McpClientOptions"].includes(t) || new RegExp(`\\b${t}\\b`).test(code),
  );
  const usesCompletion = code.includes("completionValues(");
  const imports = [
    `import { ${runtimeValues.join(", ")}, ${runtimeTypes.map((t) => `type ${t}`).join(", ")} } from "@mcp-gen/runtime";`,
    schemaValues.length > 0 ? `import { ${[...schemaValues].sort().join(", ")} } from "./schemas.js";` : "",
    schemaTypes.length > 0 ? `import type { ${[...new Set(schemaTypes)].sort().join(", ")} } from "./schemas.js";` : "",
  ].filter(Boolean);
  const completionHelper = usesCompletion
    ? `\n/** The values of a completion/complete result (an empty list when the server sent none). */\nfunction completionValues(result: JsonObject): string[] {\n  const completion = result["completion"] as { values?: unknown } | undefined;\n  return Array.isArray(completion?.values) ? completion.values.filter((v): v is string => typeof v === "string") : [];\n}\n`
    : "";
  return (
    `${header}${imports.join("\n")}\n${completionHelper}\n` +
    `/** A typed client of the ${manifest.server.name} server. \`raw\` is the generic client underneath (subscriptions, paging, raw requests). */\n` +
    `export interface Client {\n  readonly raw: McpClient;\n${typeBody}\n  close(): Promise<void>;\n}\n\n` +
    `/**\n * Connects to a ${manifest.server.name} server over the given transport, speaking whichever protocol era it serves\n` +
    ` * (\`protocol: "auto"\`, the default) or a pinned revision, and returns the typed client.\n */\n` +
    `export async function connect(options: McpClientOptions): Promise<Client> {\n  const raw = await connectClient(options);\n  return {\n    raw,\n${valueBody}\n    close: () => raw.close(),\n  };\n}\n`
  );
}

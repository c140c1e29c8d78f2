import type { CacheHint, InputRequest, Manifest, Prompt, Resource, ResourceTemplate, Tool } from "../../manifest/ir.js";
import { answerType, contextType, literal, promptArgumentsType, templateVariablesType, toolInputType } from "./naming.js";

type Json = Record<string, unknown>;

/** Drops undefined and empty-array fields so emitted literals carry only what the manifest said. */
function compact(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

function runtimeCache(hint: CacheHint): Json {
  return { ttlMs: hint.ttlMs, scope: hint.cacheScope };
}

/** The runtime's InputRequestDeclaration for one manifest input request. */
function declaration(request: InputRequest): Json {
  switch (request.kind) {
    case "elicit":
      return { kind: "form-elicitation", message: request.message ?? `Please provide: ${request.key}`, requestedSchema: request.schema };
    case "elicitUrl":
      return { kind: "url-elicitation", message: request.message ?? `Please continue in your browser: ${request.key}` };
    case "sampling":
      return { kind: "sampling", params: compact({ maxTokens: request.maxTokens ?? 1024, systemPrompt: request.systemPrompt }) };
    case "roots":
      return { kind: "roots" };
  }
}

function inputsField(requests: readonly InputRequest[], indent: number): string {
  if (requests.length === 0) return "";
  const record = Object.fromEntries(requests.map((r) => [r.key, declaration(r)]));
  return `${" ".repeat(indent)}inputs: ${literal(record, indent)},\n`;
}

/** The converter from a raw answer to the typed one, per input request. */
function answerConverter(owner: string, request: InputRequest): string {
  const key = JSON.stringify(request.key);
  switch (request.kind) {
    case "elicit":
      return `${key}: (raw: JsonObject) => toElicitAnswer(${key}, raw, (value) => ${answerType(owner, request)}Schema.safeParse(value))`;
    case "elicitUrl":
      return `${key}: (raw: JsonObject) => toUrlElicitAnswer(raw)`;
    case "sampling":
      return `${key}: (raw: JsonObject) => raw as SamplingAnswer`;
    case "roots":
      return `${key}: (raw: JsonObject) => raw as RootsAnswer`;
  }
}

/** Name of the module-level converter table of one handler. */
function convertersName(owner: string, suffix: string): string {
  const type = contextType(owner, suffix);
  return type.charAt(0).toLowerCase() + type.slice(1).replace(/Context$/, "Answers");
}

/** Module-level converter tables, one per handler with input requests (built once, not per call). */
function converterTables(manifest: Manifest): string {
  const owners: [string, string, readonly InputRequest[]][] = [
    ...manifest.tools.map((t) => [t.identifier, "Tool", t.inputRequests] as [string, string, readonly InputRequest[]]),
    ...manifest.prompts.map((p) => [p.identifier, "Prompt", p.inputRequests] as [string, string, readonly InputRequest[]]),
    ...manifest.resources.map((r) => [r.identifier, "Resource", r.inputRequests] as [string, string, readonly InputRequest[]]),
    ...manifest.templates.map((t) => [t.identifier, "Template", t.inputRequests] as [string, string, readonly InputRequest[]]),
  ];
  return owners
    .filter(([, , requests]) => requests.length > 0)
    .map(([owner, suffix, requests]) => `const ${convertersName(owner, suffix)} = {\n  ${requests.map((r) => answerConverter(owner, r)).join(",\n  ")},\n};\n`)
    .join("\n");
}

/** The typed `ask`/`askAll` helpers over the runtime's untyped ctx.ask/askAll. */
function askHelpers(owner: string, suffix: string, requests: readonly InputRequest[]): string {
  const table = convertersName(owner, suffix);
  const helpers = requests.map((r) => {
    const key = JSON.stringify(r.key);
    const argument = r.kind === "roots" ? "" : "request";
    const cast = r.kind === "elicit" ? " as JsonObject | undefined" : r.kind === "elicitUrl" ? " as JsonObject" : "";
    const pass = r.kind === "roots" ? "" : `, request${cast}`;
    return `${key}: async (${argument}) => ${table}[${key}](await ctx.ask(${key}${pass}))`;
  });
  return `ask: { ${helpers.join(", ")} }, askAll: (requests) => askAllTyped(ctx, requests, ${table}) as never, canAsk: (key) => ctx.canAsk(key)`;
}

/** Expression giving the handler its typed context (see handlers-module.ts for the types). */
function contextExpression(owner: string, suffix: string, requests: readonly InputRequest[], handles: boolean): string {
  const parts: string[] = [];
  if (handles) parts.push("...handleHelpers(ctx)");
  if (requests.length > 0) parts.push(askHelpers(owner, suffix, requests));
  if (parts.length === 0) return "ctx";
  const type = requests.length > 0 ? contextType(owner, suffix) : "HandleContext";
  return `extendContext<${type}>(ctx, { ${parts.join(", ")} })`;
}

function descriptorFields(fields: Json, indent: number): string {
  return Object.entries(compact(fields))
    .map(([key, value]) => `${" ".repeat(indent)}${key}: ${literal(value, indent)},\n`)
    .join("");
}

function toolEntry(tool: Tool, handles: boolean): string {
  const handleArguments = Object.fromEntries(tool.handleInputs.filter((u) => u.path.length === 1).map((u) => [u.path[0]!, u.handle]));
  return (
    `    {\n` +
    descriptorFields(
      {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
        icons: tool.icons,
        handleArguments: Object.keys(handleArguments).length > 0 ? handleArguments : undefined,
      },
      6,
    ) +
    inputsField(tool.inputRequests, 6) +
    `      parseInput: (args) => ${toolInputType(tool)}Schema.safeParse(args),\n` +
    `      handler: async (args, ctx) => toCallToolResult(await handlers.tools.${tool.identifier}(args, ${contextExpression(tool.identifier, "Tool", tool.inputRequests, handles)})),\n` +
    `    } satisfies ToolDefinition<${toolInputType(tool)}>,\n`
  );
}

function promptEntry(prompt: Prompt, handles: boolean): string {
  const args = prompt.arguments.map((a) => compact({ name: a.name, title: a.title, description: a.description, required: a.required || undefined }));
  const completable = prompt.arguments.some((a) => a.complete);
  return (
    `    {\n` +
    descriptorFields({ name: prompt.name, title: prompt.title, description: prompt.description, arguments: args, icons: prompt.icons }, 6) +
    inputsField(prompt.inputRequests, 6) +
    (completable ? `      complete: handlers.prompts.${prompt.identifier}.complete,\n` : "") +
    `      get: async (args, ctx) => {\n` +
    `        const parsed = ${promptArgumentsType(prompt)}Schema.safeParse(args);\n` +
    `        if (!parsed.success) throw invalidParams(${JSON.stringify(`Invalid arguments for prompt ${prompt.name}`)}, { issues: parsed.error.issues });\n` +
    `        return handlers.prompts.${prompt.identifier}.get(parsed.data, ${contextExpression(prompt.identifier, "Prompt", prompt.inputRequests, handles)});\n` +
    `      },\n` +
    `    },\n`
  );
}

function resourceEntry(resource: Resource, handles: boolean): string {
  return (
    `    {\n` +
    descriptorFields(
      {
        uri: resource.uri,
        name: resource.name,
        title: resource.title,
        description: resource.description,
        mimeType: resource.mimeType,
        size: resource.size,
        annotations: resource.annotations,
        icons: resource.icons,
        subscribable: resource.subscribe || undefined,
        cache: runtimeCache(resource.cache),
      },
      6,
    ) +
    inputsField(resource.inputRequests, 6) +
    `      read: (ctx) => handlers.resources.${resource.identifier}.read(${contextExpression(resource.identifier, "Resource", resource.inputRequests, handles)}),\n` +
    `    },\n`
  );
}

function templateEntry(template: ResourceTemplate, handles: boolean): string {
  const variables = templateVariablesType(template);
  const completable = template.variables.some((v) => v.complete);
  return (
    `    {\n` +
    descriptorFields(
      {
        uriTemplate: template.uriTemplate,
        name: template.name,
        title: template.title,
        description: template.description,
        mimeType: template.mimeType,
        annotations: template.annotations,
        icons: template.icons,
        cache: runtimeCache(template.cache),
      },
      6,
    ) +
    inputsField(template.inputRequests, 6) +
    (completable ? `      complete: handlers.templates.${template.identifier}.complete,\n` : "") +
    // The runtime matched the template, so every variable is present (RFC 6570 expansion yields strings).
    `      read: (uri, variables, ctx) => handlers.templates.${template.identifier}.read(uri, variables as ${variables}, ${contextExpression(template.identifier, "Template", template.inputRequests, handles)}),\n` +
    `    },\n`
  );
}

/** src/server.ts: the server factory, building the runtime definition once from the manifest. */
export function emitServerModule(manifest: Manifest, header: string, schemaNames: readonly string[]): string {
  const handles = manifest.handles.length > 0;
  const listChanged = `{ tools: ${Boolean(manifest.capabilities.tools?.listChanged)}, prompts: ${Boolean(manifest.capabilities.prompts?.listChanged)}, resources: ${Boolean(manifest.capabilities.resources?.listChanged)} }`;
  const serverInfo = compact({
    name: manifest.server.name,
    version: manifest.server.version,
    title: manifest.server.title,
    description: manifest.server.description,
    icons: manifest.server.icons,
    websiteUrl: manifest.server.website,
  });
  const listCache = {
    "server/discover": runtimeCache(manifest.cache.discover),
    "tools/list": runtimeCache(manifest.cache.tools),
    "prompts/list": runtimeCache(manifest.cache.prompts),
    "resources/list": runtimeCache(manifest.cache.resources),
    "resources/templates/list": runtimeCache(manifest.cache.templates),
  };
  const handleKinds = Object.fromEntries(manifest.handles.map((h) => [h.name, compact({ ttlMs: h.ttlMs, description: h.description })]));
  const code = [
    `  const definition: ServerDefinition = {\n`,
    `    serverInfo: ${literal(serverInfo, 4)},\n`,
    manifest.server.instructions !== undefined ? `    instructions: ${JSON.stringify(manifest.server.instructions)},\n` : "",
    `    revisions: ${JSON.stringify(manifest.revisions)},\n`,
    `    capabilities: { listChanged: ${listChanged}, logging: ${Boolean(manifest.capabilities.logging)} },\n`,
    `    listCache: ${literal(listCache, 4)},\n`,
    handles ? `    handles: ${literal(handleKinds, 4)},\n` : "",
    manifest.tools.length > 0 ? `    tools: [\n${manifest.tools.map((t) => toolEntry(t, handles)).join("")}    ],\n` : "",
    manifest.prompts.length > 0 ? `    prompts: [\n${manifest.prompts.map((p) => promptEntry(p, handles)).join("")}    ],\n` : "",
    manifest.resources.length > 0 ? `    resources: [\n${manifest.resources.map((r) => resourceEntry(r, handles)).join("")}    ],\n` : "",
    manifest.templates.length > 0 ? `    resourceTemplates: [\n${manifest.templates.map((t) => templateEntry(t, handles)).join("")}    ],\n` : "",
    `  };\n`,
  ].join("");

  const handleHelpers = handles
    ? `\n/** Typed mint/open helpers over the runtime's handle codec. */\nfunction handleHelpers(ctx: ServerHandlerContext) {\n  return {\n` +
      `    mint: { ${manifest.handles.map((h) => `${JSON.stringify(h.name)}: (value: unknown) => ctx.handles.mint(${JSON.stringify(h.name)}, value)`).join(", ")} },\n` +
      `    open: { ${manifest.handles.map((h) => `${JSON.stringify(h.name)}: (handle: string) => ctx.handles.open(${JSON.stringify(h.name)}, handle)`).join(", ")} },\n` +
      `  };\n}\n`
    : "";

  const runtimeValues = ["askAllTyped", "createMcpServer", "extendContext", "invalidParams", "toCallToolResult", "toElicitAnswer", "toUrlElicitAnswer"];
  const runtimeTypes = ["JsonObject", "McpServer", "RootsAnswer", "SamplingAnswer", "ServerDefinition", "ServerHandlerContext", "ServerOptions", "ToolDefinition"];
  const converters = converterTables(manifest);
  const text = code + handleHelpers + converters;
  const usedValues = runtimeValues.filter((v) => v === "createMcpServer" || new RegExp(`\\b${v}[(<]`).test(text));
  const usedTypes = runtimeTypes.filter((t) => ["McpServer", "ServerDefinition", "ServerOptions"].includes(t) || new RegExp(`\\b${t}\\b`).test(text));
  const usedSchemas = schemaNames.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
  const usedSchemaTypes = [...new Set([...text.matchAll(/ToolDefinition<(\w+)>/g)].map((m) => m[1]!))].sort();
  const contextTypes = [...new Set([...text.matchAll(/extendContext<(\w+)>/g)].map((m) => m[1]!))].sort();
  const imports = [
    `import { ${usedValues.join(", ")}, ${usedTypes.map((t) => `type ${t}`).join(", ")} } from "@mcp-gen/runtime";`,
    `import type { ${["Handlers", ...contextTypes].join(", ")} } from "./handlers.js";`,
    usedSchemas.length > 0 ? `import { ${usedSchemas.join(", ")} } from "./schemas.js";` : "",
    usedSchemaTypes.length > 0 ? `import type { ${usedSchemaTypes.join(", ")} } from "./schemas.js";` : "",
  ].filter(Boolean);
  return (
    `${header}${imports.join("\n")}\n${handleHelpers}\n${converters}${converters ? "\n" : ""}` +
    `/**\n * Creates the ${JSON.stringify(manifest.server.name).slice(1, -1)} MCP server: both protocol eras on one endpoint, stdio or HTTP.\n` +
    ` * Serve it with serveFromArgv(), serveStdio() or listenHttp() from @mcp-gen/runtime.\n */\n` +
    `export function createServer(handlers: Handlers, options: ServerOptions = {}): McpServer {\n${code}  return createMcpServer(definition, options);\n}\n`
  );
}

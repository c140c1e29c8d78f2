import type { CacheHint, Manifest, Prompt, Resource, ResourceTemplate, Tool } from "../../manifest/ir.js";
import { ModuleWriter, type ExportedSymbol } from "../module-writer/module-writer.js";
import { serverAppsParts } from "./apps-parts.js";
import { serverSkillsParts } from "./skills-parts.js";
import { serverCustomMethodsParts } from "./custom-methods-parts.js";
import { serverAuthParts } from "./auth-parts.js";
import { httpOptionDefaults } from "./http-parts.js";
import { handlersOptional, isProxied, proxyHandler, serverProxyParts } from "./proxy-parts.js";
import { inputKind } from "./input-kinds/index.js";
import { ServerValidators } from "./validators-parts.js";
import {
  contextConst,
  contextType,
  CREATE_SERVER,
  HANDLE_CONTEXT_CONST,
  HANDLE_CONTEXT_TYPE,
  HANDLE_KINDS_CONST,
  HANDLERS_PARAMETER,
  handlerRef,
  MEMBER,
  HANDLERS_TYPE,
  handlersSymbol,
  inputsConst,
  literal,
  type Owner,
  ownerLabel,
  promptArgumentsRoot,
  RUNTIME,
  type SchemaNames,
  toolInputRoot,
  templateVariablesType,
  toolOutputRoot,
} from "./naming.js";

type Json = Record<string, unknown>;

/** Drops undefined and empty-array fields so emitted literals carry only what the manifest said. */
function compact(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

/**
 * The hint the runtime applies where a definition gives none (createMcpServer: ttlMs 0,
 * private). It equals the manifest's own fallback (manifest/normalize.ts, DECISION RECORD —
 * CACHE DEFAULTS), so a hint equal to it is left out of the generated definition; the e2e test
 * test/e2e/structured-output.test.ts checks that the runtime still answers with it.
 */
const RUNTIME_DEFAULT_CACHE: CacheHint = { ttlMs: 0, cacheScope: "private" };

function runtimeCache(hint: CacheHint): Json | undefined {
  if (hint.ttlMs === RUNTIME_DEFAULT_CACHE.ttlMs && hint.cacheScope === RUNTIME_DEFAULT_CACHE.cacheScope) return undefined;
  return { ttlMs: hint.ttlMs, scope: hint.cacheScope };
}

/** Object-literal fields: manifest data as JSON literals, then code (names, functions); undefined ones left out. */
function fields(data: Json, code: Readonly<Record<string, string | undefined>>, indent: number): string {
  const pad = " ".repeat(indent);
  const json = Object.entries(compact(data)).map(([key, value]) => `${pad}${key}: ${literal(value, indent)},\n`);
  const expressions = Object.entries(code).flatMap(([key, value]) => (value === undefined ? [] : [`${pad}${key}: ${value},\n`]));
  return [...json, ...expressions].join("");
}

/** What an entry of the definition refers to: its inputs constant and its context function. */
interface Bound {
  readonly inputs: string | undefined;
  readonly context: string | undefined;
}

/** Module-level declarations of one server module: data and typed contexts built once. */
class ServerDeclarations {
  readonly parts: string[] = [];
  constructor(
    private readonly w: ModuleWriter,
    readonly validators: ServerValidators,
    private readonly handles: boolean,
  ) {}

  /** Declares a handler's inputs and typed context; the context is undefined when the runtime's is enough. */
  bind(owner: Owner): Bound {
    const requests = owner.inputRequests;
    if (requests.length === 0) return { inputs: undefined, context: this.handles ? HANDLE_CONTEXT_CONST : undefined };
    const w = this.w;
    const inputs = inputsConst(owner);
    const declarations = Object.fromEntries(requests.map((r) => [r.key, inputKind(r).declaration(r)]));
    const answers = requests.flatMap((r) => {
      const root = inputKind(r).answerSchemaRoot(owner, r);
      return root === undefined ? [] : [`${JSON.stringify(r.key)}: ${this.validators.of(root)}`];
    });
    const spec = [`inputs: ${inputs}`, ...(answers.length > 0 ? [`answers: { ${answers.join(", ")} }`] : []), ...(this.handles ? [`handles: ${HANDLE_KINDS_CONST}`] : [])];
    const name = contextConst(owner);
    this.parts.push(
      `/** Input requests ${ownerLabel(owner)} declares, by key; the runtime builds its typed \`ctx.ask\` from them. */\n` +
        `const ${inputs} = ${literal(declarations)} satisfies Record<string, ${w.use(RUNTIME.InputRequestDeclaration)}>;\n` +
        `const ${name} = ${w.use(RUNTIME.typedContext)}<${w.use(handlersSymbol(contextType(owner)))}>({ ${spec.join(", ")} });\n`,
    );
    return { inputs, context: name };
  }

  handleKinds(manifest: Manifest): void {
    const kinds = Object.fromEntries(manifest.handles.map((h) => [h.name, compact({ ttlMs: h.ttlMs, description: h.description })]));
    const w = this.w;
    this.parts.push(
      `/** Handle kinds: server-signed ids a tool mints and a later call takes back. */\n` +
        `const ${HANDLE_KINDS_CONST} = ${literal(kinds)} satisfies Record<string, ${w.use(RUNTIME.HandleKindDefinition)}>;\n` +
        `const ${HANDLE_CONTEXT_CONST} = ${w.use(RUNTIME.typedContext)}<${w.use(handlersSymbol(HANDLE_CONTEXT_TYPE))}>({ handles: ${HANDLE_KINDS_CONST} });\n`,
    );
  }
}

const call = ({ context }: Bound) => (context === undefined ? "ctx" : `${context}(ctx)`);

function toolEntry(w: ModuleWriter, d: ServerDeclarations, schemas: SchemaNames, tool: Tool): string {
  const bound = d.bind({ identifier: tool.identifier, family: "Tool", inputRequests: tool.inputRequests });
  const handleArguments = Object.fromEntries(tool.handleInputs.filter((u) => u.path.length === 1).map((u) => [u.path[0]!, u.handle]));
  const input = toolInputRoot(tool);
  const output = tool.outputSchema === undefined ? undefined : toolOutputRoot(tool);
  const v = d.validators;
  // The wire schemas are the constants the validators check with (validators-parts.ts).
  const wireSchema = (root: string, schema: unknown) => (typeof schema === "object" && schema !== null ? v.json(root) : literal(schema, 6));
  return (
    `    {\n` +
    fields(
      { name: tool.name, title: tool.title, description: tool.description },
      { inputSchema: wireSchema(input, tool.inputSchema), outputSchema: output === undefined ? undefined : wireSchema(output, tool.outputSchema) },
      6,
    ) +
    fields(
      {
        annotations: tool.annotations,
        icons: tool.icons,
        _meta: tool._meta,
        // The manifest's per-tool deadline (runtime server/operations.ts); absent: the server default.
        timeoutMs: tool.timeoutMs,
        handleArguments: Object.keys(handleArguments).length > 0 ? handleArguments : undefined,
        // The loader read these with the runtime's scanner; the server does not derive them again.
        headers: tool.headers.length > 0 ? tool.headers.map((h) => ({ path: h.path, headerName: h.header, type: h.type })) : undefined,
        // Runs as a task (manifest/tasks.ts → runtime tasks/): support, TTL, poll interval, askFirst.
        task: tool.task === undefined ? undefined : compact({ support: tool.task.support, ttlMs: tool.task.ttlMs, pollIntervalMs: tool.task.pollIntervalMs, askFirst: tool.task.askFirst.length > 0 ? tool.task.askFirst : undefined }),
      },
      {
        inputs: bound.inputs,
        parseInput: `(args) => ${v.of(input)}.safeParse(args)`,
        // The spec's MUST: structured content conforms to the output schema (2025-11-25 and
        // 2026-07-28 server/tools § Output Schema); the runtime turns a violation into isError.
        parseOutput: output === undefined ? undefined : `(value) => ${v.of(output)}.safeParse(value)`,
        handler: isProxied(tool)
          ? proxyHandler(w, tool, (ref) => `${w.use(RUNTIME.toCallToolResult)}(await ${ref}(args, ${call(bound)}))`)
          : // Not async (issue 10): a synchronous handler's call is answered without a promise.
            `(args, ctx) => ${w.use(RUNTIME.toCallToolResult)}(${handlerRef("Tool", tool)}(args, ${call(bound)}))`,
      },
      6,
    ) +
    `    } satisfies ${w.use(RUNTIME.ToolDefinition)}<${w.use(schemas.type(input))}>,\n`
  );
}

function promptEntry(w: ModuleWriter, d: ServerDeclarations, schemas: SchemaNames, prompt: Prompt): string {
  const bound = d.bind({ identifier: prompt.identifier, family: "Prompt", inputRequests: prompt.inputRequests });
  const args = prompt.arguments.map((a) => compact({ name: a.name, title: a.title, description: a.description, required: a.required || undefined }));
  const member = handlerRef("Prompt", prompt);
  const parsed = `${w.use(RUNTIME.parsePromptArguments)}(${JSON.stringify(prompt.name)}, args, ${d.validators.of(promptArgumentsRoot(prompt))})`;
  return (
    `    {\n` +
    fields(
      {
        name: prompt.name,
        title: prompt.title,
        description: prompt.description,
        arguments: args,
        icons: prompt.icons,
        _meta: prompt._meta,
      },
      {
        inputs: bound.inputs,
        complete: prompt.arguments.some((a) => a.complete) ? `${member}.${MEMBER.complete}` : undefined,
        get: `(args, ctx) => ${member}.${MEMBER.get}(${parsed}, ${call(bound)})`,
      },
      6,
    ) +
    `    },\n`
  );
}

function resourceEntry(d: ServerDeclarations, resource: Resource): string {
  const bound = d.bind({ identifier: resource.identifier, family: "Resource", inputRequests: resource.inputRequests });
  return (
    `    {\n` +
    fields(
      {
        uri: resource.uri,
        name: resource.name,
        title: resource.title,
        description: resource.description,
        mimeType: resource.mimeType,
        size: resource.size,
        annotations: resource.annotations,
        icons: resource.icons,
        _meta: resource._meta,
        subscribable: resource.subscribe || undefined,
        cache: runtimeCache(resource.cache),
      },
      {
        inputs: bound.inputs,
        read: `(ctx) => ${handlerRef("Resource", resource)}.${MEMBER.read}(${call(bound)})`,
      },
      6,
    ) +
    `    },\n`
  );
}

function templateEntry(d: ServerDeclarations, template: ResourceTemplate): string {
  const bound = d.bind({ identifier: template.identifier, family: "Template", inputRequests: template.inputRequests });
  const member = handlerRef("Template", template);
  return (
    `    {\n` +
    fields(
      {
        uriTemplate: template.uriTemplate,
        name: template.name,
        title: template.title,
        description: template.description,
        mimeType: template.mimeType,
        annotations: template.annotations,
        icons: template.icons,
        _meta: template._meta,
        cache: runtimeCache(template.cache),
      },
      {
        inputs: bound.inputs,
        complete: template.variables.some((v) => v.complete) ? `${member}.${MEMBER.complete}` : undefined,
        // The runtime matched the template, so every variable the type requires is present.
        read: `(uri, variables, ctx) => ${member}.${MEMBER.read}(uri, variables as ${templateVariablesType(template)}, ${call(bound)})`,
        // manifest `list: true`: the instances join resources/list (runtime server/template-listing.ts).
        list: template.list ? `(ctx) => ${member}.${MEMBER.list}(${call(bound)})` : undefined,
      },
      6,
    ) +
    `    },\n`
  );
}

export interface ServerModule {
  readonly code: string;
  readonly exports: readonly ExportedSymbol[];
}

/** src/server.ts: the server factory, building the runtime definition once from the manifest. */
/**
 * Typed live-list accessors (runtime server/live-lists.ts): `server.tools.<identifier>` for each
 * declared item, keyed by tool/prompt name, resource URI or URI template.
 */
function liveAccessors(w: ModuleWriter, manifest: Manifest): { type: string; wrap: (server: string) => string } {
  const families = [
    ["tools", manifest.tools.map((t) => [t.identifier, t.name] as const)],
    ["prompts", manifest.prompts.map((p) => [p.identifier, p.name] as const)],
    ["resources", manifest.resources.map((r) => [r.identifier, r.uri] as const)],
    ["resourceTemplates", manifest.templates.map((t) => [t.identifier, t.uriTemplate] as const)],
  ] as const;
  const union = (pairs: readonly (readonly [string, string])[]) => (pairs.length > 0 ? pairs.map(([id]) => JSON.stringify(id)).join(" | ") : "never");
  const type = `${w.use(RUNTIME.WithLiveItems)}<${w.use(RUNTIME.McpServer)}, ${families.map(([, pairs]) => union(pairs)).join(", ")}>`;
  const keys = families
    .filter(([, pairs]) => pairs.length > 0)
    .map(([family, pairs]) => `    ${family}: { ${pairs.map(([id, key]) => `${id}: ${JSON.stringify(key)}`).join(", ")} },\n`)
    .join("");
  return { type, wrap: (server) => (keys ? `${w.use(RUNTIME.withLiveItems)}(${server}, {\n${keys}  })` : server) };
}

export function emitServerModule(manifest: Manifest, header: string, schemas: SchemaNames): ServerModule {
  const w = new ModuleWriter();
  const handles = manifest.handles.length > 0;
  const validators = new ServerValidators(w, schemas);
  const d = new ServerDeclarations(w, validators, handles);
  if (handles) d.handleKinds(manifest);
  const listCache = compact({
    "server/discover": runtimeCache(manifest.cache.discover),
    "tools/list": runtimeCache(manifest.cache.tools),
    "prompts/list": runtimeCache(manifest.cache.prompts),
    "resources/list": runtimeCache(manifest.cache.resources),
    "resources/templates/list": runtimeCache(manifest.cache.templates),
  });
  const entries = {
    tools: manifest.tools.map((t) => toolEntry(w, d, schemas, t)).join(""),
    prompts: manifest.prompts.map((p) => promptEntry(w, d, schemas, p)).join(""),
    resources: manifest.resources.map((r) => resourceEntry(d, r)).join(""),
    resourceTemplates: manifest.templates.map((t) => templateEntry(d, t)).join(""),
  };
  const list = (key: keyof typeof entries) => (entries[key] ? `    ${key}: [\n${entries[key]}    ],\n` : "");
  const serverInfo = compact({
    name: manifest.server.name,
    version: manifest.server.version,
    title: manifest.server.title,
    description: manifest.server.description,
    icons: manifest.server.icons,
    websiteUrl: manifest.server.website,
  });
  const listChanged = `{ tools: ${Boolean(manifest.capabilities.tools?.listChanged)}, prompts: ${Boolean(manifest.capabilities.prompts?.listChanged)}, resources: ${Boolean(manifest.capabilities.resources?.listChanged)} }`;
  const definition =
    `  const definition: ${w.use(RUNTIME.ServerDefinition)} = {\n` +
    `    serverInfo: ${literal(serverInfo, 4)},\n` +
    (manifest.server.instructions !== undefined ? `    instructions: ${JSON.stringify(manifest.server.instructions)},\n` : "") +
    `    revisions: ${JSON.stringify(manifest.revisions)},\n` +
    // Declared extensions (manifest/meta.ts); the runtime merges in the ones it owns (tasks).
    `    capabilities: { listChanged: ${listChanged}, logging: ${Boolean(manifest.capabilities.logging)}${manifest.extensions ? `, extensions: ${literal(manifest.extensions, 4)}` : ""} },\n` +
    (Object.keys(listCache).length > 0 ? `    listCache: ${literal(listCache, 4)},\n` : "") +
    (handles ? `    handles: ${HANDLE_KINDS_CONST},\n` : "") +
    list("tools") +
    list("prompts") +
    list("resources") +
    list("resourceTemplates") +
    `  };\n`;
  const auth = serverAuthParts(w, manifest);
  const proxy = serverProxyParts(w, manifest);
  const live = liveAccessors(w, manifest);
  const apps = serverAppsParts(w, manifest);
  const skills = serverSkillsParts(w, manifest);
  const custom = serverCustomMethodsParts(w, manifest, schemas, validators, handles);
  const factory =
    `/**\n * Creates the ${JSON.stringify(manifest.server.name).slice(1, -1)} MCP server: both protocol eras on one endpoint, stdio or HTTP.\n` +
    ` * Serve it with serveFromArgv(), serveStdio() or listenHttp() from @mcp-gen/runtime/node.\n */\n` +
    `export function ${w.export(CREATE_SERVER, false)}(${HANDLERS_PARAMETER}: ${w.use(handlersSymbol(HANDLERS_TYPE))}${handlersOptional(manifest) ? " = {}" : ""}, options: ${w.use(RUNTIME.ServerOptions)}${auth?.optionsType ?? ""}${proxy?.optionsType ?? ""} = {}): ${live.type} {\n` +
    `${httpOptionDefaults(manifest)}${definition}  return ${live.wrap(`${w.use(RUNTIME.createMcpServer)}(${(skills?.wrap ?? String)((custom?.wrap ?? String)(apps ? apps.wrap("definition") : "definition"))}, ${auth?.optionsExpression ?? "options"})`)};\n}\n`;
  return { code: w.render(header, [...[validators.part()].filter((part) => part !== undefined), ...d.parts, ...(auth ? [auth.part] : []), ...(proxy ? [proxy.part] : []), ...(apps ? [apps.part] : []), ...(skills ? [skills.part] : []), ...(custom ? [custom.part] : []), factory].join("\n")), exports: w.exports() };
}

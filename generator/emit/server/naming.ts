// THE names module of the package emitters (schemas, handlers, server, client, index): every
// identifier a generated file declares, imports or exports is spelled by one function here, and
// every symbol taken from another module is a ModuleSymbol built here. Schema declaration names
// inside schemas.ts are the zod emitter's (emit/zod/names.ts); the emitters reach them through
// SchemaNames, never by appending "Schema" themselves. Parameters local to one emitted function
// (`args`, `ctx`, `options`) stay in that function's template.
import type { InputRequest, Manifest, ResourceTemplate } from "../../manifest/ir.js";
import type { ModuleSymbol } from "../module-writer/module-writer.js";

/** `addNote` → `AddNote`: type names derive from the loader's (collision-checked) identifiers. */
export function pascal(identifier: string): string {
  const bare = identifier.replace(/^_+/, "");
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

function camel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

// ---- the package's own modules -------------------------------------------------------------

export const MODULE = {
  schemas: "./schemas.js",
  handlers: "./handlers.js",
  server: "./server.js",
  client: "./client.js",
  testing: "./testing.js",
} as const;

export type PackageModule = keyof typeof MODULE;

// ---- the runtime ---------------------------------------------------------------------------

// Generated code imports each runtime symbol from the one subpath that exports it, so a server
// package never loads the client half and the runtime's root can stay runtime-neutral (core only).
type RuntimeSubpath = "core" | "server" | "client" | "node" | "patterns";
const RUNTIME_PACKAGE = "@mcp-gen/runtime";
const runtimeValue = (subpath: RuntimeSubpath, name: string): ModuleSymbol => ({ name, from: `${RUNTIME_PACKAGE}/${subpath}`, typeOnly: false });
const runtimeType = (subpath: RuntimeSubpath, name: string): ModuleSymbol => ({ name, from: `${RUNTIME_PACKAGE}/${subpath}`, typeOnly: true });

/** Every runtime export generated code uses (test/emit/runtime-symbols checks each exists). */
export const RUNTIME = {
  readAppResource: runtimeValue("client", "readAppResource"),
  withAppFallback: runtimeValue("core", "withAppFallback"),
  AppResource: runtimeType("client", "AppResource"),
  ResourceDefinition: runtimeType("server", "ResourceDefinition"),
  completeArgument: runtimeValue("client", "completeArgument"),
  connectClient: runtimeValue("client", "connectClient"),
  createMcpServer: runtimeValue("server", "createMcpServer"),
  withSkills: runtimeValue("server", "withSkills"),
  BundledSkill: runtimeType("server", "BundledSkill"),
  createMemoryTransport: runtimeValue("node", "createMemoryTransport"),
  expandUriTemplate: runtimeValue("client", "expandUriTemplate"),
  parsePromptArguments: runtimeValue("server", "parsePromptArguments"),
  jsonSchemaValidator: runtimeValue("server", "jsonSchemaValidator"),
  pattern: runtimeValue("patterns", "pattern"),
  toCallToolResult: runtimeValue("server", "toCallToolResult"),
  typedContext: runtimeValue("server", "typedContext"),
  withLiveItems: runtimeValue("server", "withLiveItems"),
  Awaitable: runtimeType("server", "Awaitable"),
  BaseContext: runtimeType("server", "BaseContext"),
  CallToolResult: runtimeType("core", "CallToolResult"),
  Completer: runtimeType("server", "Completer"),
  ElicitAnswer: runtimeType("server", "ElicitAnswer"),
  GetPromptResult: runtimeType("server", "GetPromptResult"),
  HandleKindDefinition: runtimeType("server", "HandleKindDefinition"),
  InputRequestDeclaration: runtimeType("server", "InputRequestDeclaration"),
  JsonObject: runtimeType("core", "JsonObject"),
  LogLevel: runtimeType("core", "LogLevel"),
  LogMessage: runtimeType("client", "LogMessage"),
  McpClient: runtimeType("client", "McpClient"),
  TaskHandle: runtimeType("client", "TaskHandle"),
  InlineHandle: runtimeType("client", "InlineHandle"),
  McpClientOptions: runtimeType("client", "McpClientOptions"),
  McpServer: runtimeType("server", "McpServer"),
  PromptResult: runtimeType("core", "PromptResult"),
  ReadResourceResult: runtimeType("core", "ReadResourceResult"),
  ReadResult: runtimeType("server", "ReadResult"),
  RequestOptions: runtimeType("client", "RequestOptions"),
  RootsAnswer: runtimeType("server", "RootsAnswer"),
  SamplingAnswer: runtimeType("server", "SamplingAnswer"),
  SamplingRequest: runtimeType("server", "SamplingRequest"),
  SamplingWithToolsRequest: runtimeType("server", "SamplingWithToolsRequest"),
  TemplateInstance: runtimeType("server", "TemplateInstance"),
  ServerDefinition: runtimeType("server", "ServerDefinition"),
  WithLiveItems: runtimeType("server", "WithLiveItems"),
  ServerOptions: runtimeType("server", "ServerOptions"),
  StructuredToolReturn: runtimeType("server", "StructuredToolReturn"),
  ToolDefinition: runtimeType("server", "ToolDefinition"),
  ToolReturn: runtimeType("server", "ToolReturn"),
  UrlElicitAnswer: runtimeType("server", "UrlElicitAnswer"),
  // Extension methods and notifications (emit/server/custom-methods-parts.ts).
  extensionContext: runtimeValue("server", "extensionContext"),
  ExtensionMethodDefinition: runtimeType("server", "ExtensionMethodDefinition"),
  ExtensionNotificationDefinition: runtimeType("server", "ExtensionNotificationDefinition"),
  ExtensionNotificationInfo: runtimeType("server", "ExtensionNotificationInfo"),
  requestExtension: runtimeValue("client", "requestExtension"),
  notifyExtension: runtimeValue("client", "notifyExtension"),
  withClientExtensions: runtimeValue("client", "withClientExtensions"),
  routeExtensionNotifications: runtimeValue("client", "routeExtensionNotifications"),
  ExtensionNotificationHandler: runtimeType("client", "ExtensionNotificationHandler"),
} as const satisfies Record<string, ModuleSymbol>;

// ---- handler owners and their types --------------------------------------------------------

/** Something a handler implements: its family decides the name suffixes. */
export interface Owner {
  readonly identifier: string;
  readonly family: "Tool" | "Prompt" | "Resource" | "Template";
  readonly inputRequests: readonly InputRequest[];
}

export function ownersOf(manifest: Manifest): Owner[] {
  const of = (family: Owner["family"]) => (o: { identifier: string; inputRequests: readonly InputRequest[] }): Owner => ({ identifier: o.identifier, family, inputRequests: o.inputRequests });
  return [...manifest.tools.map(of("Tool")), ...manifest.prompts.map(of("Prompt")), ...manifest.resources.map(of("Resource")), ...manifest.templates.map(of("Template"))];
}

/** Schema root names (handed to the zod emitter, which may adjust them: see SchemaNames). */
export const toolInputRoot = (tool: { identifier: string }): string => `${pascal(tool.identifier)}Input`;
export const toolOutputRoot = (tool: { identifier: string }): string => `${pascal(tool.identifier)}Output`;
export const promptArgumentsRoot = (prompt: { identifier: string }): string => `${pascal(prompt.identifier)}PromptArguments`;
export const answerRoot = (owner: Owner, request: InputRequest): string => `${pascal(owner.identifier)}${pascal(request.identifier)}Answer`;

/** handlers.ts names. */
export const HANDLERS_TYPE = "Handlers";
export const HANDLE_CONTEXT_TYPE = "HandleContext";
/** `BookTripTool`: how docs name a handler, and the stem of its type names. */
export const ownerLabel = (owner: Owner): string => `${pascal(owner.identifier)}${owner.family}`;
export const contextType = (owner: Owner): string => `${ownerLabel(owner)}Context`;
export const answersType = (owner: Owner): string => `${ownerLabel(owner)}Answers`;
export const requestsType = (owner: Owner): string => `${ownerLabel(owner)}Requests`;
export const handlersSymbol = (name: string): ModuleSymbol => ({ name, from: MODULE.handlers, typeOnly: true });

/** server.ts names: module-level declarations. */
export const CREATE_SERVER = "createServer";
export const HANDLE_KINDS_CONST = "handleKinds";
export const HANDLE_CONTEXT_CONST = "handleContext";
export const inputsConst = (owner: Owner): string => `${camel(ownerLabel(owner))}Inputs`;
export const contextConst = (owner: Owner): string => `${camel(ownerLabel(owner))}Context`;

/** client.ts names. */
export const CLIENT_TYPE = "Client";
export const CONNECT = "connect";
export const CREATE_TEST_CLIENT = "createTestClient";
export const TEST_CLIENT_OPTIONS_TYPE = "TestClientOptions";

/** Members of the typed Handlers / Client objects, by IR entry. */
export const handlerMember = (entry: { identifier: string }): string => entry.identifier;

/** Sections of the Handlers interface and of the typed Client, by family. */
export const SECTION = { Tool: "tools", Prompt: "prompts", Resource: "resources", Template: "templates" } as const satisfies Record<Owner["family"], string>;

/** Members of one prompt/resource/template entry of Handlers and of the typed Client. */
export const MEMBER = { get: "get", read: "read", complete: "complete", list: "list" } as const;

/** Members a typed context adds; the runtime's typedContext builds them under these names. */
export const CONTEXT_MEMBER = { ask: "ask", askAll: "askAll", canAsk: "canAsk", mint: "mint", open: "open" } as const;

/** createServer's parameter holding the user's Handlers. */
export const HANDLERS_PARAMETER = "handlers";

/** The expression reaching one handler entry inside createServer (`handlers.tools.addNote`). */
export const handlerRef = (family: Owner["family"], entry: { identifier: string }): string => `${HANDLERS_PARAMETER}.${SECTION[family]}.${handlerMember(entry)}`;

// ---- schemas -------------------------------------------------------------------------------

/** The zod emitter's rule (emit/zod/names.ts): declaration `Foo` is `FooSchema` + `type Foo`. */
const schemaConstOf = (declaration: string): string => `${declaration}Schema`;

/**
 * Names of schemas.ts declarations, by the root name the emitter was given. The emitter makes
 * root names unique identifiers, so the name it chose is looked up, never re-derived.
 */
export class SchemaNames {
  constructor(
    private readonly byRoot: ReadonlyMap<string, string>,
    /** Every declaration of schemas.ts, nested ones included, in emission order. */
    readonly declarations: readonly string[],
    /** The JSON Schema of each root (what server.ts validates with, without zod). */
    private readonly roots: Readonly<Record<string, unknown>> = {},
  ) {}

  /** The JSON Schema a root was emitted from. */
  jsonSchema(root: string): unknown {
    if (!Object.hasOwn(this.roots, root)) throw new Error(`schema root ${root} has no JSON Schema`);
    return this.roots[root];
  }

  /** server.ts: the module-level constants of a root's JSON Schema and of its compiled validator. */
  validatorNames(root: string): { readonly json: string; readonly validator: string } {
    const stem = camel(this.declarationOf(root));
    return { json: `${stem}JsonSchema`, validator: `${stem}Validator` };
  }

  private declarationOf(root: string): string {
    const name = this.byRoot.get(root);
    if (name === undefined) throw new Error(`schema root ${root} was not emitted`);
    return name;
  }

  /** The zod schema constant of a root (./schemas subpath of the package; server.ts uses validatorNames). */
  value(root: string): ModuleSymbol {
    return { name: schemaConstOf(this.declarationOf(root)), from: MODULE.schemas, typeOnly: false };
  }

  /** The TypeScript type of a root. */
  type(root: string): ModuleSymbol {
    return { name: this.declarationOf(root), from: MODULE.schemas, typeOnly: true };
  }

  /** Every exported name of schemas.ts: the constant and the type of each declaration. */
  exports(): { name: string; typeOnly: boolean }[] {
    return this.declarations.flatMap((d) => [
      { name: schemaConstOf(d), typeOnly: false },
      { name: d, typeOnly: true },
    ]);
  }
}

// ---- literals ------------------------------------------------------------------------------

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

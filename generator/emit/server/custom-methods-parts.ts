// Custom methods and notifications of extensions in the generated package (manifest `methods:`
// and `notifications:`, docs/extensions.md): their zod roots in schemas.ts, the typed handler
// slots in handlers.ts (`methods`, `notifications`), the runtime entries in server.ts (params
// and results validated by the generated schemas, like a tool's arguments and structuredContent)
// and the typed members of client.ts (`methods`, `notify`, `on`).
import type { CustomMethod, CustomNotification } from "../../manifest/custom-methods.js";
import type { Manifest } from "../../manifest/ir.js";
import type { ModuleWriter } from "../module-writer/module-writer.js";
import type { ServerValidators } from "./validators-parts.js";
import { HANDLE_CONTEXT_CONST, HANDLERS_PARAMETER, HANDLERS_TYPE, handlersSymbol, jsdoc, literal, pascal, RUNTIME, type SchemaNames } from "./naming.js";

/** Sections of Handlers and members of the typed Client. */
export const METHODS_SECTION = "methods";
export const NOTIFICATIONS_SECTION = "notifications";
export const CLIENT_NOTIFY_SECTION = "notify";
export const CLIENT_ON_SECTION = "on";
/** The context type of method handlers when the server has notifications to send, and its `emit` member. */
export const METHOD_CONTEXT_TYPE = "MethodContext";
const METHOD_CONTEXT_CONST = "methodContext";
const EMIT_MEMBER = "emit";
const ENTRIES_FUNCTION = "extensionEntries";

export const paramsRoot = (entry: { identifier: string }): string => `${pascal(entry.identifier)}Params`;
export const resultRoot = (entry: { identifier: string }): string => `${pascal(entry.identifier)}Result`;

const methodsOf = (manifest: Manifest): readonly CustomMethod[] => manifest.methods ?? [];
const notificationsOf = (manifest: Manifest, direction: CustomNotification["direction"]): readonly CustomNotification[] =>
  (manifest.notifications ?? []).filter((n) => n.direction === direction);

/** schemas.ts roots: params and result of each method, params of each notification. */
export function customMethodRoots(manifest: Manifest): [string, Record<string, unknown>][] {
  return [
    ...methodsOf(manifest).flatMap((m): [string, Record<string, unknown>][] => [
      [paramsRoot(m), m.params as Record<string, unknown>],
      [resultRoot(m), m.result as Record<string, unknown>],
    ]),
    ...(manifest.notifications ?? []).map((n): [string, Record<string, unknown>] => [paramsRoot(n), n.params as Record<string, unknown>]),
  ];
}

const owned = (entry: { name: string; extension: string; description?: string }, kind: string): (string | undefined)[] => [
  `${kind} \`${entry.name}\` of the extension \`${entry.extension}\`.`,
  entry.description,
];

/** handlers.ts: the method context (when there is something to emit) and the two sections. */
export function handlersCustomMethods(w: ModuleWriter, manifest: Manifest, schemas: SchemaNames, base: string): { context: string; sections: string[] } {
  const methods = methodsOf(manifest);
  const inbound = notificationsOf(manifest, "clientToServer");
  const outbound = notificationsOf(manifest, "serverToClient");
  let context = "";
  let ctxType = base;
  if (methods.length > 0 && outbound.length > 0) {
    ctxType = w.export(METHOD_CONTEXT_TYPE, true);
    const senders = outbound.map(
      (n) => `${jsdoc([...owned(n, "Sends notification"), "Request-related; returns false (not sent) when the client did not declare the extension."], 4)}    ${n.identifier}(params: ${w.use(schemas.type(paramsRoot(n)))}): boolean;`,
    );
    context = `/** The context of extension-method handlers: the usual one plus a typed sender per server-to-client notification. */\nexport interface ${ctxType} extends ${base} {\n  readonly ${EMIT_MEMBER}: {\n${senders.join("\n")}\n  };\n}\n`;
  }
  const sections: string[] = [];
  if (methods.length > 0) {
    const members = methods.map(
      (m) => `${jsdoc(owned(m, "Method"), 4)}    ${m.identifier}(params: ${w.use(schemas.type(paramsRoot(m)))}, ctx: ${ctxType}): ${w.use(RUNTIME.Awaitable)}<${w.use(schemas.type(resultRoot(m)))}>;`,
    );
    sections.push(`  ${METHODS_SECTION}: {\n${members.join("\n")}\n  };`);
  }
  if (inbound.length > 0) {
    const members = inbound.map(
      (n) => `${jsdoc(owned(n, "Notification"), 4)}    ${n.identifier}(params: ${w.use(schemas.type(paramsRoot(n)))}, info: ${w.use(RUNTIME.ExtensionNotificationInfo)}): ${w.use(RUNTIME.Awaitable)}<void>;`,
    );
    sections.push(`  ${NOTIFICATIONS_SECTION}: {\n${members.join("\n")}\n  };`);
  }
  return { context, sections };
}

export interface ServerCustomMethodsParts {
  readonly part: string;
  readonly wrap: (definition: string) => string;
}

/** server.ts: the definition's extensionMethods and extensionNotifications, built from the handlers. */
export function serverCustomMethodsParts(w: ModuleWriter, manifest: Manifest, schemas: SchemaNames, validators: ServerValidators, handles: boolean): ServerCustomMethodsParts | undefined {
  const methods = methodsOf(manifest);
  const notifications = manifest.notifications ?? [];
  if (methods.length === 0 && notifications.length === 0) return undefined;
  const outbound = notificationsOf(manifest, "serverToClient");
  const handlers = w.use(handlersSymbol(HANDLERS_TYPE));
  const withContext = methods.length > 0 && outbound.length > 0;
  const contextPart = withContext
    ? `const ${METHOD_CONTEXT_CONST} = ${w.use(RUNTIME.extensionContext)}<${w.use(handlersSymbol(METHOD_CONTEXT_TYPE))}>(${literal(Object.fromEntries(outbound.map((n) => [n.identifier, n.name])))}${handles ? `, ${HANDLE_CONTEXT_CONST}` : ""});\n\n`
    : "";
  const ctx = withContext ? `${METHOD_CONTEXT_CONST}(ctx)` : handles ? `${HANDLE_CONTEXT_CONST}(ctx)` : "ctx";
  const methodEntries = methods.map(
    (m) =>
      `      {\n        method: ${JSON.stringify(m.name)},\n        extension: ${JSON.stringify(m.extension)},\n` +
      (m.description !== undefined ? `        description: ${JSON.stringify(m.description)},\n` : "") +
      `        parseParams: (params) => ${validators.of(paramsRoot(m))}.safeParse(params),\n` +
      // The result schema is the server's promise (docs/extensions.md): checked before it goes out.
      `        parseResult: (result) => ${validators.of(resultRoot(m))}.safeParse(result),\n` +
      `        handler: (params, ctx) => ${HANDLERS_PARAMETER}.${METHODS_SECTION}.${m.identifier}(params, ${ctx}),\n` +
      `      } satisfies ${w.use(RUNTIME.ExtensionMethodDefinition)}<${w.use(schemas.type(paramsRoot(m)))}, any>,\n`,
  );
  const notificationEntries = notifications.map(
    (n) =>
      `      {\n        method: ${JSON.stringify(n.name)},\n        extension: ${JSON.stringify(n.extension)},\n        direction: ${JSON.stringify(n.direction)},\n` +
      (n.description !== undefined ? `        description: ${JSON.stringify(n.description)},\n` : "") +
      (n.direction === "clientToServer"
        ? `        parseParams: (params) => ${validators.of(paramsRoot(n))}.safeParse(params),\n` +
          `        handler: (params, info) => ${HANDLERS_PARAMETER}.${NOTIFICATIONS_SECTION}.${n.identifier}(params, info),\n`
        : "") +
      `      } satisfies ${w.use(RUNTIME.ExtensionNotificationDefinition)}<${w.use(schemas.type(paramsRoot(n)))}>,\n`,
  );
  const part =
    contextPart +
    `/** The extensions' custom methods and notifications (manifest \`methods\`, \`notifications\`), bound to the handlers. */\n` +
    `function ${ENTRIES_FUNCTION}(${HANDLERS_PARAMETER}: ${handlers}) {\n  return {\n` +
    `    extensionMethods: [\n${methodEntries.join("")}    ],\n` +
    `    extensionNotifications: [\n${notificationEntries.join("")}    ],\n  };\n}\n`;
  return { part, wrap: (definition) => `{ ...${definition}, ...${ENTRIES_FUNCTION}(${HANDLERS_PARAMETER}) }` };
}

interface Member {
  readonly type: string;
  readonly value: string;
}

export interface ClientCustomMethods {
  readonly sections: { name: string; members: Member[] }[];
  /** Statements before connectClient (the listeners of server notifications). */
  readonly setup: string;
  /** The options expression handed to connectClient. */
  readonly options: (options: string) => string;
}

const LISTENERS = "listeners";

/** client.ts: typed requests, notification senders and receivers; the client declares the extensions. */
export function clientCustomMethods(w: ModuleWriter, manifest: Manifest, schemas: SchemaNames): ClientCustomMethods | undefined {
  const methods = methodsOf(manifest);
  const inbound = notificationsOf(manifest, "clientToServer");
  const outbound = notificationsOf(manifest, "serverToClient");
  if (methods.length === 0 && inbound.length === 0 && outbound.length === 0) return undefined;
  const json = w.use(RUNTIME.JsonObject);
  const options = w.use(RUNTIME.RequestOptions);
  const sections: { name: string; members: Member[] }[] = [];
  if (methods.length > 0) {
    sections.push({
      name: METHODS_SECTION,
      members: methods.map((m) => ({
        type: `${jsdoc([...owned(m, "Calls method"), "The result is checked against its schema (McpClientError bad-response otherwise)."], 4)}    ${m.identifier}(params: ${w.use(schemas.type(paramsRoot(m)))}, options?: ${options}): Promise<${w.use(schemas.type(resultRoot(m)))}>;`,
        value: `      ${m.identifier}: (params, options) => ${w.use(RUNTIME.requestExtension)}(raw, ${JSON.stringify(m.name)}, params as ${json}, (value) => ${w.use(schemas.value(resultRoot(m)))}.parse(value), options),`,
      })),
    });
  }
  if (inbound.length > 0) {
    sections.push({
      name: CLIENT_NOTIFY_SECTION,
      members: inbound.map((n) => ({
        type: `${jsdoc(owned(n, "Sends notification"), 4)}    ${n.identifier}(params: ${w.use(schemas.type(paramsRoot(n)))}): Promise<void>;`,
        value: `      ${n.identifier}: (params) => ${w.use(RUNTIME.notifyExtension)}(raw, options, ${JSON.stringify(n.name)}, params as ${json}),`,
      })),
    });
  }
  if (outbound.length > 0) {
    sections.push({
      name: CLIENT_ON_SECTION,
      members: outbound.map((n) => ({
        type: `${jsdoc([...owned(n, "Receives notification"), "The handler replaces the previous one; undefined removes it. Params failing their schema are not delivered."], 4)}    ${n.identifier}(handler: ((params: ${w.use(schemas.type(paramsRoot(n)))}) => void) | undefined): void;`,
        value:
          `      ${n.identifier}: (handler) => {\n` +
          `        ${LISTENERS}[${JSON.stringify(n.name)}] = handler && ((params) => {\n` +
          `          const parsed = ${w.use(schemas.value(paramsRoot(n)))}.safeParse(params);\n` +
          `          if (parsed.success) handler(parsed.data);\n        });\n      },`,
      })),
    });
  }
  const extensions = Object.fromEntries([...new Set([...methods, ...(manifest.notifications ?? [])].map((e) => e.extension))].sort().map((id) => [id, {}]));
  const setup = outbound.length > 0 ? `  const ${LISTENERS}: Record<string, ${w.use(RUNTIME.ExtensionNotificationHandler)} | undefined> = {};\n` : "";
  return {
    sections,
    setup,
    options: (given) => {
      const declared = `${w.use(RUNTIME.withClientExtensions)}(${given}, ${JSON.stringify(extensions)})`;
      return outbound.length > 0 ? `${w.use(RUNTIME.routeExtensionNotifications)}(${declared}, () => ${LISTENERS})` : declared;
    },
  };
}

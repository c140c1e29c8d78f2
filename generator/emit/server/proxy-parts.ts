// What the emitted server takes from an imported HTTP API (`mcp-gen import openapi`): the API
// and one operation constant per tool with `http`, and each such tool's default handler, which
// calls the API through the runtime's callHttpOperation unless the caller passed a handler for
// the tool (its member of Handlers is optional). Deployment settings (base URL, credentials,
// fetch) come through createServer's `api` option, then the environment.
import type { Manifest, Tool } from "../../manifest/ir.js";
import type { ModuleSymbol, ModuleWriter } from "../module-writer/module-writer.js";
import { HANDLERS_PARAMETER, handlerMember, literal, pascal, SECTION } from "./naming.js";

const SERVER_PACKAGE = "@mcp-gen/runtime/server";
const PROXY = {
  callHttpOperation: { name: "callHttpOperation", from: SERVER_PACKAGE, typeOnly: false },
  HttpProxyApi: { name: "HttpProxyApi", from: SERVER_PACKAGE, typeOnly: true },
  HttpProxyOperation: { name: "HttpProxyOperation", from: SERVER_PACKAGE, typeOnly: true },
  HttpProxyOptions: { name: "HttpProxyOptions", from: SERVER_PACKAGE, typeOnly: true },
} satisfies Record<string, ModuleSymbol>;

export const HTTP_API_CONST = "httpApi";
const operationConst = (tool: Tool): string => `${pascal(tool.identifier).charAt(0).toLowerCase()}${pascal(tool.identifier).slice(1)}Operation`;

/** Whether the tool has a default (proxy) handler, so that its Handlers member is optional. */
export function isProxied(tool: Tool): boolean {
  return tool.http !== undefined;
}

/** Whether every entry of the Handlers interface may be left out (createServer's handlers default to `{}`). */
export function handlersOptional(manifest: Manifest): boolean {
  return manifest.tools.length > 0 && manifest.tools.every(isProxied) && manifest.prompts.length === 0 && manifest.resources.length === 0 && manifest.templates.length === 0;
}

export interface ServerProxyParts {
  readonly part: string;
  readonly optionsType: string;
}

export function serverProxyParts(w: ModuleWriter, manifest: Manifest): ServerProxyParts | undefined {
  const tools = manifest.tools.filter(isProxied);
  if (tools.length === 0) return undefined;
  const source = manifest.openapi;
  const api = source ? { baseUrl: source.baseUrl, baseUrlEnv: source.baseUrlEnv, security: source.security } : {};
  const name = w.export(HTTP_API_CONST, false);
  const operations = tools.map((tool) => {
    const http = tool.http!;
    const operation = {
      method: http.method,
      path: http.path,
      parameters: http.parameters,
      ...(http.body ? { body: { property: http.body.property, mediaType: http.body.mediaType, ...(http.body.binary.length > 0 ? { binary: http.body.binary } : {}) } } : {}),
      output: tool.outputSchema !== undefined,
      ...(http.wrap !== undefined ? { wrap: http.wrap } : {}),
      ...(http.security.length > 0 ? { security: http.security } : {}),
    };
    return `/** \`${http.method} ${http.path}\` (${http.operation}): the default handler of tool \`${tool.name}\`. */\nconst ${operationConst(tool)} = ${literal(operation)} satisfies ${w.use(PROXY.HttpProxyOperation)};\n`;
  });
  const part =
    `/** The HTTP API the imported tools call (the manifest's \`openapi\` section; \`api\` options and the environment override it). */\n` +
    `export const ${name} = ${literal(JSON.parse(JSON.stringify(api)))} satisfies ${w.use(PROXY.HttpProxyApi)};\n\n` +
    operations.join("\n");
  return {
    part,
    optionsType: ` & { /** Base URL, credentials, headers or fetch for the proxied API (default: the manifest's base URL and the environment). */ api?: ${w.use(PROXY.HttpProxyOptions)} }`,
  };
}

/** The handler of a proxied tool: the caller's handler when given, else the HTTP call. */
export function proxyHandler(w: ModuleWriter, tool: Tool, callHandler: (ref: string) => string): string {
  const ref = `${HANDLERS_PARAMETER}.${SECTION.Tool}?.${handlerMember(tool)}`;
  const direct = `${HANDLERS_PARAMETER}.${SECTION.Tool}.${handlerMember(tool)}`;
  return `async (args, ctx) => (${ref} ? ${callHandler(direct)} : ${w.use(PROXY.callHttpOperation)}(${HTTP_API_CONST}, ${operationConst(tool)}, args, options.api, ctx.signal))`;
}

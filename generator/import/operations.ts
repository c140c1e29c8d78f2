// One OpenAPI operation → one tool entry: input object (parameters by location + body), output
// (the JSON success answer), annotations from the method, and the `http` block the proxy reads.
// An operation that cannot be expressed is skipped with a reason (MCPGEN3020), never guessed.
import { UserError } from "../errors.js";
import type { SchemaConverter } from "./convert-schema.js";
import { propertyNames } from "./names.js";
import type { DocumentSet, Place } from "./refs.js";

type Json = Record<string, unknown>;

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export interface OperationRef {
  readonly method: (typeof METHODS)[number];
  readonly path: string;
  readonly operation: Json;
  readonly pathItem: Json;
  readonly at: Place;
}

export interface ImportedOperation {
  readonly entry: Json;
}

/** Thrown inside the conversion of one operation: the operation is skipped, the import goes on. */
export class Inexpressible extends Error {}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const DEFAULT_STYLE: Readonly<Record<string, string>> = { path: "simple", header: "simple", query: "form", cookie: "form" };
const ALLOWED_STYLES: Readonly<Record<string, readonly string[]>> = {
  path: ["simple"],
  header: ["simple"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  cookie: ["form"],
};
// Sent by the proxy itself; OpenAPI says such header parameters are ignored [3.1.1 § 4.8.12.1].
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

function isJsonMedia(type: string): boolean {
  const bare = type.split(";")[0]!.trim().toLowerCase();
  return bare === "application/json" || bare.endsWith("+json") || bare === "*/*";
}

/** The request media type the proxy sends, by preference: JSON, forms, text, then bytes. */
function pickRequestMedia(content: Json): string | undefined {
  const types = Object.keys(content);
  const find = (test: (t: string) => boolean) => types.find((t) => test(t.split(";")[0]!.trim().toLowerCase()));
  return (
    find((t) => t === "application/json" || t.endsWith("+json")) ??
    find((t) => t === "application/x-www-form-urlencoded") ??
    find((t) => t === "multipart/form-data") ??
    find((t) => t.startsWith("text/")) ??
    find((t) => t === "application/octet-stream" || t.startsWith("image/") || t.startsWith("audio/") || t.startsWith("video/") || t === "application/pdf" || t === "*/*")
  );
}

// The tool's own `title` carries the summary; annotations only say what the method implies.
function annotationsFor(method: string): Json {
  const title = {};
  switch (method) {
    case "get":
    case "head":
    case "options":
    case "trace":
      return { ...title, readOnlyHint: true, idempotentHint: true, openWorldHint: true };
    case "delete":
    case "put":
      return { ...title, readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };
    case "patch":
      return { ...title, readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
    default:
      return { ...title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
  }
}

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly raw: Json;
  readonly at: Place;
}

async function parametersOf(docs: DocumentSet, op: OperationRef): Promise<Parameter[]> {
  const merged = new Map<string, Parameter>();
  const lists: [unknown, Place][] = [
    [op.pathItem["parameters"], { doc: op.at.doc, pointer: [...op.at.pointer.slice(0, -1), "parameters"] }],
    [op.operation["parameters"], { doc: op.at.doc, pointer: [...op.at.pointer, "parameters"] }],
  ];
  for (const [list, at] of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new UserError("MCPGEN3004", `${at.doc.locate(at.pointer)}: \`parameters\` must be a list`, "write a list of Parameter Objects");
    for (const [i, item] of list.entries()) {
      const found = await docs.deref(item, { doc: at.doc, pointer: [...at.pointer, String(i)] });
      const p = found.value;
      if (!isObject(p) || typeof p["name"] !== "string" || typeof p["in"] !== "string") {
        throw new UserError("MCPGEN3004", `${found.doc.locate(found.pointer)}: a parameter needs a string \`name\` and \`in\``, "add them");
      }
      // An operation's parameter overrides the path item's of the same name and location.
      merged.set(`${p["in"]}\u0000${p["name"]}`, { name: p["name"], in: p["in"], raw: p, at: found });
    }
  }
  return [...merged.values()].filter((p) => !(p.in === "header" && IGNORED_HEADERS.has(p.name.toLowerCase())));
}

function withDescription(schema: unknown, description: unknown, deprecated: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = { ...schema };
  if (typeof description === "string" && description !== "" && out["description"] === undefined) out["description"] = description;
  if (deprecated === true && out["deprecated"] === undefined) out["deprecated"] = true;
  return out;
}

/** The success answer: the lowest 2xx code with a JSON body (then `2XX`). */
async function successSchema(docs: DocumentSet, op: OperationRef): Promise<{ schema: unknown; at: Place } | undefined> {
  const responses = op.operation["responses"];
  if (!isObject(responses)) return undefined;
  const codes = Object.keys(responses)
    .filter((c) => /^2\d\d$/.test(c))
    .sort();
  if (Object.hasOwn(responses, "2XX")) codes.push("2XX");
  for (const code of codes) {
    const found = await docs.deref(responses[code], { doc: op.at.doc, pointer: [...op.at.pointer, "responses", code] });
    const content = isObject(found.value) ? found.value["content"] : undefined;
    if (!isObject(content)) return undefined;
    const media = Object.keys(content).find(isJsonMedia);
    if (media === undefined) return undefined;
    const body = content[media];
    if (!isObject(body) || body["schema"] === undefined) return undefined;
    return { schema: body["schema"], at: { doc: found.doc, pointer: [...found.pointer, "content", media, "schema"] } };
  }
  return undefined;
}

function isObjectSchema(schema: unknown): boolean {
  return isObject(schema) && (schema["type"] === "object" || (schema["type"] === undefined && isObject(schema["properties"]) && schema["$ref"] === undefined && schema["oneOf"] === undefined && schema["anyOf"] === undefined));
}

export async function convertOperation(docs: DocumentSet, schemas: SchemaConverter, op: OperationRef, security: readonly (readonly string[])[]): Promise<Json> {
  const parameters = await parametersOf(docs, op);
  const bodyRef = op.operation["requestBody"];
  const body = bodyRef === undefined ? undefined : await docs.deref(bodyRef, { doc: op.at.doc, pointer: [...op.at.pointer, "requestBody"] });
  const names = propertyNames(parameters, body !== undefined);

  const properties: Json = {};
  const required: string[] = [];
  const bindings: Json = {};
  for (const [i, p] of parameters.entries()) {
    const property = names.parameters[i]!;
    if (!["path", "query", "header", "cookie"].includes(p.in)) throw new UserError("MCPGEN3004", `${p.at.doc.locate([...p.at.pointer, "in"])}: parameter location ${JSON.stringify(p.in)} is not path, query, header or cookie`, "fix `in`");
    if (p.raw["schema"] === undefined) throw new Inexpressible(`parameter ${JSON.stringify(p.name)} has \`content\` instead of \`schema\` (a serialized media type the proxy does not send)`);
    const style = typeof p.raw["style"] === "string" ? p.raw["style"] : DEFAULT_STYLE[p.in]!;
    if (!ALLOWED_STYLES[p.in]!.includes(style)) throw new Inexpressible(`parameter ${JSON.stringify(p.name)} uses style ${JSON.stringify(style)} in ${p.in}, which the proxy does not serialize`);
    const schema = await schemas.convert(p.raw["schema"], { doc: p.at.doc, pointer: [...p.at.pointer, "schema"] });
    properties[property] = withDescription(schema, p.raw["description"], p.raw["deprecated"]);
    if (p.in === "path" || p.raw["required"] === true) required.push(property);
    const binding: Json = { in: p.in };
    if (property !== p.name) binding["name"] = p.name;
    if (style !== DEFAULT_STYLE[p.in]) binding["style"] = style;
    if (typeof p.raw["explode"] === "boolean" && p.raw["explode"] !== (style === "form")) binding["explode"] = p.raw["explode"];
    bindings[property] = binding;
  }
  for (const segment of op.path.matchAll(/\{([^}]*)\}/g)) {
    if (!parameters.some((p) => p.in === "path" && p.name === segment[1])) throw new Inexpressible(`path parameter ${JSON.stringify(segment[1])} is not declared`);
  }

  let bodyBinding: Json | undefined;
  if (body !== undefined && names.body !== undefined) {
    const b = body.value;
    const content = isObject(b) ? b["content"] : undefined;
    if (!isObject(content)) throw new UserError("MCPGEN3004", `${body.doc.locate(body.pointer)}: a request body needs \`content\``, "add a media type and its schema");
    const media = pickRequestMedia(content);
    if (media === undefined) throw new Inexpressible(`no request media type the proxy can send (${Object.keys(content).join(", ") || "none"})`);
    const bare = media.split(";")[0]!.trim().toLowerCase();
    const mediaObject = content[media];
    const at: Place = { doc: body.doc, pointer: [...body.pointer, "content", media, "schema"] };
    const raw = isObject(mediaObject) ? mediaObject["schema"] : undefined;
    let schema: unknown;
    const binary: string[] = [];
    if (isJsonMedia(bare) || bare.startsWith("text/") || bare === "application/x-www-form-urlencoded" || bare === "multipart/form-data") {
      schema = raw === undefined ? (bare.startsWith("text/") ? { type: "string" } : {}) : await schemas.convert(raw, at);
      if (bare === "multipart/form-data") {
        const shape = raw === undefined ? undefined : (await schemas.root(raw, at)).value;
        const props = isObject(shape) && isObject(shape["properties"]) ? shape["properties"] : {};
        for (const [field, fieldSchema] of Object.entries(props)) {
          if (isObject(fieldSchema) && fieldSchema["type"] === "string" && fieldSchema["format"] === "binary") binary.push(field);
        }
      }
    } else {
      // Bytes cross MCP as text: the input is base64 [RFC 4648 § 4], decoded by the proxy.
      schema = { type: "string", contentEncoding: "base64" };
    }
    if (isObject(schema) && typeof (b as Json)["description"] === "string" && schema["description"] === undefined) schema = { ...schema, description: (b as Json)["description"] };
    properties[names.body] = schema;
    if ((b as Json)["required"] === true) required.push(names.body);
    bodyBinding = { property: names.body, mediaType: media, ...(binary.length > 0 ? { binary } : {}) };
  }

  const input: Json = { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };

  const entry: Json = {};
  const summary = typeof op.operation["summary"] === "string" && op.operation["summary"].trim() !== "" ? op.operation["summary"].trim() : undefined;
  const long = typeof op.operation["description"] === "string" && op.operation["description"].trim() !== "" ? op.operation["description"].trim() : undefined;
  if (summary !== undefined) entry["title"] = summary;
  const description = [op.operation["deprecated"] === true ? "Deprecated." : undefined, long ?? summary].filter(Boolean).join(" ");
  if (description !== "") entry["description"] = description;
  entry["input"] = input;

  let wrap: string | undefined;
  const success = await successSchema(docs, op);
  if (success !== undefined) {
    const converted = await schemas.convert(success.schema, success.at);
    const shape = (await schemas.root(success.schema, success.at)).value;
    if (isObjectSchema(shape)) {
      entry["output"] = isObject(converted) && converted["type"] === undefined ? { type: "object", ...converted } : converted;
    } else {
      // MCP's outputSchema is an object [S25:server/tools § Output Schema]: a list or a scalar answer is wrapped.
      wrap = "result";
      entry["output"] = { type: "object", properties: { result: converted }, required: ["result"] };
    }
  }
  entry["annotations"] = annotationsFor(op.method);
  const http: Json = {
    operation: typeof op.operation["operationId"] === "string" ? op.operation["operationId"] : `${op.method.toUpperCase()} ${op.path}`,
    method: op.method.toUpperCase(),
    path: op.path,
  };
  if (Object.keys(bindings).length > 0) http["parameters"] = bindings;
  if (bodyBinding) http["body"] = bodyBinding;
  if (wrap !== undefined) http["response"] = { wrap };
  if (security.length > 0) http["security"] = security;
  entry["http"] = http;
  return entry;
}

// The default handler of a tool imported from an OpenAPI document (`mcp-gen import openapi`):
// arguments → one HTTP request with `fetch`, the answer → a CallToolResult. Runtime-neutral
// (fetch, URL, FormData, Blob, atob/btoa only; the environment is read through globalThis so
// that Node, Deno, Bun and workers all run it). Serialization follows OpenAPI's parameter
// styles [OpenAPI 3.1.1 § 4.8.12.4 Style Values, § 4.8.12.5 Style Examples]; a non-2xx answer is
// a tool error the model can read (isError with the status and a bounded body), not a protocol
// error [S26:server/tools § Error Handling].
import { decodeJsonSafely } from "../core/jsonrpc/parse.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { CallToolResult } from "../core/results.js";

export type HttpParameterLocation = "path" | "query" | "header" | "cookie";

export interface HttpProxyParameter {
  readonly property: string;
  readonly in: HttpParameterLocation;
  readonly name: string;
  readonly style: "simple" | "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  readonly explode: boolean;
}

/** One operation, as the generator wrote it from the manifest's `http` block. */
export interface HttpProxyOperation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly HttpProxyParameter[];
  readonly body?: { readonly property: string; readonly mediaType: string; readonly binary?: readonly string[] };
  /** The tool has an outputSchema: a JSON answer becomes structuredContent. */
  readonly output: boolean;
  /** structuredContent is `{ [wrap]: answer }` (a non-object JSON answer). */
  readonly wrap?: string;
  readonly security?: readonly (readonly string[])[];
}

export interface HttpProxySecurityScheme {
  readonly type: "apiKey" | "bearer" | "basic";
  readonly in?: "header" | "query" | "cookie";
  readonly name?: string;
  /** Environment variable holding the credential. */
  readonly env: string;
}

/** The API as the manifest's `openapi` section describes it. */
export interface HttpProxyApi {
  readonly baseUrl?: string;
  readonly baseUrlEnv?: string;
  readonly security?: Readonly<Record<string, HttpProxySecurityScheme>>;
}

/** What a deployment sets (createServer's `api` option); each falls back to the environment. */
export interface HttpProxyOptions {
  /** Overrides `baseUrlEnv` and the document's server URL. */
  readonly baseUrl?: string;
  /** Credential per security scheme name (API key, bearer token, or `user:password` for basic). */
  readonly credentials?: Readonly<Record<string, string>>;
  /** Extra headers on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch to use (default: globalThis.fetch). */
  readonly fetch?: typeof fetch;
  /** Where `env` names are looked up (default: process.env where there is one). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Characters of an error answer's body kept in the tool error (default 2000). */
  readonly maxErrorBodyChars?: number;
}

const DEFAULT_ERROR_BODY = 2000;

function defaultEnv(): Readonly<Record<string, string | undefined>> {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return proc?.env ?? {};
}

function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

function scalar(value: unknown): string {
  return typeof value === "string" ? value : value === null ? "null" : typeof value === "object" ? JSON.stringify(value) : String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `simple` style (path, header): `a,b,c`; objects `k,v,k,v` or, exploded, `k=v,k=v`. */
function simple(value: unknown, explode: boolean, encode: (s: string) => string): string {
  if (Array.isArray(value)) return value.map((v) => encode(scalar(v))).join(",");
  if (isPlainObject(value)) return Object.entries(value).map(([k, v]) => (explode ? `${encode(k)}=${encode(scalar(v))}` : `${encode(k)},${encode(scalar(v))}`)).join(",");
  return encode(scalar(value));
}

/** Query pairs of one parameter, unencoded. */
function queryPairs(p: HttpProxyParameter, value: unknown): [string, string][] {
  if (p.style === "deepObject" && isPlainObject(value)) return Object.entries(value).map(([k, v]) => [`${p.name}[${k}]`, scalar(v)]);
  if (Array.isArray(value)) {
    if (p.style === "form" && p.explode) return value.map((v) => [p.name, scalar(v)]);
    const separator = p.style === "spaceDelimited" ? " " : p.style === "pipeDelimited" ? "|" : ",";
    return [[p.name, value.map(scalar).join(separator)]];
  }
  if (isPlainObject(value)) {
    if (p.explode) return Object.entries(value).map(([k, v]) => [k, scalar(v)]);
    return [[p.name, Object.entries(value).flatMap(([k, v]) => [k, scalar(v)]).join(",")]];
  }
  return [[p.name, scalar(value)]];
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function isJsonType(contentType: string): boolean {
  const bare = contentType.split(";")[0]!.trim().toLowerCase();
  return bare === "application/json" || bare.endsWith("+json");
}

function encodeBody(body: NonNullable<HttpProxyOperation["body"]>, value: unknown): { payload: BodyInit; contentType?: string } {
  const media = body.mediaType.split(";")[0]!.trim().toLowerCase();
  if (isJsonType(media) || media === "*/*") return { payload: JSON.stringify(value), contentType: isJsonType(media) ? body.mediaType : "application/json" };
  if (media === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(isPlainObject(value) ? value : {})) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, scalar(item));
    }
    return { payload: form, contentType: body.mediaType };
  }
  if (media === "multipart/form-data") {
    // fetch writes the boundary into Content-Type itself.
    const form = new FormData();
    for (const [k, v] of Object.entries(isPlainObject(value) ? value : {})) {
      if (v === undefined) continue;
      if (body.binary?.includes(k) && typeof v === "string") form.append(k, new Blob([base64ToBytes(v) as Uint8Array<ArrayBuffer>]), k);
      else for (const item of Array.isArray(v) ? v : [v]) form.append(k, scalar(item));
    }
    return { payload: form };
  }
  if (media.startsWith("text/")) return { payload: scalar(value), contentType: body.mediaType };
  return { payload: base64ToBytes(typeof value === "string" ? value : "") as Uint8Array<ArrayBuffer>, contentType: body.mediaType };
}

/** The first alternative whose credentials are all known; an unmet requirement sends none (the API answers 401). */
function applySecurity(api: HttpProxyApi, op: HttpProxyOperation, options: HttpProxyOptions, env: Readonly<Record<string, string | undefined>>, headers: Headers, url: URL, cookies: string[]): void {
  const schemes = api.security ?? {};
  const credential = (name: string): string | undefined => options.credentials?.[name] ?? (schemes[name] ? env[schemes[name].env] : undefined);
  const chosen = (op.security ?? []).find((alternative) => alternative.every((name) => schemes[name] !== undefined && credential(name) !== undefined));
  for (const name of chosen ?? []) {
    const scheme = schemes[name]!;
    const value = credential(name)!;
    if (scheme.type === "bearer") headers.set("authorization", `Bearer ${value}`);
    else if (scheme.type === "basic") headers.set("authorization", `Basic ${bytesToBase64(new TextEncoder().encode(value))}`);
    else if (scheme.in === "query") url.searchParams.append(scheme.name ?? name, value);
    else if (scheme.in === "cookie") cookies.push(`${scheme.name ?? name}=${encodeURIComponent(value)}`);
    else headers.set(scheme.name ?? name, value);
  }
}

/** Builds the request for `args`; undefined and a message when the base URL is unknown. */
export function buildHttpRequest(api: HttpProxyApi, op: HttpProxyOperation, args: Readonly<Record<string, unknown>>, options: HttpProxyOptions = {}): { url: URL; init: RequestInit } | { error: string } {
  const env = options.env ?? defaultEnv();
  const base = options.baseUrl ?? (api.baseUrlEnv !== undefined ? env[api.baseUrlEnv] : undefined) ?? api.baseUrl;
  if (base === undefined || base === "") return { error: `the API's base URL is not configured: set ${api.baseUrlEnv ?? "the baseUrl option"}` };
  let path = op.path;
  const headers = new Headers(options.headers);
  const cookies: string[] = [];
  const query: [string, string][] = [];
  for (const p of op.parameters) {
    const value = args[p.property];
    if (value === undefined) continue;
    if (p.in === "path") path = path.split(`{${p.name}}`).join(simple(value, p.explode, encodeURIComponent));
    else if (p.in === "query") query.push(...queryPairs(p, value));
    else if (p.in === "header") headers.set(p.name, simple(value, p.explode, (s) => s));
    else cookies.push(`${p.name}=${encodeURIComponent(simple(value, false, (s) => s))}`);
  }
  let url: URL;
  try {
    url = new URL(`${base.replace(/\/+$/, "")}${path}`);
  } catch {
    return { error: `the API's base URL ${JSON.stringify(base)} is not a URL` };
  }
  for (const [k, v] of query) url.searchParams.append(k, v);
  applySecurity(api, op, options, env, headers, url, cookies);
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  if (!headers.has("accept")) headers.set("accept", "application/json, */*;q=0.8");
  const init: RequestInit = { method: op.method, headers };
  if (op.body !== undefined && args[op.body.property] !== undefined) {
    const { payload, contentType } = encodeBody(op.body, args[op.body.property]);
    if (contentType !== undefined) headers.set("content-type", contentType);
    init.body = payload;
  }
  return { url, init };
}

/** Calls the operation and maps the answer: 2xx JSON → structuredContent (when typed); others → isError. */
export async function callHttpOperation(api: HttpProxyApi, op: HttpProxyOperation, args: Readonly<Record<string, unknown>>, options: HttpProxyOptions = {}, signal?: AbortSignal): Promise<CallToolResult> {
  const request = buildHttpRequest(api, op, args, options);
  if ("error" in request) return toolError(request.error);
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(request.url, { ...request.init, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    return toolError(`${op.method} ${op.path} failed: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    const limit = options.maxErrorBodyChars ?? DEFAULT_ERROR_BODY;
    const body = text.length > limit ? `${text.slice(0, limit)}… (${text.length - limit} more characters)` : text;
    return toolError(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""} from ${op.method} ${op.path}${body ? `: ${body}` : ""}`);
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (!op.output) return { content: [{ type: "text", text: text === "" ? `HTTP ${response.status}` : text }] };
  if (!isJsonType(contentType)) return toolError(`${op.method} ${op.path} answered ${contentType || "no content type"}, not JSON`);
  let value: unknown;
  try {
    // The upstream API is not trusted more than a client: no own __proto__ key survives the
    // parse (core/jsonrpc/parse.ts), so later copies of structuredContent cannot pollute.
    value = decodeJsonSafely(text);
  } catch {
    return toolError(`${op.method} ${op.path} answered invalid JSON`);
  }
  const structuredContent = op.wrap !== undefined ? { [op.wrap]: value } : value;
  return { structuredContent: structuredContent as JsonObject, content: [{ type: "text", text: JSON.stringify(structuredContent) }] };
}

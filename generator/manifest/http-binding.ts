// The IR of an imported HTTP API (`mcp-gen import openapi`, docs/import-openapi.md): the
// top-level `openapi` section (base URL, security schemes) and a tool's `http` operation. Only
// read after the structure check passed (manifest.schema.json), so shapes are as declared; the
// defaults of OpenAPI's parameter serialization are applied here, once, so emitters and the
// runtime proxy never re-derive them [OpenAPI 3.1.1 § 4.8.12.4 Style Values].
import { entriesOf, isMap, type RawMap } from "./raw.js";

export type HttpMethod = "GET" | "PUT" | "POST" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";
export type HttpParameterLocation = "path" | "query" | "header" | "cookie";
export type HttpParameterStyle = "simple" | "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";

export interface HttpParameterBinding {
  /** The input property that holds the value. */
  readonly property: string;
  readonly in: HttpParameterLocation;
  /** The parameter's name in the request. */
  readonly name: string;
  readonly style: HttpParameterStyle;
  readonly explode: boolean;
}

export interface HttpBodyBinding {
  readonly property: string;
  readonly mediaType: string;
  /** multipart/form-data fields sent as files (base64 in the input). */
  readonly binary: readonly string[];
}

export interface HttpOperationBinding {
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly parameters: readonly HttpParameterBinding[];
  readonly body?: HttpBodyBinding;
  /** structuredContent is `{ [wrap]: answer }` for a JSON answer that is not an object. */
  readonly wrap?: string;
  /** Alternatives of scheme names sent together; empty: no credentials. */
  readonly security: readonly (readonly string[])[];
}

export interface HttpSecurityScheme {
  readonly type: "apiKey" | "bearer" | "basic";
  readonly in?: "header" | "query" | "cookie";
  readonly name?: string;
  readonly env: string;
}

export interface OpenApiSource {
  readonly document: string;
  readonly version: string;
  readonly baseUrl?: string;
  readonly baseUrlEnv?: string;
  readonly security: Readonly<Record<string, HttpSecurityScheme>>;
  /** The import's selectors, so that `--check` selects the same operations. */
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
}

const DEFAULT_STYLE: Readonly<Record<HttpParameterLocation, HttpParameterStyle>> = { path: "simple", header: "simple", query: "form", cookie: "form" };

function parameterOf(property: string, raw: RawMap): HttpParameterBinding {
  const location = raw["in"] as HttpParameterLocation;
  const style = (raw["style"] as HttpParameterStyle | undefined) ?? DEFAULT_STYLE[location];
  const explode = typeof raw["explode"] === "boolean" ? raw["explode"] : style === "form";
  return { property, in: location, name: typeof raw["name"] === "string" ? raw["name"] : property, style, explode };
}

/** A tool's `http` operation, or undefined when the tool has none. */
export function httpOperationOf(tool: RawMap): HttpOperationBinding | undefined {
  const raw = tool["http"];
  if (!isMap(raw)) return undefined;
  const body = isMap(raw["body"]) ? raw["body"] : undefined;
  const response = isMap(raw["response"]) ? raw["response"] : undefined;
  const security = Array.isArray(raw["security"]) ? raw["security"].filter(Array.isArray).map((alt) => alt.filter((n): n is string => typeof n === "string")) : [];
  return {
    operation: String(raw["operation"]),
    method: raw["method"] as HttpMethod,
    path: String(raw["path"]),
    parameters: entriesOf(raw["parameters"]).map(([property, value]) => parameterOf(property, value as RawMap)),
    ...(body ? { body: { property: String(body["property"]), mediaType: String(body["mediaType"]), binary: Array.isArray(body["binary"]) ? body["binary"].map(String) : [] } } : {}),
    ...(response && typeof response["wrap"] === "string" ? { wrap: response["wrap"] } : {}),
    security,
    ...(Array.isArray(raw["include"]) ? { include: raw["include"].map(String) } : {}),
    ...(Array.isArray(raw["exclude"]) ? { exclude: raw["exclude"].map(String) } : {}),
  };
}

/** The top-level `openapi` section, or undefined. */
export function openApiSourceOf(root: RawMap): OpenApiSource | undefined {
  const raw = root["openapi"];
  if (!isMap(raw)) return undefined;
  const security: Record<string, HttpSecurityScheme> = {};
  for (const [name, value] of entriesOf(raw["security"])) {
    const s = value as RawMap;
    security[name] = {
      type: s["type"] as HttpSecurityScheme["type"],
      ...(typeof s["in"] === "string" ? { in: s["in"] as "header" | "query" | "cookie" } : {}),
      ...(typeof s["name"] === "string" ? { name: s["name"] } : {}),
      env: String(s["env"]),
    };
  }
  return {
    document: String(raw["document"]),
    version: String(raw["version"]),
    ...(typeof raw["baseUrl"] === "string" ? { baseUrl: raw["baseUrl"] } : {}),
    ...(typeof raw["baseUrlEnv"] === "string" ? { baseUrlEnv: raw["baseUrlEnv"] } : {}),
    security,
    ...(Array.isArray(raw["include"]) ? { include: raw["include"].map(String) } : {}),
    ...(Array.isArray(raw["exclude"]) ? { exclude: raw["exclude"].map(String) } : {}),
  };
}

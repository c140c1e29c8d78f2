// The document's security schemes → what the proxy can send (`openapi.security`), and each
// operation's requirements → alternatives of scheme names [OpenAPI 3.1.1 § 4.8.27–4.8.30].
// OAuth 2 and OpenID Connect tokens are obtained outside the proxy and sent as bearer tokens.
import type { DiagnosticCode } from "../diagnostics/codes.js";
import type { DocumentSet } from "./refs.js";

type Json = Record<string, unknown>;

export interface ImportDiagnostic {
  readonly code: DiagnosticCode;
  /** Where in the OpenAPI document (file:line:col or file#/pointer). */
  readonly at: string;
  readonly message: string;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function envName(...parts: string[]): string {
  const name = parts
    .join("_")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();
  return /^[0-9]/.test(name) ? `_${name}` : name || "API";
}

/** Supported schemes, by name, in the document's order. */
export async function securitySchemes(docs: DocumentSet, prefix: string, diagnostics: ImportDiagnostic[]): Promise<Json> {
  const root = docs.root.data as Json;
  const schemes = isObject(root["components"]) ? root["components"]["securitySchemes"] : undefined;
  const out: Json = {};
  if (!isObject(schemes)) return out;
  for (const name of Object.keys(schemes)) {
    const pointer = ["components", "securitySchemes", name];
    const found = await docs.deref(schemes[name], { doc: docs.root, pointer });
    const s = found.value;
    const env = envName(prefix, name);
    if (!isObject(s)) continue;
    const type = s["type"];
    const scheme = typeof s["scheme"] === "string" ? s["scheme"].toLowerCase() : "";
    if (type === "apiKey" && (s["in"] === "header" || s["in"] === "query" || s["in"] === "cookie") && typeof s["name"] === "string" && s["name"] !== "") {
      out[name] = { type: "apiKey", in: s["in"], name: s["name"], env };
    } else if ((type === "http" && scheme === "bearer") || type === "oauth2" || type === "openIdConnect") {
      out[name] = { type: "bearer", env };
    } else if (type === "http" && scheme === "basic") {
      out[name] = { type: "basic", env };
    } else {
      diagnostics.push({ code: "MCPGEN3022", at: found.doc.locate(found.pointer), message: `security scheme ${JSON.stringify(name)} (${String(type)}${scheme ? ` ${scheme}` : ""}) cannot be sent by the proxy; it is left out` });
    }
  }
  return out;
}

/**
 * An operation's requirement list → alternatives the proxy can meet. An empty requirement
 * (`{}`) means "no credentials" and is kept as an empty alternative; alternatives naming a scheme
 * the proxy cannot send are dropped.
 */
export function requirementsOf(requirements: unknown, supported: Json): string[][] {
  if (!Array.isArray(requirements)) return [];
  const out: string[][] = [];
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    if (names.every((n) => Object.hasOwn(supported, n))) out.push(names);
  }
  // Only "no credentials" left: nothing to send.
  return out.every((alt) => alt.length === 0) ? [] : out;
}

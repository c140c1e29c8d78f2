// The HTTP endpoint's authorization hook (basic/authorization: the MCP server is an OAuth 2.1
// resource server). endpoint.ts calls it in this order: metadata requests are answered without
// a token; every other request is authenticated before its body is read (401 + challenge);
// each parsed message is then checked for its scopes before dispatch (403 insufficient_scope).
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { RequestId } from "../core/jsonrpc/message.js";
import { serializeError } from "../core/jsonrpc/serialize.js";
import type { HttpRequestView, HttpResponder } from "../http/exchange.js";
import { readBearer, type BearerReading } from "./bearer.js";
import { bearerChallenge } from "./challenge.js";
import { AuthFailure } from "./errors.js";
import { isMetadataPath, metadataDocument, metadataUrlOf, resourceOf } from "./metadata.js";
import { createScopeTable, hasAllScopes } from "./required-scopes.js";
import type { AuthInfo, AuthOptions, TokenVerifier, VerifyRequest } from "./types.js";

export interface ScopedMessage {
  method: string;
  params: Record<string, unknown> | undefined;
  id: RequestId | null;
}

export interface HttpAuth {
  /** Answers a metadata request and returns true; false when the path is not a metadata path. */
  serveMetadata(path: string, request: HttpRequestView, responder: HttpResponder): boolean;
  /** The request's verified token, or undefined after answering the refusal itself. */
  authenticate(request: HttpRequestView, responder: HttpResponder): Promise<AuthInfo | undefined>;
  /** True when `auth` carries every scope the messages need; else answers 403 and returns false. */
  authorize(auth: AuthInfo, messages: readonly ScopedMessage[], request: HttpRequestView, responder: HttpResponder): boolean;
}

const DEFAULT_MAX_TOKEN_BYTES = 8 * 1024;

function asVerifier(verifier: AuthOptions["verifier"]): TokenVerifier {
  return typeof verifier === "function" ? { verify: verifier } : verifier;
}

/** What a verifier may read of the request (a class: one allocation per authenticated request). */
class RequestToVerify implements VerifyRequest {
  constructor(
    readonly resource: string,
    readonly method: string,
    readonly url: string,
    readonly scheme: "bearer" | "dpop",
    private readonly request: HttpRequestView,
  ) {}

  header(name: string): string | undefined {
    return this.request.header(name);
  }
}

export function createHttpAuth(options: AuthOptions, mcpPath: string, reportError: (error: unknown) => void): HttpAuth {
  const verifier = asVerifier(options.verifier);
  const scopes = createScopeTable(options);
  const maxTokenBytes = options.maxTokenBytes ?? DEFAULT_MAX_TOKEN_BYTES;
  const resourcePath = options.resource !== undefined ? new URL(options.resource).pathname : mcpPath;
  const baseScopes = options.requiredScopes ?? [];

  // Derived from the Host header unless configured; the last Host and its resource are kept, so
  // a repeated Host builds no string per request.
  let lastHost: string | undefined;
  let lastHostResource: string | undefined;
  const resourceFor = (request: HttpRequestView): string | undefined => {
    if (options.resource !== undefined) return options.resource;
    const host = request.header("host");
    if (host !== lastHost || lastHostResource === undefined) {
      lastHostResource = resourceOf(options, host, mcpPath);
      lastHost = host;
    }
    return lastHostResource;
  };
  // A client repeats its Authorization header on every request: the last well-formed one and its
  // reading are kept, so the token68 grammar check runs once per token, not once per request.
  let lastAuthorization: string | undefined;
  let lastReading: BearerReading | undefined;
  const readBearerRemembered = (authorization: string | undefined, query: string): BearerReading => {
    if (authorization !== undefined && authorization === lastAuthorization && query === "") return lastReading as BearerReading;
    const reading = readBearer(authorization, query, maxTokenBytes);
    if (reading.kind === "token") {
      lastAuthorization = authorization;
      lastReading = reading;
    }
    return reading;
  };
  // PERFORMANCE (issue 11 bench goal: < 10% per request): the resource repeats from request to
  // request, so its origin is remembered instead of parsing a URL per request.
  let lastResource: string | undefined;
  let lastOrigin = "";
  const originOf = (resource: string): string => {
    if (resource !== lastResource) {
      lastOrigin = new URL(resource).origin;
      lastResource = resource;
    }
    return lastOrigin;
  };

  // The request URL (DPoP `htu`) repeats too: the last one is kept rather than concatenated anew.
  let lastUrlOrigin = "";
  let lastUrlPath = "";
  let lastUrl = "";
  const urlOf = (origin: string, path: string): string => {
    if (origin !== lastUrlOrigin || path !== lastUrlPath) {
      lastUrl = `${origin}${path}`;
      lastUrlOrigin = origin;
      lastUrlPath = path;
    }
    return lastUrl;
  };

  function refuse(request: HttpRequestView, responder: HttpResponder, failure: AuthFailure | undefined, scope: readonly string[], id: RequestId | null = null): void {
    const resource = resourceFor(request);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (resource !== undefined) headers["www-authenticate"] = bearerChallenge(metadataUrlOf(resource), failure, scope);
    const status = failure?.status ?? 401;
    if (status === 503) headers["retry-after"] = "5";
    const message = failure ? `${status === 403 ? "Forbidden" : status === 503 ? "Service Unavailable" : "Unauthorized"}: ${failure.message}` : "Unauthorized: a bearer token is required";
    responder.respond(status, headers, serializeError(id, new RpcError(INVALID_REQUEST, message)));
  }

  return {
    serveMetadata(path, request, responder) {
      if (!isMetadataPath(path, resourcePath)) return false;
      if (request.method !== "GET") {
        responder.respond(405, { allow: "GET" });
        return true;
      }
      const resource = resourceFor(request);
      if (resource === undefined) {
        responder.respond(400, { "content-type": "application/json" }, JSON.stringify({ error: "invalid_request", error_description: "Host header required" }));
        return true;
      }
      // Public and cacheable, and readable from browser-based clients (RFC 9728 §3.2).
      responder.respond(
        200,
        { "content-type": "application/json", "cache-control": "max-age=300", "access-control-allow-origin": "*" },
        JSON.stringify(metadataDocument(options, resource)),
      );
      return true;
    },

    async authenticate(request, responder) {
      const resource = resourceFor(request);
      const target = request.target ?? mcpPath;
      const mark = target.indexOf("?");
      let token: string;
      let scheme: "bearer" | "dpop";
      try {
        const reading = readBearerRemembered(request.header("authorization"), mark === -1 ? "" : target.slice(mark + 1));
        if (reading.kind === "none") {
          refuse(request, responder, undefined, baseScopes);
          return undefined;
        }
        token = reading.token;
        scheme = reading.scheme;
        if (resource === undefined) throw new AuthFailure("invalid_request", "Host header required");
      } catch (error) {
        refuse(request, responder, error as AuthFailure, baseScopes);
        return undefined;
      }
      const url = urlOf(originOf(resource), mark === -1 ? target : target.slice(0, mark));
      try {
        return await verifier.verify(token, new RequestToVerify(resource, request.method, url, scheme, request));
      } catch (error) {
        if (error instanceof AuthFailure) refuse(request, responder, error, baseScopes);
        else {
          // A verifier that throws anything else could not decide (a bug or an outage): 503,
          // details to onError only.
          reportError(error);
          refuse(request, responder, new AuthFailure("temporarily_unavailable", "token verification unavailable"), baseScopes);
        }
        return undefined;
      }
    },

    authorize(auth, messages, request, responder) {
      for (const message of messages) {
        const needed = scopes.needed(message.method, message.params);
        if (needed.length === 0 || hasAllScopes(needed, auth.scopes)) continue;
        refuse(request, responder, new AuthFailure("insufficient_scope", `${message.method} needs scope ${needed.join(" ")}`, needed), needed, message.id);
        return false;
      }
      return true;
    },
  };
}

// Declared input requests: what a handler may ask the client for, how each maps to the client
// capability it needs (2026-07-28 basic/patterns/mrtr S3/S4), to the embedded request sent to a
// modern client, and to the real server→client request sent to a legacy client.
import { MISSING_REQUIRED_CLIENT_CAPABILITY } from "../core/jsonrpc/codes.js";
import { invalidParams, RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";

export type InputRequestDeclaration =
  | { kind: "form-elicitation"; message: string; requestedSchema: JsonObject }
  | { kind: "url-elicitation"; message: string; url?: string }
  | { kind: "sampling"; params: JsonObject }
  | { kind: "roots" };

export type InputRequestKind = InputRequestDeclaration["kind"];

export interface EmbeddedInputRequest {
  method: "elicitation/create" | "sampling/createMessage" | "roots/list";
  params?: JsonObject;
}

/** Per-call overrides merged over the declaration (e.g. a message naming the item to delete). */
export type InputRequestOverrides = JsonObject;

export function buildInputRequest(decl: InputRequestDeclaration, overrides: InputRequestOverrides | undefined): EmbeddedInputRequest {
  switch (decl.kind) {
    case "form-elicitation":
      return {
        method: "elicitation/create",
        params: { mode: "form", message: decl.message, requestedSchema: decl.requestedSchema, ...overrides },
      };
    case "url-elicitation": {
      const params: JsonObject = { mode: "url", message: decl.message, ...overrides };
      if (params["url"] === undefined && decl.url !== undefined) params["url"] = decl.url;
      return { method: "elicitation/create", params };
    }
    case "sampling":
      return { method: "sampling/createMessage", params: { ...decl.params, ...overrides } };
    case "roots":
      return overrides ? { method: "roots/list", params: { ...overrides } } : { method: "roots/list" };
  }
}

/**
 * The client capabilities an embedded request needs that `declared` lacks, as a
 * ClientCapabilities fragment (the -32021 `data.requiredCapabilities` shape). A bare
 * `elicitation: {}` counts as form support (2026-07-28 client/elicitation § Capabilities).
 */
export function missingCapabilities(request: EmbeddedInputRequest, declared: JsonObject): JsonObject | undefined {
  if (request.method === "elicitation/create") {
    const elicitation = declared["elicitation"];
    const url = request.params?.["mode"] === "url";
    if (!isPlainObject(elicitation)) return { elicitation: url ? { url: {} } : {} };
    if (url && !isPlainObject(elicitation["url"])) return { elicitation: { url: {} } };
    if (!url && elicitation["form"] === undefined && elicitation["url"] !== undefined) return { elicitation: { form: {} } };
    return undefined;
  }
  if (request.method === "sampling/createMessage") {
    const sampling = declared["sampling"];
    const needsTools = request.params?.["tools"] !== undefined || request.params?.["toolChoice"] !== undefined;
    if (!isPlainObject(sampling)) return { sampling: needsTools ? { tools: {} } : {} };
    if (needsTools && !isPlainObject(sampling["tools"])) return { sampling: { tools: {} } };
    return undefined;
  }
  return isPlainObject(declared["roots"]) ? undefined : { roots: {} };
}

export function mergeCapabilityFragments(fragments: readonly JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  for (const fragment of fragments) {
    for (const [key, value] of Object.entries(fragment)) {
      const prior = merged[key];
      merged[key] = isPlainObject(prior) && isPlainObject(value) ? { ...prior, ...value } : value;
    }
  }
  return merged;
}

export type InputAnswer = JsonObject;

/**
 * Splits one round of input requests into the keys already answered and the ones still pending.
 * A pending request whose kind the client did not declare fails the whole round with -32021
 * naming exactly the missing capabilities (S3/S4: an undeclared kind is never embedded).
 */
export function splitAnswered(
  requests: Readonly<Record<string, EmbeddedInputRequest>>,
  answerOf: (key: string) => InputAnswer | undefined,
  clientCapabilities: JsonObject,
  httpStatus?: number,
): { answered: Record<string, InputAnswer>; pending: Record<string, EmbeddedInputRequest>; pendingCount: number } {
  const answered: Record<string, InputAnswer> = {};
  const pending: Record<string, EmbeddedInputRequest> = {};
  const missing: JsonObject[] = [];
  let pendingCount = 0;
  for (const [key, request] of Object.entries(requests)) {
    const answer = answerOf(key);
    if (answer !== undefined) {
      answered[key] = answer;
      continue;
    }
    const lacking = missingCapabilities(request, clientCapabilities);
    if (lacking) missing.push(lacking);
    pending[key] = request;
    pendingCount++;
  }
  if (missing.length > 0) {
    throw new RpcError(MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability", { requiredCapabilities: mergeCapabilityFragments(missing) }, httpStatus);
  }
  return { answered, pending, pendingCount };
}

/**
 * Checks the shape of a client's answer (S9: malformed → JSON-RPC error). Only the fields the
 * runtime relies on are checked; extra fields are kept (S10).
 */
export function validateInputAnswer(key: string, method: EmbeddedInputRequest["method"], answer: unknown): InputAnswer {
  const reject = (why: string) => invalidParams(`Invalid params: inputResponses.${key} ${why}`, { inputResponse: key });
  if (!isPlainObject(answer)) throw reject("must be an object");
  if (nestedDeeperThan(answer, MAX_ANSWER_DEPTH)) throw reject(`is nested deeper than ${MAX_ANSWER_DEPTH} levels`);
  if (method === "elicitation/create") {
    const action = answer["action"];
    if (action !== "accept" && action !== "decline" && action !== "cancel") throw reject("needs action accept, decline or cancel");
    if (answer["content"] !== undefined && !isPlainObject(answer["content"])) throw reject("content must be an object");
  } else if (method === "sampling/createMessage") {
    if (typeof answer["role"] !== "string" || answer["content"] === undefined || typeof answer["model"] !== "string") {
      throw reject("must be a sampling result with role, content and model");
    }
  } else if (!Array.isArray(answer["roots"]) || !answer["roots"].every((r) => isPlainObject(r) && typeof r["uri"] === "string")) {
    throw reject("must be a roots result with a roots array");
  }
  return answer;
}

/**
 * Answers travel on inside the signed requestState, and JSON.stringify overflows the stack
 * around 10,000 levels (-32603). No answer shape of the spec comes near this bound.
 */
const MAX_ANSWER_DEPTH = 64;

/** Iterative, so a hostile depth cannot overflow the check itself. */
function nestedDeeperThan(root: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 1]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [value, depth] = entry;
    if (typeof value !== "object" || value === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}

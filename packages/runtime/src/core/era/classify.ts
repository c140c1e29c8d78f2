// Assigns one inbound message to an era (2026-07-28 basic/versioning § Backward Compatibility).
// DECISION: body-primary. The modern `_meta` claim decides; the MCP-Protocol-Version header only
// cross-checks it. A header naming a modern revision on a claim-less body is an error rather
// than a silent legacy fallback, so a broken modern client hears about it.
import { HEADER_MISMATCH } from "../jsonrpc/codes.js";
import { invalidParams, RpcError } from "../jsonrpc/errors.js";
import type { InboundMessage } from "../jsonrpc/message.js";
import { claimsModernEra } from "./envelope.js";
import { eraOfRevision, type Era } from "./revisions.js";

export function classifyEra(inbound: InboundMessage, headerVersion: string | undefined): Era {
  if (inbound.kind === "response") return "legacy";
  const params = inbound.message.params;
  if (claimsModernEra(params)) return "modern";
  const headerIsModern = headerVersion !== undefined && eraOfRevision(headerVersion.trim()) === "modern";
  if (!headerIsModern) return "legacy";
  if (inbound.kind === "notification") return "modern";
  if (inbound.message.method === "initialize") {
    throw new RpcError(HEADER_MISMATCH, "Header mismatch: initialize sent with a modern MCP-Protocol-Version header", undefined, 400);
  }
  throw invalidParams("Invalid params: modern MCP-Protocol-Version header but no _meta envelope", { missing: ["_meta"] }, 400);
}

// Era probing for `protocol: "auto"` [S26:basic/versioning § Backward Compatibility;
// S26:basic/transports/stdio and streamable-http § Backward Compatibility].
//
// The client sends `server/discover` with the full modern envelope and classifies what
// comes back. DECISION RECORD (the spec gives no exhaustive list of "modern" errors, and
// the official SDK and the spec's HTTP text disagree, protocol-brief §9 #7):
//   - a DiscoverResult → modern if a modern revision is mutual, legacy if the server lists
//     only legacy revisions;
//   - -32022 → pick a mutual revision from `data.supported` (modern first, then legacy),
//     never a blind fallback;
//   - on HTTP, -32020 and -32021 are answers only a modern server gives, so they keep the
//     client modern (the request itself is then retried or surfaced by the caller);
//   - every other JSON-RPC error (-32601, -32602, -32600, -32000 "not initialized", …), a
//     4xx without a JSON-RPC body, or silence on stdio → legacy. Fallback is never keyed
//     on one specific code, since legacy servers answer in many ways.
//   - 401/403 and 5xx are outages or auth problems, never era evidence: the probe fails.
// The verdict is a property of the server, cached per server key (HTTP origin + path, or
// the stdio command line) and dropped when using it fails.

import { HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION } from "../core/jsonrpc/codes.js";
import { pickMutualRevision, type Era } from "../core/era/revisions.js";

export type ProbeOutcome =
  | { kind: "result"; result: Record<string, unknown> }
  | { kind: "rpc-error"; code: number; data?: unknown }
  | { kind: "no-answer" }
  | { kind: "failure"; message: string };

export type ProbeVerdict =
  | { era: "modern"; protocolVersion: string; discovered: Record<string, unknown> | undefined; retryDiscover: boolean }
  | { era: "legacy"; protocolVersion: string | undefined }
  | { era: "none"; message: string };

export function classifyProbe(outcome: ProbeOutcome, transportKind: "stdio" | "http", offered: string, ours: readonly string[]): ProbeVerdict {
  switch (outcome.kind) {
    case "result": {
      const supported = Array.isArray(outcome.result.supportedVersions) ? outcome.result.supportedVersions : [offered];
      const modern = pickMutualRevision(supported, "modern", ours);
      if (modern !== undefined) return { era: "modern", protocolVersion: modern, discovered: outcome.result, retryDiscover: modern !== offered };
      const legacy = pickMutualRevision(supported, "legacy", ours);
      if (legacy !== undefined) return { era: "legacy", protocolVersion: legacy };
      return { era: "none", message: `no mutual protocol revision (server supports ${JSON.stringify(supported)})` };
    }
    case "rpc-error": {
      if (outcome.code === UNSUPPORTED_PROTOCOL_VERSION) {
        const data = outcome.data as { supported?: unknown } | undefined;
        const supported = Array.isArray(data?.supported) ? data.supported : [];
        const modern = pickMutualRevision(supported, "modern", ours);
        if (modern !== undefined) return { era: "modern", protocolVersion: modern, discovered: undefined, retryDiscover: true };
        const legacy = pickMutualRevision(supported, "legacy", ours);
        if (legacy !== undefined) return { era: "legacy", protocolVersion: legacy };
        return { era: "none", message: `no mutual protocol revision (server supports ${JSON.stringify(supported)})` };
      }
      if (transportKind === "http" && (outcome.code === HEADER_MISMATCH || outcome.code === MISSING_REQUIRED_CLIENT_CAPABILITY)) {
        return { era: "modern", protocolVersion: offered, discovered: undefined, retryDiscover: false };
      }
      return { era: "legacy", protocolVersion: undefined };
    }
    case "no-answer":
      return { era: "legacy", protocolVersion: undefined };
    case "failure":
      return { era: "none", message: outcome.message };
  }
}

export interface EraVerdictRecord {
  era: Era;
  protocolVersion: string | undefined;
}

/** Process-wide cache of probe verdicts, keyed by server. Pass your own Map to isolate. */
export const defaultEraCache: Map<string, EraVerdictRecord> = new Map();

// DECISION RECORD — WHICH REVISION SUPPORTS WHICH INPUT REQUEST. Verified against the synced
// schema.json files (../shared/spec/schema/<rev>/schema.json) and the docs:
// - sampling (`CreateMessageRequest`) and roots (`ListRootsRequest`) exist in every revision
//   from 2024-11-05 on [SCH24:CreateMessageRequest, SCH24:ListRootsRequest].
// - form elicitation (`ElicitRequest`) first appears in 2025-06-18 (absent from 2025-03-26)
//   [SCH0618:ElicitRequest].
// - URL elicitation (`ElicitRequestURLParams`, mode "url") first appears in 2025-11-25
//   [SCH25:ElicitRequestURLParams; S25:client/elicitation].
// - sampling with `tools`/`toolChoice` first appears in 2025-11-25 [SCH25:CreateMessageRequestParams].
// - In 2026-07-28 all of these travel only as MRTR input requests inside InputRequiredResult,
//   on tools/call, prompts/get and resources/read [S26:basic/patterns/mrtr § Supported Requests];
//   on legacy revisions the generated server bridges them to real server→client requests.
// - `x-mcp-header` exists only in 2026-07-28 [S26:basic/transports/streamable-http § Custom
//   Headers from Tool Parameters]; `outputSchema` from 2025-06-18, restricted to a root
//   `type: object` in 2025-06-18 and 2025-11-25 [SCH0618:Tool, SCH25:Tool] and free in
//   2026-07-28 [SCH26:Tool].

export type InputFeature = "elicit" | "elicitUrl" | "sampling" | "samplingTools" | "roots";

const FIRST_REVISION: Record<InputFeature, string> = {
  elicit: "2025-06-18",
  elicitUrl: "2025-11-25",
  sampling: "2024-11-05",
  samplingTools: "2025-11-25",
  roots: "2024-11-05",
};

export const FEATURE_LABEL: Record<InputFeature, string> = {
  elicit: "form elicitation",
  elicitUrl: "URL elicitation",
  sampling: "sampling",
  samplingTools: "sampling with tools",
  roots: "roots",
};

/** Revisions are ISO dates, so string order is time order. */
export function revisionSupports(revision: string, feature: InputFeature): boolean {
  return revision >= FIRST_REVISION[feature];
}

export function firstRevisionWith(feature: InputFeature): string {
  return FIRST_REVISION[feature];
}

export const HEADER_REVISION = "2026-07-28";

/** Revisions whose Tool.outputSchema must have `type: object` at the root. */
export const OBJECT_OUTPUT_REVISIONS: readonly string[] = ["2025-06-18", "2025-11-25"];

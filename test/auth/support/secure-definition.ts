// The small server the auth tests protect: the runtime test definition plus tools that show who
// calls (whoami), need a write scope (add_note), mint and open caller-bound handles, and ask a
// question (requestState).
import type { ServerDefinition } from "../../../packages/runtime/src/server/definition.js";
import { parseAuthenticateHeader, type BearerChallenge } from "../../../packages/runtime/src/client/auth/www-authenticate.js";
import { testDefinition } from "../../runtime/helpers/definition.js";

export const SCOPES = ["notes:read", "notes:write"];

export function authDefinition(): ServerDefinition {
  const base = testDefinition();
  return {
    ...base,
    tools: [
      ...(base.tools ?? []),
      {
        name: "whoami",
        description: "Answers ctx.auth",
        inputSchema: { type: "object" },
        handler: (_args, ctx) => ({ content: [{ type: "text", text: JSON.stringify(ctx.auth ?? null) }] }),
      },
      {
        name: "add_note",
        description: "Needs notes:write",
        inputSchema: { type: "object", properties: { text: { type: "string" } } },
        handler: (args: { text: string }) => ({ content: [{ type: "text", text: `added ${args.text}` }] }),
      },
    ],
    resourceTemplates: [
      { uriTemplate: "note://{id}", name: "note", read: (uri: string, vars: Record<string, string>) => [{ uri, text: `note ${vars["id"]}` }] },
    ],
  };
}

export function parseChallenge(header: string | string[] | undefined): BearerChallenge {
  return parseAuthenticateHeader(String(header ?? ""));
}

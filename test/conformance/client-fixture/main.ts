// Conformance fixture: a client process driven by the official suite's client leg.
//
// Contract (conformance README §2.6): the suite appends the server URL as the last
// argument and sets MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_PROTOCOL_VERSION and,
// for some scenarios, MCP_CONFORMANCE_CONTEXT. The fixture pins the era to that
// revision and exercises each scenario through the generic runtime client only.

import { McpClient, OAuthClient, createHttpTransport, type ClientHandlers, type GrantOptions, type OAuthClientInformation } from "../../../packages/runtime/src/client-entry.js";
import type { JsonObject } from "../../../packages/runtime/src/core-entry.js";
import { runSkillsScenario } from "./skills.js";

const serverUrl = process.argv[process.argv.length - 1];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const protocol = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? "2025-11-25";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as {
  toolCalls?: Array<{ name: string; arguments?: JsonObject }>;
  client_id?: string;
  client_secret?: string;
  // auth/client-credentials-jwt
  private_key_pem?: string;
  signing_algorithm?: string;
  // auth/enterprise-managed-authorization
  idp_client_id?: string;
  idp_id_token?: string;
  idp_token_endpoint?: string;
  // auth/wif-jwt-bearer
  valid_jwt?: string;
};

/** The grant each extension scenario asks for (the scenario name and context say which). */
function grantFor(name: string): GrantOptions {
  switch (name) {
    case "auth/client-credentials-jwt":
    case "auth/client-credentials-basic":
      return { type: "client_credentials" };
    case "auth/enterprise-managed-authorization":
      return { type: "enterprise", idp: { tokenEndpoint: context.idp_token_endpoint ?? "", clientId: context.idp_client_id ?? "", idToken: context.idp_id_token ?? "" } };
    case "auth/wif-jwt-bearer":
      // A platform hands the workload token over in a variable (here: the suite's context).
      return { type: "jwt_bearer", assertion: context.valid_jwt ?? "" };
    default:
      return { type: "authorization_code" };
  }
}

const clientInformation: OAuthClientInformation | undefined =
  context.client_id === undefined
    ? undefined
    : {
        client_id: context.client_id,
        ...(context.client_secret === undefined ? {} : { client_secret: context.client_secret }),
        ...(context.private_key_pem === undefined ? {} : { private_key: context.private_key_pem, ...(context.signing_algorithm === undefined ? {} : { signing_alg: context.signing_algorithm }) }),
      };
const grant = grantFor(scenario);

// OAuth for the auth/* scenarios: headless (the mock authorization endpoint redirects at
// once), a loopback redirect, the suite's CIMD URL, pre-registered credentials when the
// scenario hands them over in the context, the grant it names, and DPoP for auth/dpop*.
// A workload token carries the workload's identity: its client_id goes in the form only.
const auth = scenario.startsWith("auth/")
  ? new OAuthClient({
      redirectUrl: "http://localhost:3000/callback",
      clientName: "mcp-gen-conformance-client",
      clientMetadataUrl: "https://conformance-test.local/client-metadata.json",
      grant,
      dpop: scenario === "auth/dpop" || scenario === "auth/dpop-nonce",
      ...(clientInformation === undefined ? {} : { clientInformation }),
    })
  : undefined;

// Canned answers: accept elicitations (the client fills schema defaults), trivial sampling, one root.
const handlers: ClientHandlers = {
  elicitation: (params) => {
    const schema = params.requestedSchema as { properties?: Record<string, { type?: string }> } | undefined;
    const content: JsonObject = {};
    if (scenario !== "elicitation-sep1034-client-defaults") {
      for (const [name, property] of Object.entries(schema?.properties ?? {})) {
        if (property.type === "boolean") content[name] = true;
      }
    }
    return { action: "accept", content };
  },
  sampling: () => ({ role: "assistant", content: { type: "text", text: "fixture answer" }, model: "fixture-model", stopReason: "endTurn" }),
  roots: () => ({ roots: [{ uri: "file:///tmp/fixture-root", name: "Fixture root" }] }),
};

/** Placeholder arguments satisfying a tool's required properties. */
function argumentsFor(tool: JsonObject): JsonObject {
  const schema = tool.inputSchema as { properties?: Record<string, { type?: string }>; required?: string[] } | undefined;
  const args: JsonObject = {};
  for (const name of schema?.required ?? []) {
    const type = schema?.properties?.[name]?.type;
    args[name] = type === "number" || type === "integer" ? 1 : type === "boolean" ? true : "x";
  }
  return args;
}

async function run(client: McpClient): Promise<void> {
  switch (scenario) {
    case "tools_call": {
      await client.listAllTools();
      await client.callTool("add_numbers", { a: 5, b: 3 });
      return;
    }
    case "elicitation-sep1034-client-defaults": {
      await client.listAllTools();
      await client.callTool("test_client_elicitation_defaults", {});
      return;
    }
    case "sse-retry": {
      await client.listAllTools();
      await client.callTool("test_reconnection", {});
      return;
    }
    case "sep-2322-client-request-state": {
      await client.listAllTools();
      await client.callTool("test_mrtr_echo_state");
      await client.callTool("test_mrtr_unrelated");
      await client.callTool("test_mrtr_no_state");
      await client.callTool("test_mrtr_no_result_type");
      return;
    }
    case "http-standard-headers": {
      for (const tool of await client.listAllTools()) await client.callTool(String(tool.name), argumentsFor(tool));
      for (const resource of await client.listAllResources()) await client.readResource(String(resource.uri));
      for (const prompt of await client.listAllPrompts()) await client.getPrompt(String(prompt.name));
      return;
    }
    case "http-custom-headers": {
      await client.listAllTools();
      for (const call of context.toolCalls ?? []) await client.callTool(call.name, call.arguments ?? {});
      return;
    }
    case "http-invalid-tool-headers": {
      for (const tool of await client.listAllTools()) await client.callTool(String(tool.name), argumentsFor(tool));
      return;
    }
    case "json-schema-2020-12-preservation": {
      // Not scored: echo the focal tool's inputSchema back verbatim to show nothing was stripped.
      const tools = await client.listAllTools();
      const focal = tools.find((tool) => tool.name === "json_schema_2020_12_tool");
      await client.callTool("json_schema_echo", { schema: focal?.inputSchema ?? {} });
      return;
    }
    default: {
      if (scenario.startsWith("sep-2640-client-")) return runSkillsScenario(client, scenario);
      if (scenario.startsWith("auth/")) {
        // Authorized: list and call a tool so the resource server sees authenticated traffic.
        for (const tool of await client.listAllTools()) await client.callTool(String(tool.name), argumentsFor(tool));
        return;
      }
      // initialize, request-metadata, json-schema-ref-no-deref and anything new: connect and list.
      await client.listAllTools();
      return;
    }
  }
}

async function main(): Promise<void> {
  if (serverUrl === undefined || !/^https?:/.test(serverUrl)) throw new Error("usage: client.sh <server-url>");
  const client = new McpClient({
    transport: createHttpTransport({ url: serverUrl, ...(auth === undefined ? {} : { auth }) }),
    clientInfo: { name: "mcp-gen-conformance-client", version: "0.1.0" },
    protocol,
    handlers,
    onWarning: (message) => process.stderr.write(`warning: ${message}\n`),
  });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`fixture client failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

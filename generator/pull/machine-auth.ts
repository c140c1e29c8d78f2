// `mcp-gen pull` without a person: the non-interactive grants of the runtime's OAuth client
// (client credentials with a secret or a private-key JWT; the JWT bearer grant with a workload
// identity token). Secrets come only from the environment or a file, never from an argument
// (argv is visible to every process on the machine) and never into the pulled manifest, which
// is built from the server's answers alone. A refusal is reported with the authorization
// server's OAuth error code, without the secret.
import { McpClientError, OAuthClient, type OAuthClientInformation, type GrantOptions } from "@mcp-gen/runtime/client";
import { UserError } from "../errors.js";

export interface MachineAuthFlags {
  clientId?: string;
  clientSecretEnv?: string;
  clientKeyFile?: string;
  workloadTokenFile?: string;
  workloadTokenEnv?: string;
}

const HINT = "see docs/client-auth.md (mcp-gen pull without a person)";

/** The OAuth client the flags ask for, or undefined when none of them is given. */
export function machineAuthorization(flags: MachineAuthFlags, env: NodeJS.ProcessEnv = process.env): OAuthClient | undefined {
  const workload = flags.workloadTokenFile !== undefined || flags.workloadTokenEnv !== undefined;
  const credentials = flags.clientSecretEnv !== undefined || flags.clientKeyFile !== undefined;
  if (!workload && !credentials && flags.clientId === undefined) return undefined;
  if (flags.workloadTokenFile !== undefined && flags.workloadTokenEnv !== undefined) throw new UserError("MCPGEN4001", "give one of --workload-token-file and --workload-token-env", HINT);
  if (flags.clientSecretEnv !== undefined && flags.clientKeyFile !== undefined) throw new UserError("MCPGEN4001", "give one of --client-secret-env and --client-key-file", HINT);
  if (workload && credentials) throw new UserError("MCPGEN4001", "a workload token is its own credential: drop --client-secret-env / --client-key-file", HINT);
  if (!workload && flags.clientId === undefined) throw new UserError("MCPGEN4001", "--client-secret-env and --client-key-file need --client-id", HINT);
  if (!workload && !credentials) throw new UserError("MCPGEN4001", "--client-id needs --client-secret-env VAR or --client-key-file PATH (or a workload token)", HINT);
  let client: OAuthClientInformation | undefined;
  if (flags.clientId !== undefined) {
    client = { client_id: flags.clientId };
    if (flags.clientSecretEnv !== undefined) {
      const secret = env[flags.clientSecretEnv];
      if (secret === undefined || secret === "") throw new UserError("MCPGEN4001", `--client-secret-env: the environment variable ${flags.clientSecretEnv} is not set`, "export it before running mcp-gen pull");
      client.client_secret = secret;
    }
    if (flags.clientKeyFile !== undefined) client.private_key = { file: flags.clientKeyFile };
  }
  const grant: GrantOptions = workload
    ? { type: "jwt_bearer", assertion: flags.workloadTokenFile !== undefined ? { file: flags.workloadTokenFile } : { env: flags.workloadTokenEnv as string } }
    : { type: "client_credentials" };
  return new OAuthClient({ grant, clientName: "mcp-gen pull", ...(client === undefined ? {} : { clientInformation: client }) });
}

/** Turns an authorization failure into the pull's user error (the message names no secret). */
export function authorizationFailure(error: unknown): unknown {
  if (!(error instanceof McpClientError)) return error;
  if (error.reason === "auth-config") return new UserError("MCPGEN4001", error.message, HINT);
  if (error.reason === "auth-refused" || error.reason === "auth-bad-response") return new UserError("MCPGEN4010", `authorization failed: ${error.message}`, "check the client's registration and credentials at the authorization server");
  return error;
}

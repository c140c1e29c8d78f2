import type { Command } from "commander";
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UserError } from "../errors.js";

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

interface PullFlags {
  stdio?: string;
  out?: string;
  check?: string;
  header: string[];
  timeout: string;
  protocol: string;
  failOn?: string;
  format: string;
  oauth?: boolean;
  clientId?: string;
  clientSecretEnv?: string;
  clientKeyFile?: string;
  workloadTokenFile?: string;
  workloadTokenEnv?: string;
}

const FAIL_LEVELS = ["breaking", "warning"] as const;
const FORMATS = ["text", "json", "markdown"] as const;
const HEADER_CODES: ReadonlySet<string> = new Set(["MCPGEN1502", "MCPGEN1503", "MCPGEN1504", "MCPGEN1505"]);

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * `mcp-gen pull <url> | --stdio <command>` with `--out <manifest>` or `--check <manifest>`.
 * Exit codes: 0 = written / no drift, 1 = drift (per --fail-on) or a user error, 2 = a bug.
 */
export function registerPullCommand(program: Command): void {
  program
    .command("pull")
    .description("introspect a live MCP server (HTTP URL or stdio command) into a client-only manifest, or check it for drift")
    .argument("[url]", "Streamable HTTP endpoint of the server")
    .option("--stdio <command>", 'run the server as a stdio command, e.g. "node server.js"')
    .option("-o, --out <manifest>", "write the pulled manifest here (atomically; nothing is written on failure)")
    .option("--check <manifest>", "pull, compare with this committed manifest, print the diff; exit 1 on drift")
    .option("--header <NAME=VALUE>", "HTTP header for every request; VALUE may be env:VAR or contain ${VAR} (repeatable)", collect, [])
    .option("--timeout <ms>", "give up when the whole pull takes longer than this", "30000")
    .option("--protocol <revision>", "auto (probe like a client) or a revision to pin, e.g. 2025-11-25", "auto")
    .option("--fail-on <level>", "with --check: exit 1 only when a change at this level or worse exists (breaking or warning)")
    .option("--oauth", "authorize with OAuth 2.1 when the server asks (prints a URL to open; the browser's redirect comes back to 127.0.0.1)")
    .option("--client-id <id>", "OAuth client credentials grant as this client (no person); with --client-secret-env or --client-key-file")
    .option("--client-secret-env <VAR>", "the client secret is in this environment variable (never on the command line)")
    .option("--client-key-file <path>", "private key (PKCS#8 PEM or JWK) for private_key_jwt client authentication")
    .option("--workload-token-file <path>", "JWT bearer grant with the platform's workload identity token read from this file")
    .option("--workload-token-env <VAR>", "JWT bearer grant with the workload identity token in this environment variable")
    .option("--format <format>", "with --check: how to print the diff, text, json or markdown (as mcp-gen diff)", "text")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  mcp-gen pull https://api.example.com/mcp --header 'Authorization=Bearer ${TOKEN}' --out remote.yaml",
        '  mcp-gen pull --stdio "node server.js" --out server.yaml',
        "  mcp-gen pull https://api.example.com/mcp --check remote.yaml --fail-on breaking",
        "  mcp-gen pull https://api.example.com/mcp --client-id ci-job --client-secret-env CLIENT_SECRET --out remote.yaml",
        "",
        "Details: docs/pull.md",
      ].join("\n"),
    )
    .action(async (url: string | undefined, flags: PullFlags) => {
      const { resolveTarget } = await import("../pull/target.js");
      const { pullManifest } = await import("../pull/pull.js");
      if ((flags.out === undefined) === (flags.check === undefined)) throw new UserError("MCPGEN4001", "pull needs exactly one of --out <manifest> and --check <manifest>", "use --out to write a manifest, --check to compare with a committed one");
      const timeoutMs = Number(flags.timeout);
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UserError("MCPGEN4001", `--timeout ${JSON.stringify(flags.timeout)} is not a positive whole number of milliseconds`, "e.g. --timeout 10000");
      const failOn = flags.failOn;
      if (failOn !== undefined && !(FAIL_LEVELS as readonly string[]).includes(failOn)) throw new UserError("MCPGEN4001", `unknown --fail-on '${failOn}'`, `use one of: ${FAIL_LEVELS.join(", ")}`);
      if (failOn !== undefined && flags.check === undefined) throw new UserError("MCPGEN4001", "--fail-on only applies with --check", "add --check <manifest>");
      if (!(FORMATS as readonly string[]).includes(flags.format)) throw new UserError("MCPGEN4001", `unknown --format '${flags.format}'`, `use one of: ${FORMATS.join(", ")}`);
      const target = resolveTarget({ url, stdio: flags.stdio, headers: flags.header });
      // Fail before contacting the server when the result could not be written anyway.
      if (flags.out !== undefined && !isDirectory(dirname(resolve(flags.out)))) {
        throw new UserError("MCPGEN4014", `cannot write ${flags.out}: the folder ${dirname(resolve(flags.out))} does not exist`, "create the folder first, or choose another --out path");
      }
      const outPath = (flags.out ?? flags.check) as string;
      let oauth: import("../pull/oauth.js").LoopbackAuthorization | undefined;
      const { machineAuthorization, authorizationFailure } = await import("../pull/machine-auth.js");
      const machine = machineAuthorization(flags);
      if (machine !== undefined) {
        if (flags.oauth) throw new UserError("MCPGEN4001", "--oauth (a person in a browser) and machine credentials exclude each other", "drop --oauth, or the --client-*/--workload-* options");
        if (target.kind !== "http") throw new UserError("MCPGEN4001", "machine credentials need an HTTP URL", "stdio servers take their credentials from the environment");
        const { preauthorize } = await import("../pull/oauth.js");
        await preauthorize(machine, new URL(target.url), target.headers).catch((error: unknown) => {
          throw authorizationFailure(error);
        });
      }
      if (flags.oauth) {
        if (target.kind !== "http") throw new UserError("MCPGEN4001", "--oauth needs an HTTP URL", "stdio servers take their credentials from the environment");
        const { preauthorize, startLoopbackAuthorization } = await import("../pull/oauth.js");
        oauth = await startLoopbackAuthorization((line) => process.stderr.write(`${line}\n`), 5 * 60_000);
        try {
          await preauthorize(oauth.client, new URL(target.url), target.headers);
        } catch (error) {
          await oauth.close();
          throw error;
        }
      }
      const pulled = await pullManifest(target, { outPath, timeoutMs, protocol: flags.protocol, ...(oauth ? { auth: oauth.client } : machine ? { auth: machine } : {}) }).finally(() => oauth?.close());
      for (const d of pulled.diagnostics) process.stderr.write(`warning ${d.code} ${d.path}: ${d.message}\n`);
      // MCPGEN4020 already reports invalid x-mcp-header annotations, with what they mean for callers.
      for (const d of pulled.loaderWarnings.filter((w) => !HEADER_CODES.has(w.code))) process.stderr.write(`warning ${d.code} ${d.path}: ${d.message}\n`);
      if (flags.out !== undefined) {
        const { writeFileAtomic } = await import("../pull/write.js");
        try {
          writeFileAtomic(flags.out, pulled.yaml);
        } catch (error) {
          throw new UserError("MCPGEN4014", `cannot write ${flags.out}: ${(error as Error).message}`, "check the path and its permissions");
        }
        const m = pulled.manifest;
        process.stdout.write(
          `${flags.out}: ${m.server.name} ${m.server.version} (${pulled.snapshot.era}, ${pulled.snapshot.protocolVersion}): ${m.tools.length} tool(s), ${m.prompts.length} prompt(s), ${m.resources.length} resource(s), ${m.templates.length} template(s)\n`,
        );
        return;
      }
      const { checkAgainstCommitted } = await import("../pull/check.js");
      const outcome = await checkAgainstCommitted(flags.check as string, pulled.yaml, pulled.manifest, failOn as "breaking" | "warning" | undefined);
      if (flags.format === "json") {
        const { formatJson } = await import("../diff/format/json.js");
        // JSON readers get the diff either way; `equal` says whether anything but the address differs.
        const diff = JSON.parse(formatJson(outcome.diff)) as Record<string, unknown>;
        process.stdout.write(`${JSON.stringify({ equal: outcome.equal, failed: outcome.failed, ...diff }, null, 2)}\n`);
      } else if (outcome.equal) {
        process.stdout.write(`${flags.check}: up to date with the server\n`);
      } else {
        const { formatText } = await import("../diff/format/text.js");
        const { formatMarkdown } = await import("../diff/format/markdown.js");
        process.stdout.write(flags.format === "markdown" ? formatMarkdown(outcome.diff) : formatText(outcome.diff));
        if (outcome.diff.changes.length === 0) process.stdout.write(`(the manifest differs from the server's contract, but no diff rule classifies the difference; pull with --out and review the file diff)\n`);
      }
      if (outcome.failed) process.exitCode = 1;
    });
}

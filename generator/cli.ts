import { Command, CommanderError } from "commander";
import { isUserError } from "./errors.js";
import { readSpecLock } from "./spec-schema/lock.js";
import { isSynced, syncAll, syncRevision } from "./spec-schema/sync.js";
import { GENERATOR_VERSION } from "./version.js";

type Register = (program: Command) => void;

/**
 * Each subcommand's module, imported only when that command runs (or for the whole tree: help,
 * an unknown command).
 *
 * DECISION (measured, bench `scale-gen`): importing every command's module cost ~300 ms of CPU
 * before any command ran (zod, jose and the runtime's client for `diff` and `pull`, yaml, ajv:
 * ~360 files); `mcp-gen generate` needs its own ~150.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  types: async () => (await import("./commands/types.js")).registerTypesCommand,
  generate: async () => (await import("./commands/generate.js")).registerGenerateCommand,
  validate: async () => (await import("./commands/validate.js")).registerValidateCommand,
  init: async () => (await import("./commands/init.js")).registerInitCommand,
  diff: async () => (await import("./commands/diff.js")).registerDiffCommand,
  pull: async () => (await import("./commands/pull.js")).registerPullCommand,
  dev: async () => (await import("./commands/dev.js")).registerDevCommand,
  docs: async () => (await import("./commands/docs.js")).registerDocsCommand,
  import: async () => (await import("./commands/import.js")).registerImportCommand,
};

/** The subcommand argv names when it is one of COMMANDS, else undefined (help, `spec`, an unknown word). */
function commandOf(argv: readonly string[]): string | undefined {
  const word = argv[2];
  return word !== undefined && Object.hasOwn(COMMANDS, word) ? word : undefined;
}

/**
 * Builds the `mcp-gen` command tree, or with `only` the tree with that one subcommand (what
 * `mcp-gen <only> …` parses). Each subcommand lives in its own module under commands/.
 */
export async function buildProgram(only?: string): Promise<Command> {
  const program = new Command("mcp-gen")
    .description("Declarative code generation for dual-era MCP servers and clients")
    .version(GENERATOR_VERSION)
    .showHelpAfterError()
    .exitOverride();

  const spec = program.command("spec").description("manage the pinned MCP spec schemas");
  spec
    .command("list")
    .description("list the pinned revisions, their era and whether they are synced")
    .option("--json", "print JSON")
    .action((opts: { json?: boolean }) => {
      const lock = readSpecLock();
      const rows = lock.revisions.map((r) => ({ revision: r.revision, era: r.era, synced: isSynced(r.revision), sha256: r.sha256 }));
      if (opts.json) {
        process.stdout.write(JSON.stringify({ commit: lock.commit, revisions: rows }, null, 2) + "\n");
        return;
      }
      process.stdout.write(`spec ${lock.repository}@${lock.commit.slice(0, 12)}\n`);
      for (const row of rows) {
        process.stdout.write(`${row.revision}  ${row.era.padEnd(6)}  ${row.synced ? "synced" : "not synced"}\n`);
      }
    });
  spec
    .command("sync")
    .description("copy (or download) the pinned schema.json files and verify their sha256")
    .option("-r, --revision <rev>", "sync one revision only")
    .option("--force", "re-copy even when the synced file is current")
    .option("--quiet", "print nothing on success")
    .action(async (opts: { revision?: string; force?: boolean; quiet?: boolean }) => {
      const results = opts.revision ? [await syncRevision(opts.revision, opts)] : await syncAll(opts);
      if (opts.quiet) return;
      for (const r of results) process.stdout.write(`${r.revision}  ${r.source === "synced" ? "up to date" : `synced from ${r.source} (${r.from})`}\n`);
    });

  // Each subcommand registers itself from generator/commands/<name>.ts (one entry each in COMMANDS,
  // registered in that order).
  const names = only === undefined ? Object.keys(COMMANDS) : [only];
  for (const register of await Promise.all(names.map((name) => COMMANDS[name]!()))) register(program);

  return program;
}

/**
 * A reader that stops early (`mcp-gen --help | head -1`) closes the pipe: end quietly with exit 0,
 * as a program killed by SIGPIPE would stop, instead of Node's unhandled 'error' event and stack.
 */
function endOnClosedPipe(err: NodeJS.ErrnoException): void {
  if (err.code === "EPIPE") process.exit(0);
  throw err;
}

/** CLI entry: user errors print code + message + hint and exit 1; bugs exit 2. */
export async function main(argv: string[]): Promise<void> {
  for (const stream of [process.stdout, process.stderr]) if (!stream.listeners("error").includes(endOnClosedPipe)) stream.on("error", endOnClosedPipe);
  const program = await buildProgram(commandOf(argv));
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? 0 : 1;
      return;
    }
    if (isUserError(err)) {
      process.stderr.write(`error ${err.code}: ${err.message}\n`);
      if (err.hint) process.stderr.write(`  hint: ${err.hint}\n`);
      process.exitCode = 1;
      return;
    }
    process.stderr.write(`mcp-gen: internal error (a bug in mcp-gen, please report it)\n${(err as Error)?.stack ?? String(err)}\n`);
    process.exitCode = 2;
  }
}

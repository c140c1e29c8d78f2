// The program a `mcp-gen dev` server child runs: `node [--import tsx] standby-runner.js <entry>
// <preload…> -- <server args…>`. It boots node and imports the packages that do not change
// between restarts (the runtime, zod) ahead of time, then waits; on "go" it imports the entry,
// which imports the freshly generated package and the handlers in a process that never saw the
// old ones. So a restart costs the import of what changed, not a node boot.
import { pathToFileURL } from "node:url";

const [entry, ...rest] = process.argv.slice(2);
const separator = rest.indexOf("--");
const preloads = separator < 0 ? rest : rest.slice(0, separator);
const serverArgs = separator < 0 ? [] : rest.slice(separator + 1);

// Waiting for "go": if mcp-gen dev goes away, so does the standby.
const onDisconnect = () => process.exit(0);
process.on("disconnect", onDisconnect);
const go = new Promise<void>((resolveGo) => process.once("message", () => resolveGo()));

for (const url of preloads) {
  // A preload that fails is only a lost head start: the entry's own import reports real errors.
  await import(url).catch(() => undefined);
}
process.send?.("ready");
await go;
process.off("disconnect", onDisconnect);
process.disconnect?.();
if (entry === undefined) throw new Error("standby-runner: no entry given");
// The entry sees the command line it would have seen when started directly.
process.argv = [process.argv[0]!, entry, ...serverArgs];
await import(pathToFileURL(entry).href);

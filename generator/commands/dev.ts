// `mcp-gen dev [manifest]`: regenerate on every manifest edit, restart the server on the same
// port, keep serving through broken edits. The loop itself: generator/dev/dev-loop.ts.
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { resolveLaunch } from "../dev/entry.js";
import { UserError } from "../errors.js";

interface DevFlags {
  out?: string;
  entry?: string;
  port?: string;
  host: string;
  name?: string;
  debounce: string;
}

/** A free port on `host`, chosen once, so every restart listens on the same one. */
function freePort(host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function parsePort(text: string, host: string): Promise<number> {
  const port = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UserError("MCPGEN0603", `--port must be a port number, got ${JSON.stringify(text)}`, "pass an integer from 0 to 65535 (0 picks a free port once)");
  }
  return port === 0 ? freePort(host) : port;
}

export function registerDevCommand(program: Command): void {
  program
    .command("dev")
    .description("watch the manifest and handlers: regenerate, restart the server on the same port, report diagnostics without stopping")
    .argument("[manifest]", "path to the manifest", "mcp.yaml")
    .option("-o, --out <dir>", "output folder of the generated package (default: generated/ next to the manifest)")
    .option("--entry <file>", "the server's start file (default: package.json main, src/server.ts, server.ts, src/server.js, server.js, start.js, index.js)")
    .option("--port <port>", "HTTP port passed to the server (default: $PORT, else 3000; 0 picks a free one)")
    .option("--host <host>", "host passed to the server", "127.0.0.1")
    .option("--name <package>", "npm package name of the generated package")
    .option("--debounce <ms>", "quiet time that ends a burst of file events", "60")
    .action(async (manifest: string, flags: DevFlags) => {
      const manifestPath = resolve(manifest);
      const projectDir = dirname(manifestPath);
      if (!existsSync(manifestPath)) {
        // Nothing to watch yet: the loader's MCPGEN1003, printed like validate, and exit 1.
        const { loadManifest } = await import("../manifest/load.js");
        const { formatLikeValidate } = await import("../dev/regenerate.js");
        process.stderr.write(await formatLikeValidate((await loadManifest(manifest)).diagnostics));
        process.exitCode = 1;
        return;
      }
      const launch = resolveLaunch(projectDir, flags.entry);
      const port = await parsePort(flags.port ?? process.env.PORT ?? "3000", flags.host);
      // Loaded on use: the loop pulls in the TypeScript compiler and prettier (see generate).
      const { DevLoop } = await import("../dev/dev-loop.js");
      const loop = new DevLoop({
        // As typed, so diagnostics name the file the way `validate` does.
        manifestPath: manifest,
        outDir: resolve(flags.out ?? join(projectDir, "generated")),
        ...(flags.name ? { packageName: flags.name } : {}),
        launch,
        host: flags.host,
        port,
        debounceMs: Math.max(0, Number(flags.debounce) || 0),
        out: process.stdout,
      });
      const stop = () => void loop.stop();
      // Ctrl-C, a kill, or the terminal closing: stop the server with the loop.
      const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
      for (const signal of signals) process.once(signal, stop);
      await loop.run();
      for (const signal of signals) process.off(signal, stop);
    });
}

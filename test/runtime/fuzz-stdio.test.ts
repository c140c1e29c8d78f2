// Property test: hostile lines into a spawned stdio server. Each line is followed by a probe
// request; the probe must always be answered (no crash, no stall) and every output line must be
// a well-formed JSON-RPC message with a spec error code.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope } from "./helpers/definition.js";
import { hostileLine, KNOWN_CODES } from "./helpers/hostile.js";
import { spawnStdioServer, type StdioPeer } from "./helpers/stdio.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

const root = resolve(import.meta.dirname, "../..");
let peer: StdioPeer;

beforeAll(() => {
  execFileSync(process.execPath, [resolve(root, "node_modules/typescript/bin/tsc"), "-b", "packages/runtime/tsconfig.json"], { cwd: root });
  peer = spawnStdioServer();
});
afterAll(async () => {
  await peer.close();
});

describe("stdio fuzzing", () => {
  it("survives hostile lines and keeps answering", async () => {
    let probe = 0;
    await fc.assert(
      fc.asyncProperty(hostileLine, async (line) => {
        const before = peer.lines.length;
        const probeId = `probe-${++probe}`;
        peer.sendRaw(line);
        peer.send({ jsonrpc: "2.0", id: probeId, method: "tools/list", params: { _meta: envelope() } });
        await peer.waitFor((m) => m.id === probeId, 5_000);
        expect(peer.child.exitCode).toBeNull();
        let invalidJson = false;
        try {
          JSON.parse(line);
        } catch {
          invalidJson = true;
        }
        const produced = peer.lines.slice(before).map((l) => JSON.parse(l));
        for (const message of produced.flat()) {
          expect(message.jsonrpc).toBe("2.0");
          if (message.error) expect(KNOWN_CODES.has(message.error.code)).toBe(true);
        }
        // Blank lines carry no message and are skipped by the framing layer.
        if (invalidJson && line.trim() !== "") expect(produced.some((m) => m.error?.code === -32700 && m.id === null)).toBe(true);
      }),
      { numRuns: 150, ...within() },
    );
    expect(peer.stderr.filter((line) => !line.startsWith("aborted:"))).toEqual([]);
  }, PROPERTY_TEST_TIMEOUT_MS);
});

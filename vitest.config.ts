import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Scratch projects (init scaffolds with their own handler tests) live under test/.tmp: never ours to run.
    exclude: ["test/.tmp/**", "**/node_modules/**"],
    // Spawning servers and running tsc are slow on 2 cores; keep individual timeouts generous.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The runtime bundle is rebuilt when packages/runtime/dist is newer (test/support/fresh-bundle.ts).
    globalSetup: ["test/support/fresh-bundle.ts"],
    // Snapshots must never be written in CI: a missing or stale golden file is a failure there.
    update: false,
  },
});

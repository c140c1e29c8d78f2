import { resolve } from "node:path";

/** Scratch space inside the repo (git-ignored) so generated code resolves `zod` and `@mcp-gen/runtime` from node_modules. */
export const TMP_DIR = resolve(import.meta.dirname, "..", ".tmp");

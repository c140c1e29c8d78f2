import { createRequire } from "node:module";

type Validation = typeof import("@mcp-gen/runtime/validation");
type Client = typeof import("@mcp-gen/runtime/client");

const require = createRequire(import.meta.url);
let validation: Validation | undefined;
let client: Client | undefined;

/**
 * The runtime subpaths the loader needs only for some manifests, required on first use (the
 * runtime's ES modules load synchronously through `require` on Node ≥ 20.19, mcp-gen's engines).
 *
 * DECISION (measured, bench `scale-gen`): `@mcp-gen/runtime/validation` brings zod (~100 ms of
 * CPU per process) and is needed only to word a ReDoS warning (check-patterns.ts);
 * `@mcp-gen/runtime/client` brings jose (~60 ms) and is needed only for a manifest with
 * `skills` (skills.ts). Imported statically, every `generate` paid both.
 */
export function runtimeValidation(): Validation {
  validation ??= require("@mcp-gen/runtime/validation") as Validation;
  return validation;
}

export function runtimeClient(): Client {
  client ??= require("@mcp-gen/runtime/client") as Client;
  return client;
}

// Environment variables where the host has them: `process.env` on Node, Bun and Deno; Workers
// without nodejs_compat and browsers have no `process`, so lookups there find nothing.

export function environment(): Record<string, string | undefined> {
  const host = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return host.process?.env ?? {};
}

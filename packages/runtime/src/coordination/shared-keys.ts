// Instances that share state must share their signing keys too: a per-process random key would
// make requestState and handles minted by one instance fail on the next (2026-07-28
// basic/patterns/mrtr § Server Requirements). With coordination configured, a missing key is a
// start-up error, not a silent per-process key.
import { environment } from "../platform/env.js";

const KEYS = [
  { option: "stateKey", env: "MCP_GEN_STATE_KEY" },
  { option: "handleKey", env: "MCP_GEN_HANDLE_KEY" },
] as const;

export function requireSharedKeys(
  explicit: { stateKey?: unknown; handleKey?: unknown },
  env: Record<string, string | undefined> = environment(),
  reason = "coordination is configured (several instances share state)",
): void {
  const missing = KEYS.filter((key) => explicit[key.option] === undefined && !env[key.env]).map((key) => key.env);
  if (missing.length === 0) return;
  throw new Error(`${reason}: set ${missing.join(" and ")} (or the ${missing.length > 1 ? "options" : "option"} ${KEYS.filter((k) => missing.includes(k.env)).map((k) => k.option).join(", ")}) to the same secret of at least 32 bytes on every instance`);
}

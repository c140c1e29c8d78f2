// Small phrasings shared by the sections: durations, cache hints, input-request kinds.
import type { CacheHint, InputRequest, RequiredClientCapability } from "../manifest/ir.js";

/** 3600000 → "1 h", 1500 → "1.5 s", 250 → "250 ms". */
export function duration(ms: number): string {
  const units: readonly [number, string][] = [
    [86_400_000, "d"],
    [3_600_000, "h"],
    [60_000, "min"],
    [1000, "s"],
  ];
  for (const [size, unit] of units) if (ms >= size) return `${Number((ms / size).toFixed(2))} ${unit}`;
  return `${ms} ms`;
}

export function cacheText(cache: CacheHint): string {
  return cache.ttlMs === 0 ? `not cached (${cache.cacheScope})` : `cacheable for ${duration(cache.ttlMs)} (${cache.cacheScope})`;
}

export const KIND_NAMES: Readonly<Record<InputRequest["kind"], string>> = {
  elicit: "form elicitation (the user fills in a form)",
  elicitUrl: "URL elicitation (the user completes a step in the browser)",
  sampling: "sampling (the client's model writes a reply)",
  roots: "roots (the client lists its root folders)",
};

export const CAPABILITY_NAMES: Readonly<Record<RequiredClientCapability, string>> = {
  "elicitation.form": "elicitation.form",
  "elicitation.url": "elicitation.url",
  sampling: "sampling",
  "sampling.tools": "sampling.tools",
  roots: "roots",
};

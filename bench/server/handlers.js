// @ts-check
// Handlers of the generated bench server: one per tool in tools.js, named the way the
// generator names handler methods (manifest name → camelCase identifier).
import { RUN, TOOLS } from "./tools.js";

/** `lookup_01` → `lookup01`, `echo` → `echo` (same rule as generator/manifest/identifiers.ts). */
function handlerName(toolName) {
  return toolName.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
}

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = /** @type {any} */ ({
  tools: Object.fromEntries(TOOLS.map((tool) => [handlerName(tool.name), (args) => RUN[tool.kind](args)])),
});

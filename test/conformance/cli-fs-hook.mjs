// Resolve hook (Node < 22): the conformance bundle's `fs` import becomes cli-fs.mjs.
const REPLACEMENT = new URL("./cli-fs.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const fromConformance = context.parentURL?.includes("/@modelcontextprotocol/conformance/dist/");
  if (fromConformance && (specifier === "fs" || specifier === "node:fs")) return { url: REPLACEMENT, shortCircuit: true };
  return nextResolve(specifier, context);
}

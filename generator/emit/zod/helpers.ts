// The helper section of an emitted module: an import from the runtime's validation subpath
// (generated packages), or the same helpers' source inlined (`mcp-gen types`, whose output
// depends on zod alone). Either way only the helpers the schemas use are named.
//
// DECISION (refinements receive their schemas once): every helper that needs another
// schema is a factory (`notMatching(S)` returns the predicate), so each zod schema is
// built once at module load (or once per `z.lazy` resolution), never per parse.

import { helperLibrary, VALIDATION_MODULE } from "./helper-source.js";

/** How an emitted module gets its helpers. */
export type HelperMode = "import" | "inline";

/** Top-level names of the helper source; declarations never take them (see names.ts). */
export function reservedHelperNames(): readonly string[] {
  return [...helperLibrary().declared].sort();
}

/** The code that makes `used` (sorted helper names) available, or "" when none are used. */
export function helperSection(used: readonly string[], mode: HelperMode): string {
  if (used.length === 0) return "";
  const library = helperLibrary();
  const unknown = used.filter((name) => !library.exported.has(name));
  if (unknown.length > 0) throw new Error(`internal: ${VALIDATION_MODULE} does not export ${unknown.join(", ")}`);
  if (mode === "inline") {
    return `// Helpers inlined by mcp-gen from ${VALIDATION_MODULE} (only those this module uses).\n\n${library.inline(used).join("\n\n")}`;
  }
  const oneLine = `import { ${used.join(", ")} } from "${VALIDATION_MODULE}";`;
  if (oneLine.length <= 80) return oneLine;
  return `import {\n${used.map((name) => `  ${name},`).join("\n")}\n} from "${VALIDATION_MODULE}";`;
}

import { UserError } from "../../errors.js";
import { readSpecLock } from "../../spec-schema/lock.js";
import { loadSpec } from "../../spec-schema/load.js";
import { methodTable } from "../../spec-schema/methods/index.js";
import { type EmitDiagnostic, emitZodModule } from "../zod/module.js";
import { provenanceHeader } from "../provenance.js";
import { emitMethodTables } from "./method-tables.js";

export interface TypesModule {
  readonly revision: string;
  readonly code: string;
  readonly diagnostics: readonly EmitDiagnostic[];
  /** Definition names exported as `<Name>Schema` + `type <Name>`, in emission order. */
  readonly exported: readonly string[];
}

/**
 * `mcp-gen types --revision R`: one self-contained module with a zod schema and a type per
 * spec definition (errata applied) and the revision's hand-curated method tables.
 */
export function generateTypesModule(revision: string): TypesModule {
  const spec = loadSpec(revision);
  const lock = readSpecLock();
  const header = provenanceHeader(`MCP protocol types for spec revision ${revision} (${spec.era} era).`, [
    { label: "spec", value: `${lock.repository}@${lock.commit}` },
    { label: "schema.json sha256", value: spec.sha256 },
    { label: "errata applied", value: spec.errata.length > 0 ? spec.errata.join(", ") : "none" },
  ]);
  // Inlined helpers: a types module is used outside mcp-gen packages and imports zod alone.
  const emitted = emitZodModule({ document: spec.json, header, helpers: "inline" });
  const errors = emitted.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    const list = errors.map((d) => `  ${d.pointer} (${d.keyword}): ${d.message}`).join("\n");
    throw new UserError("MCPGEN0201", `spec ${revision}: the schema uses constructs the emitter cannot express exactly:\n${list}`);
  }
  const code = `${emitted.code.trimEnd()}\n\n${emitMethodTables(methodTable(revision))}`;
  return { revision, code, diagnostics: emitted.diagnostics, exported: emitted.exported };
}

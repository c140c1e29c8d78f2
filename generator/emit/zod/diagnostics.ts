// Diagnostic codes of the JSON Schema → zod emitter. A code is stable once released;
// messages may improve. Severity "error" means the emitted schema would NOT give the
// same verdict as ajv at that spot, so callers must not ship the module.
import type { DiagnosticCode } from "../../diagnostics/codes.js";

export interface EmitDiagnostic {
  code: DiagnosticCode;
  severity: "error" | "warning";
  keyword: string;
  /** JSON pointer (RFC 6901) to the keyword inside the input (the document, or `root` when set). */
  pointer: string;
  message: string;
  /** Name of the `roots` entry the pointer is relative to; absent for the document. */
  root?: string;
}

export const DIAGNOSTIC_CODES = {
  /** A keyword ajv applies that the emitter cannot express exactly (e.g. `$dynamicRef`). */
  unsupportedKeyword: "MCPGEN0301",
  /** A `$ref` to another document or a network URI: never fetched. */
  externalRef: "MCPGEN0302",
  /** A local `$ref` whose target does not exist. */
  unresolvedRef: "MCPGEN0303",
  /** A `pattern`/`patternProperties` regex that is not valid with the `u` flag (ajv rejects the schema). */
  invalidPattern: "MCPGEN0304",
  /** A schema ajv refuses to compile (e.g. `nullable` without `type`, array `items` in 2020-12). */
  invalidSchema: "MCPGEN0305",
  /** A `format` ajv-formats does not know: ajv ignores it, and so does the emitted schema. */
  unknownFormat: "MCPGEN0306",
  /** A spot where ajv's own verdict is unreliable (a known ajv bug); the spec's meaning is emitted. */
  ajvQuirk: "MCPGEN0307",
} as const satisfies Record<string, DiagnosticCode>;

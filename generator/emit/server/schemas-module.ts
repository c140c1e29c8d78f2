import type { Manifest } from "../../manifest/ir.js";
import { type EmitDiagnostic, emitZodModule } from "../zod/module.js";
import { answerType, promptArgumentsType, toolInputType, toolOutputType } from "./naming.js";

/** The JSON Schema of a prompt's arguments: an object of strings, required where declared. */
function promptArgumentsSchema(manifest: Manifest, index: number): Record<string, unknown> {
  const prompt = manifest.prompts[index]!;
  const properties: Record<string, unknown> = {};
  for (const argument of prompt.arguments) properties[argument.name] = { type: "string", ...(argument.description ? { description: argument.description } : {}) };
  return { type: "object", properties, required: prompt.arguments.filter((a) => a.required).map((a) => a.name) };
}

/**
 * src/schemas.ts: zod schemas and types for every tool input and output, prompt arguments and
 * form-elicitation answer the manifest declares (emitted by the JSON Schema → zod emitter).
 */
export function emitSchemasModule(
  manifest: Manifest,
  header: string,
): { code: string; diagnostics: readonly EmitDiagnostic[]; exported: readonly string[] } {
  const roots: Record<string, Record<string, unknown>> = {};
  const add = (name: string, schema: unknown) => {
    roots[name] = typeof schema === "boolean" ? (schema ? {} : { not: {} }) : (schema as Record<string, unknown>);
  };
  for (const tool of manifest.tools) {
    add(toolInputType(tool), tool.inputSchema);
    if (tool.outputSchema !== undefined) add(toolOutputType(tool), tool.outputSchema);
    for (const request of tool.inputRequests) if (request.kind === "elicit") add(answerType(tool.identifier, request), request.schema);
  }
  manifest.prompts.forEach((prompt, index) => {
    add(promptArgumentsType(prompt), promptArgumentsSchema(manifest, index));
    for (const request of prompt.inputRequests) if (request.kind === "elicit") add(answerType(prompt.identifier, request), request.schema);
  });
  for (const owner of [...manifest.resources, ...manifest.templates]) {
    for (const request of owner.inputRequests) if (request.kind === "elicit") add(answerType(owner.identifier, request), request.schema);
  }
  const emitted = emitZodModule({
    document: { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: {} },
    header,
    roots,
    externalRefs: "unknown",
  });
  return { code: emitted.code, diagnostics: emitted.diagnostics, exported: emitted.exported };
}

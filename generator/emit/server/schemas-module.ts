import type { JsonSchema, Manifest, Prompt } from "../../manifest/ir.js";
import { type EmitDiagnostic, emitZodModule } from "../zod/module.js";
import { inputKind } from "./input-kinds/index.js";
import { customMethodRoots } from "./custom-methods-parts.js";
import { ownersOf, promptArgumentsRoot, SchemaNames, toolInputRoot, toolOutputRoot } from "./naming.js";

/** The JSON Schema of a prompt's arguments: an object of strings, required where declared. */
function promptArgumentsSchema(prompt: Prompt): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const argument of prompt.arguments) properties[argument.name] = { type: "string", ...(argument.description ? { description: argument.description } : {}) };
  return { type: "object", properties, required: prompt.arguments.filter((a) => a.required).map((a) => a.name) };
}

export interface SchemasModule {
  readonly code: string;
  readonly diagnostics: readonly EmitDiagnostic[];
  /** The names the other modules import, by root; and every export of schemas.ts. */
  readonly names: SchemaNames;
  /** The schema of each root, as handed to the emitter (diagnostics point into these). */
  readonly roots: Readonly<Record<string, Record<string, unknown>>>;
  /** `code` with exact zod type annotations, for the checker-free `.d.ts` emit (see ZodModule). */
  readonly declarationCode?: string | undefined;
}

/**
 * src/schemas.ts: zod schemas and types for every tool input and output, prompt arguments and
 * input-request answer the manifest declares (emitted by the JSON Schema → zod emitter).
 */
export function emitSchemasModule(manifest: Manifest, header: string): SchemasModule {
  const roots: Record<string, Record<string, unknown>> = {};
  const add = (name: string, schema: JsonSchema | Record<string, unknown>) => {
    roots[name] = typeof schema === "boolean" ? (schema ? {} : { not: {} }) : (schema as Record<string, unknown>);
  };
  for (const tool of manifest.tools) {
    add(toolInputRoot(tool), tool.inputSchema);
    if (tool.outputSchema !== undefined) add(toolOutputRoot(tool), tool.outputSchema);
  }
  for (const prompt of manifest.prompts) add(promptArgumentsRoot(prompt), promptArgumentsSchema(prompt));
  for (const owner of ownersOf(manifest)) {
    for (const request of owner.inputRequests) for (const [root, schema] of inputKind(request).schemas(owner, request)) add(root, schema);
  }
  for (const [root, schema] of customMethodRoots(manifest)) add(root, schema);
  const emitted = emitZodModule({
    document: { $schema: "https://json-schema.org/draft/2020-12/schema", $defs: {} },
    header,
    roots,
    externalRefs: "unknown",
  });
  const byRoot = new Map(emitted.declarations.filter((d) => d.root !== undefined && d.pointer === "").map((d) => [d.root!, d.name]));
  return { code: emitted.code, declarationCode: emitted.declarationCode, diagnostics: emitted.diagnostics, names: new SchemaNames(byRoot, emitted.exported, roots), roots };
}

// server.ts: the JSON Schemas the server checks tool arguments, structured output, form answers,
// prompt arguments and extension params with, as module-level constants, each wrapped in the
// runtime's jsonSchemaValidator (compiled on first use: packages/runtime/src/validation/compile/).
//
// DECISION (no zod on the server path): the zod schemas of schemas.ts gave these verdicts before;
// importing zod and building every schema cost most of a generated server's start-up (issue 18).
// The compiled validators give the same verdicts (test/validation-compile/), so server.ts imports
// only types from schemas.ts and the package's zod schemas moved to its `./schemas` subpath.
// The tool's wire `inputSchema`/`outputSchema` is the same constant: one copy of each schema.
// DECISION (patterns): a schema with `pattern`/`patternProperties` gets the runtime's linear-time
// engine (`@mcp-gen/runtime/patterns`, re2js); a package whose schemas have none never loads it.
import type { ModuleWriter } from "../module-writer/module-writer.js";
import { literal, RUNTIME, type SchemaNames } from "./naming.js";

export class ServerValidators {
  private readonly declared = new Map<string, string>();

  constructor(
    private readonly w: ModuleWriter,
    private readonly schemas: SchemaNames,
  ) {}

  /** The validator constant of a root (declared once). */
  of(root: string): string {
    this.declare(root);
    return this.schemas.validatorNames(root).validator;
  }

  /** The JSON Schema constant of a root, for the wire definition (declared once, with its validator). */
  json(root: string): string {
    this.declare(root);
    return this.schemas.validatorNames(root).json;
  }

  private declare(root: string): void {
    if (this.declared.has(root)) return;
    const { json, validator } = this.schemas.validatorNames(root);
    const type = this.w.use(this.schemas.type(root));
    const schema = this.schemas.jsonSchema(root);
    const options = usesPattern(schema) ? `, { patterns: ${this.w.use(RUNTIME.pattern)} }` : "";
    this.declared.set(
      root,
      `const ${json} = ${literal(schema)};\n` + `const ${validator} = ${this.w.use(RUNTIME.jsonSchemaValidator)}<${type}>(${json}${options});\n`,
    );
  }

  /** The module-level declarations, in first-use order; undefined when nothing is validated. */
  part(): string | undefined {
    if (this.declared.size === 0) return undefined;
    return `/** The JSON Schemas this server validates with; each is compiled on its first use. */\n${[...this.declared.values()].join("")}`;
  }
}

/** Keywords whose values are data, not schemas (a `pattern` key inside them is not a pattern). */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

/** True when some subschema has a string `pattern` or an object `patternProperties`. */
function usesPattern(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(usesPattern);
  if (typeof node !== "object" || node === null) return false;
  const record = node as Record<string, unknown>;
  if (typeof record["pattern"] === "string") return true;
  const patterns = record["patternProperties"];
  if (typeof patterns === "object" && patterns !== null && Object.keys(patterns).length > 0) return true;
  return Object.entries(record).some(([key, value]) => !DATA_KEYWORDS.has(key) && usesPattern(value));
}

// State shared while one module is emitted: declarations, diagnostics, used helpers.
// Kind emitters receive an EmitContext (one resource + the module) and a location.

import type { DiagnosticCode } from "../../diagnostics/codes.js";
import { encodePointer, type JsonSchemaDialect as Dialect } from "@mcp-gen/runtime/core";
import type { SchemaResource } from "../../jsonschema/resource.js";
import type { EmitDiagnostic } from "./diagnostics.js";
import type { ZodExpr } from "./expr.js";

/** One emitted `export const XSchema` / `export type X` pair. */
export interface Declaration {
  /** TypeScript type name; the zod constant is `${name}Schema`. */
  readonly name: string;
  readonly resource: SchemaResource;
  /** Resource label for diagnostics: undefined for the document, else the root's name. */
  readonly root: string | undefined;
  readonly tokens: readonly string[];
  readonly node: unknown;
  /** Declarations this one references (filled by the dependency scan). */
  readonly references: Set<string>;
  /** Set once the declaration's body is emitted. */
  body?: ZodExpr;
  emitting?: boolean;
}

export interface DeclarationLookup {
  /** The declaration for a node of a resource, created (with a derived name) if needed. */
  declarationAt(resource: SchemaResource, root: string | undefined, tokens: readonly string[]): Declaration;
  /** The emitted body of a declaration, or undefined while it is being emitted or when recursive. */
  bodyOf(declaration: Declaration): ZodExpr | undefined;
}

export interface ModuleSettings {
  /** What a `$ref` to another document becomes: an error (default) or `z.unknown()` plus a warning. */
  readonly externalRefs: "error" | "unknown";
  /** Where helpers come from: the runtime subpath, or inlined source (then patterns run on RegExp). */
  readonly helpers: "import" | "inline";
}

export class EmitContext {
  constructor(
    readonly resource: SchemaResource,
    readonly root: string | undefined,
    readonly declarations: DeclarationLookup,
    readonly settings: ModuleSettings,
    private readonly diagnosticSink: EmitDiagnostic[],
    private readonly helperSink: Set<string>,
  ) {}

  /** The same context with diagnostics discarded (for re-emitting a subschema already reported). */
  quiet(): EmitContext {
    return new EmitContext(this.resource, this.root, this.declarations, this.settings, [], this.helperSink);
  }

  get dialect(): Dialect {
    return this.resource.dialect;
  }

  /** Marks a helper as used (imported or inlined) and returns its name for the call site. */
  helper(name: string): string {
    this.helperSink.add(name);
    return name;
  }

  report(code: DiagnosticCode, severity: "error" | "warning", at: readonly string[], keyword: string, message: string): void {
    const diagnostic: EmitDiagnostic = { code, severity, keyword, pointer: encodePointer([...at, keyword]), message };
    if (this.root !== undefined) diagnostic.root = this.root;
    this.diagnosticSink.push(diagnostic);
  }
}

// JSON Schema document (+ standalone roots) → one self-contained TypeScript module of
// zod 4 schemas and types. Public entry point of the emitter.
//
// DECISIONS
// - OUTPUT PER DECLARATION: `export const FooSchema` (zod) and `export type Foo`. For a
//   declaration outside any `$ref` cycle the type is `z.infer<typeof FooSchema>` (exact by
//   construction). Declarations in a cycle get an explicit type written by the emitter and
//   `export const FooSchema: z.ZodType<Foo> = z.lazy(() => …)`, which is the form TS can
//   check without `any`.
// - ORDER: dependencies first (topological over the strongly connected components of the
//   reference graph), ties by name; members of a cycle sorted by name. Same input → same
//   bytes: no timestamps, no Map/Set iteration over unsorted input.
// - WHICH DECLARATIONS: every entry of the document's `definitions`/`$defs`; every root;
//   every entry of a root's own `definitions`/`$defs`, named `<Root>_<Name>`; and every
//   other `$ref` target, named after the declaration containing it
//   (`Foo_PropertiesBar`; the document itself is `DocumentRoot`). All are exported, so the
//   declaration files of a package built from the module stay valid.
// - DIAGNOSTICS instead of guesses: a keyword that cannot be translated exactly is
//   reported with a JSON pointer (see diagnostics.ts) and the module is still produced.

import { detectDialect, encodePointer, type JsonSchemaDialect as Dialect } from "@mcp-gen/runtime/core";
import { SchemaResource, isRecord } from "../../jsonschema/resource.js";
import { subschemas } from "../../jsonschema/walk.js";
import { type Declaration, EmitContext, type ModuleSettings } from "./context.js";
import { DIAGNOSTIC_CODES, type EmitDiagnostic } from "./diagnostics.js";
import type { ZodExpr } from "./expr.js";
import { type HelperMode, helperSection, reservedHelperNames } from "./helpers.js";
import { IdentifierPool, identifierFor, jsDoc } from "./names.js";
import { emitSchema } from "./schema.js";
import { stronglyConnected, topologicalComponents } from "./order.js";

export type { EmitDiagnostic } from "./diagnostics.js";

export interface ZodModuleInput {
  /** A JSON Schema document whose definitions live in `definitions` (draft-07) or `$defs` (2020-12). */
  document: Record<string, unknown>;
  /** Comment block (already formatted, e.g. provenance header) written verbatim at the top. */
  header: string;
  /** Extra standalone root schemas to emit as named declarations, each resolving its own `#/...` refs
   *  against ITSELF (e.g. a manifest tool's inputSchema with its own `$defs`). Names must be PascalCase-unique. */
  roots?: Record<string, Record<string, unknown>>;
  /**
   * What a `$ref` to another document (file or http/https URI — never fetched) becomes:
   * "error" (default) reports an error diagnostic; "unknown" emits `z.unknown()` there and
   * reports a warning.
   */
  externalRefs?: "error" | "unknown";
  /** Dialect of roots without `$schema` (default 2020-12, MCP's default dialect). */
  rootDialect?: Dialect;
  /**
   * "import" (default): helpers come from `@mcp-gen/runtime/validation`, and patterns use its
   * linear-time engine where they can. "inline": the helpers' source is copied in, so the module
   * imports only zod (`mcp-gen types`); patterns then run on native RegExp.
   */
  helpers?: HelperMode;
}

export interface ZodModule {
  code: string;
  diagnostics: EmitDiagnostic[];
  /** Declaration (type) names in emission order; each also has a `${name}Schema` constant. */
  exported: string[];
  /** Where each exported declaration comes from, in the same order as `exported`. */
  declarations: DeclarationSource[];
  /**
   * The module's declarations only: every schema constant `declare`d with its exact zod type,
   * when the emitter models all of them (else undefined). Not shipped: the package build emits
   * the module's `.d.ts` from it without a type checker (the types are what TypeScript infers).
   */
  declarationCode?: string;
}

export interface DeclarationSource {
  name: string;
  /** The `roots` entry it belongs to; absent for the document. */
  root?: string;
  /** JSON pointer of the schema inside the document (or the root). */
  pointer: string;
  /** True when it is part of a `$ref` cycle (emitted as `z.lazy` with an explicit type). */
  recursive: boolean;
}

const DEFINITION_KEYWORDS = ["definitions", "$defs"] as const;

export function emitZodModule(input: ZodModuleInput): ZodModule {
  return new ModuleEmitter(input).run();
}

class ModuleEmitter {
  private readonly diagnostics: EmitDiagnostic[] = [];
  private readonly helpers = new Set<string>();
  private readonly pool = new IdentifierPool();
  private readonly byResource = new Map<SchemaResource, Map<string, Declaration>>();
  private readonly declarations: Declaration[] = [];
  private readonly named = new Map<string, Declaration>();
  private readonly recursive = new Set<string>();
  private readonly settings: ModuleSettings;
  private readonly lookup = {
    declarationAt: (resource: SchemaResource, root: string | undefined, tokens: readonly string[]) =>
      this.declarationAt(resource, root, tokens),
    bodyOf: (declaration: Declaration) => this.bodyOf(declaration),
  };

  constructor(private readonly input: ZodModuleInput) {
    this.settings = { externalRefs: input.externalRefs ?? "error", helpers: input.helpers ?? "import" };
    // Reserved whether or not the helpers end up used, so names do not depend on usage or mode.
    for (const name of reservedHelperNames()) this.pool.claim(name);
  }

  run(): ZodModule {
    this.registerDeclarations();
    this.scanReferences();
    for (const component of stronglyConnected(this.graph())) {
      const only = component[0];
      if (component.length > 1 || (only !== undefined && this.byName(only).references.has(only))) {
        component.forEach((name) => this.recursive.add(name));
      }
    }
    for (let i = 0; i < this.declarations.length; i++) this.bodyOf(this.declarations[i]!);
    const order = topologicalComponents(this.graph()).flat();
    const ordered = order.map((name) => this.byName(name));
    const code = this.write(ordered, false);
    const annotated = ordered.every((d) => this.recursive.has(d.name) || d.body!.zod !== undefined);
    const declarations = order.map((name) => {
      const declaration = this.byName(name);
      const source: DeclarationSource = {
        name,
        pointer: encodePointer(declaration.tokens),
        recursive: this.recursive.has(name),
      };
      if (declaration.root !== undefined) source.root = declaration.root;
      return source;
    });
    return {
      code,
      diagnostics: this.diagnostics,
      exported: order,
      declarations,
      ...(annotated ? { declarationCode: this.write(ordered, true) } : {}),
    };
  }

  private registerDeclarations(): void {
    const document = this.input.document;
    const documentResource = new SchemaResource(document, detectDialect(document));
    this.byResource.set(documentResource, new Map());
    this.checkResource(documentResource, undefined);
    for (const keyword of DEFINITION_KEYWORDS) {
      const definitions = document[keyword];
      if (!isRecord(definitions)) continue;
      for (const key of Object.keys(definitions).sort()) {
        this.register(documentResource, undefined, [keyword, key], this.pool.claim(identifierFor(key)));
      }
    }
    const roots = this.input.roots ?? {};
    const rootResources: [string, string, SchemaResource][] = [];
    for (const rootName of Object.keys(roots).sort()) {
      const root = roots[rootName]!;
      // Without `$schema`, a root's `definitions` must not flip the dialect: the caller's default wins.
      const fallback = this.input.rootDialect ?? "2020-12";
      const dialect = typeof root["$schema"] === "string" ? detectDialect(root, fallback) : fallback;
      const resource = new SchemaResource(root, dialect);
      this.byResource.set(resource, new Map());
      this.checkResource(resource, rootName);
      const name = this.register(resource, rootName, [], this.pool.claim(identifierFor(rootName)));
      rootResources.push([rootName, name, resource]);
    }
    for (const [rootName, name, resource] of rootResources) {
      for (const keyword of DEFINITION_KEYWORDS) {
        const definitions = (resource.root as Record<string, unknown>)[keyword];
        if (!isRecord(definitions)) continue;
        for (const key of Object.keys(definitions).sort()) {
          this.register(resource, rootName, [keyword, key], this.pool.claim(`${name}_${identifierFor(key)}`));
        }
      }
    }
  }

  /** Resource-wide problems: subschemas that declare their own base URI. */
  private checkResource(resource: SchemaResource, root: string | undefined): void {
    const context = this.context(resource, root);
    for (const nested of resource.nestedIds) {
      const draft07Anchor = nested.id.startsWith("#");
      context.report(
        draft07Anchor ? DIAGNOSTIC_CODES.invalidSchema : DIAGNOSTIC_CODES.unsupportedKeyword,
        "error",
        nested.tokens,
        "$id",
        draft07Anchor
          ? `plain-name $id '${nested.id}' is not allowed in 2020-12 (use $anchor; ajv rejects the schema)`
          : `embedded resource '$id: ${nested.id}' changes the base URI; only $id-less subschemas are supported`,
      );
    }
  }

  private register(
    resource: SchemaResource,
    root: string | undefined,
    tokens: readonly string[],
    name: string,
  ): string {
    const declaration: Declaration = {
      name,
      resource,
      root,
      tokens,
      node: tokens.reduce<unknown>((node, token) => (isRecord(node) ? node[token] : undefined), resource.root),
      references: new Set(),
    };
    this.byResource.get(resource)!.set(encodePointer(tokens), declaration);
    this.declarations.push(declaration);
    this.named.set(name, declaration);
    return name;
  }

  private declarationAt(resource: SchemaResource, root: string | undefined, tokens: readonly string[]): Declaration {
    const known = this.byResource.get(resource)!.get(encodePointer(tokens));
    if (known) return known;
    // A `$ref` target that is not a definition: name it after the closest declaration
    // that contains it.
    let owner: Declaration | undefined;
    for (let length = tokens.length - 1; length >= 0 && owner === undefined; length--) {
      owner = this.byResource.get(resource)!.get(encodePointer(tokens.slice(0, length)));
      if (owner) {
        const rest = identifierFor(tokens.slice(length).join(" "));
        this.register(resource, root, tokens, this.pool.claim(`${owner.name}_${rest}`));
      }
    }
    if (owner === undefined)
      this.register(
        resource,
        root,
        tokens,
        this.pool.claim(tokens.length === 0 ? "DocumentRoot" : `DocumentRoot_${identifierFor(tokens.join(" "))}`),
      );
    return this.byResource.get(resource)!.get(encodePointer(tokens))!;
  }

  /** Finds every `$ref` reachable through schema keywords, creating declarations for targets. */
  private scanReferences(): void {
    for (let i = 0; i < this.declarations.length; i++) {
      const declaration = this.declarations[i]!;
      const visit = (node: unknown) => {
        if (!isRecord(node)) return;
        const ref = node["$ref"];
        if (typeof ref === "string") {
          const target = declaration.resource.resolve(ref);
          if (target.kind === "local") {
            declaration.references.add(this.declarationAt(declaration.resource, declaration.root, target.tokens).name);
          }
        }
        for (const { schema } of subschemas(node)) visit(schema);
      };
      visit(declaration.node);
    }
  }

  private graph(): Map<string, readonly string[]> {
    return new Map(this.declarations.map((declaration) => [declaration.name, [...declaration.references].sort()]));
  }

  private byName(name: string): Declaration {
    const found = this.named.get(name);
    if (!found) throw new Error(`internal: no declaration named ${name}`);
    return found;
  }

  private context(resource: SchemaResource, root: string | undefined): EmitContext {
    return new EmitContext(resource, root, this.lookup, this.settings, this.diagnostics, this.helpers);
  }

  private bodyOf(declaration: Declaration): ZodExpr | undefined {
    if (declaration.body !== undefined) return this.recursive.has(declaration.name) ? undefined : declaration.body;
    if (declaration.emitting === true) return undefined;
    declaration.emitting = true;
    declaration.body = emitSchema(
      declaration.node,
      declaration.tokens,
      this.context(declaration.resource, declaration.root),
    );
    declaration.emitting = false;
    return this.recursive.has(declaration.name) ? undefined : declaration.body;
  }

  /** The module, or with `annotate` its declarations only (`export declare const XSchema: <zod type>`). */
  private write(ordered: readonly Declaration[], annotate: boolean): string {
    const blocks: string[] = [];
    for (const declaration of ordered) {
      const body = declaration.body!;
      const description = isRecord(declaration.node) ? declaration.node["description"] : undefined;
      const doc = jsDoc(description);
      const { name } = declaration;
      if (this.recursive.has(name)) {
        const value = annotate ? "" : ` = z.lazy(() =>\n  ${body.code.replace(/\n/g, "\n  ")},\n)`;
        blocks.push(`${doc}export type ${name} = ${body.type};\n${doc}export ${annotate ? "declare " : ""}const ${name}Schema: z.ZodType<${name}>${value};`);
      } else {
        blocks.push(
          `${doc}export ${annotate ? `declare const ${name}Schema: ${body.zod}` : `const ${name}Schema = ${body.code}`};\n${doc}export type ${name} = z.infer<typeof ${name}Schema>;`,
        );
      }
    }
    const header =
      this.input.header.endsWith("\n") || this.input.header === "" ? this.input.header : this.input.header + "\n";
    const helpers = helperSection([...this.helpers].sort(), this.settings.helpers);
    const imports = `${header}import { z } from "zod";`;
    const sections =
      helpers === "" ? [imports] : this.settings.helpers === "import" ? [`${imports}\n${helpers}`] : [imports, helpers];
    sections.push(...blocks);
    return sections.join("\n\n") + "\n";
  }
}

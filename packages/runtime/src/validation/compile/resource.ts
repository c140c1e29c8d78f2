// The schema a validator is compiled from, and `$ref` resolution inside it. The same scope as
// the generator's (generator/jsonschema/resource.ts), which the zod emitter resolves with, so
// both give the same verdicts: `#`, `#/json/pointer` (percent- and `~`-escapes decoded),
// `#name` (`$anchor`, `$dynamicAnchor`, or a draft-07 `$id: "#name"`), and the root's own
// `$id` followed by one of those. Anything else points outside: never fetched.
import { decodeFragmentPointer, valueAtPointer } from "../../core/json-pointer.js";
import type { JsonSchemaDialect } from "../../core/json-schema-dialect.js";
import type { TextMatcher } from "../strings.js";
import type { Check } from "./check.js";

export type Dialect = JsonSchemaDialect;

export type RefTarget =
  | { readonly kind: "local"; readonly node: unknown }
  | { readonly kind: "external" }
  | { readonly kind: "unresolved" };

/** Keywords whose values are data, not schemas: never scanned for anchors. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);
/** Compiles a `pattern` (an ECMA-262 `u`-mode regex) to a matcher; throws on an invalid one. */
export type PatternEngine = (source: string) => TextMatcher;

export interface CompileSettings {
  /** What a `$ref` to another document does: reject every value (default) or accept it. */
  readonly externalRefs: "reject" | "accept";
  /** The engine of `pattern`/`patternProperties`; undefined: a schema using them cannot be compiled. */
  readonly patterns: PatternEngine | undefined;
}

/** The matcher of a pattern, or undefined when the pattern is not a valid `u` regex (ajv rejects the schema). */
export function compilePattern(settings: CompileSettings, source: string): TextMatcher | undefined {
  if (settings.patterns === undefined) {
    throw new Error(`jsonSchemaValidator: the schema uses the pattern ${JSON.stringify(source)}: pass { patterns: pattern } (pattern from @mcp-gen/runtime/patterns, linear-time)`);
  }
  try {
    return settings.patterns(source);
  } catch {
    return undefined;
  }
}

export class SchemaResource {
  /** Compiled checks by schema node; a node being compiled holds its forwarding check. */
  readonly compiled = new Map<object, Check>();
  private anchors: Map<string, unknown> | undefined;
  private readonly baseId: string | undefined;

  constructor(
    readonly root: unknown,
    readonly dialect: Dialect,
    readonly settings: CompileSettings,
  ) {
    const id = typeof root === "object" && root !== null ? (root as Record<string, unknown>)["$id"] : undefined;
    this.baseId = typeof id === "string" && !id.startsWith("#") ? id.replace(/#$/, "") : undefined;
  }

  resolve(ref: string): RefTarget {
    const hash = ref.indexOf("#");
    const base = hash < 0 ? ref : ref.slice(0, hash);
    if (base !== "" && base !== this.baseId) return { kind: "external" };
    const fragment = hash < 0 ? "" : ref.slice(hash + 1);
    if (fragment === "") return { kind: "local", node: this.root };
    if (fragment.startsWith("/")) {
      const tokens = decodeFragmentPointer(fragment);
      const node = tokens === undefined ? undefined : valueAtPointer(this.root, tokens);
      return node === undefined ? { kind: "unresolved" } : { kind: "local", node };
    }
    this.anchors ??= this.indexAnchors();
    const node = this.anchors.get(decode(fragment) ?? fragment);
    return node === undefined ? { kind: "unresolved" } : { kind: "local", node };
  }

  private indexAnchors(): Map<string, unknown> {
    const anchors = new Map<string, unknown>();
    const visit = (node: unknown, depth: number): void => {
      if (Array.isArray(node)) {
        for (const item of node) visit(item, depth + 1);
        return;
      }
      if (typeof node !== "object" || node === null) return;
      const record = node as Record<string, unknown>;
      for (const key of ["$anchor", "$dynamicAnchor"]) {
        const anchor = record[key];
        if (typeof anchor === "string" && !anchors.has(anchor)) anchors.set(anchor, node);
      }
      const id = record["$id"];
      if (depth > 0 && typeof id === "string" && id.startsWith("#") && this.dialect === "draft-07" && !anchors.has(id.slice(1))) {
        anchors.set(id.slice(1), node);
      }
      for (const key of Object.keys(record)) if (!DATA_KEYWORDS.has(key)) visit(record[key], depth + 1);
    };
    visit(this.root, 0);
    return anchors;
  }
}

function decode(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}


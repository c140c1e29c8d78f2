// The top-level statements of an emitted module, for the direct build: the JavaScript is the
// module with its type syntax cut out (the cuts strip-types.ts makes, including which imports
// TypeScript drops), and the declarations are written from the same walk: every export carries
// its type in the source (mcp-gen's emitters annotate them; schemas.ts has a declarations-only
// copy from the zod emitter), so `export declare const x: T;` and
// `export declare function f(a: T): R;` are copied out of it, interfaces and type aliases as
// they are, and the imports the declarations name. An export without a type, a non-exported
// declaration the declarations would need, or syntax the walk does not know throws UNSUPPORTED.
import { statementRange } from "../statement-lines.js";
import { CodeWalker } from "./code.js";
import { Kind, UNSUPPORTED } from "./scanner.js";

interface ImportSpecifier {
  readonly first: number;
  readonly last: number;
  readonly local: string;
  readonly typeOnly: boolean;
  readonly text: string;
}

interface ImportInfo {
  readonly start: number;
  readonly end: number;
  readonly typeOnly: boolean;
  readonly defaultName: string | undefined;
  readonly namespace: string | undefined;
  readonly specifiers: ImportSpecifier[];
  readonly from: string;
}

export class ModuleWalker extends CodeWalker {
  private readonly imports: ImportInfo[] = [];
  private readonly typeNames = new Set<string>();
  private readonly localExports: string[] = [];
  /** Non-exported top-level values: the declarations must not need them. */
  private readonly locals = new Set<string>();
  /** What the declarations name. */
  private readonly refs = new Set<string>();
  private readonly declared: string[] = [];
  private moduleSyntax = false;
  private exportLeft = false;
  private untyped = false;

  /** Walks every statement; then `javaScript()` and `declarationFile()` read the result. */
  walk(): this {
    while (this.k !== Kind.Eof) this.topLevel();
    return this;
  }

  private topLevel(): void {
    const start = this.i;
    const t = this.i;
    if (this.K[t]! !== Kind.Id) throw UNSUPPORTED;
    if (this.V[t]! === "import") return this.importDeclaration();
    const exported = this.V[t]! === "export";
    if (exported) {
      this.moduleSyntax = true;
      this.i++;
    }
    const v = this.v;
    if (exported && (this.is("{") || (v === "type" && this.is("{", 1)))) return this.namedExports(start);
    if (v === "const" || v === "let" || v === "var") return this.variable(start, exported);
    if (v === "function" || (v === "async" && this.is("function", 1))) return this.functionDeclaration(start, exported);
    if (v === "interface" || (v === "type" && this.isId(1))) return this.typeDeclaration(start, exported);
    if (v === "declare") return this.ambient(start);
    throw UNSUPPORTED;
  }

  /** The `/**` comment right before the statement at token `start` (as TypeScript attaches it), or undefined. */
  private jsDoc(start: number): [number, number] | undefined {
    const from = start === 0 ? 0 : this.E[start - 1]!;
    const to = this.S[start]!;
    const c = this.comments;
    // The last comment before `to` (comments are sorted by offset).
    let lo = 0;
    let hi = c.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid * 2]! < to) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return undefined;
    const s = c[(lo - 1) * 2]!;
    const e = c[(lo - 1) * 2 + 1]!;
    if (s < from) return undefined;
    // A comment on the previous token's line is that token's, not this statement's.
    if (from > 0 && !this.text.slice(from, s).includes("\n")) return undefined;
    if (!this.text.startsWith("/**", s) || !/^\s*$/.test(this.text.slice(e, to))) return undefined;
    return [s, e];
  }

  /** Cuts a whole statement, with its JSDoc and, when it has its lines to itself, those lines. */
  private cutStatement(first: number, last: number): void {
    const text = this.text;
    const [start, end] = statementRange(text, this.jsDoc(first)?.[0] ?? this.S[first]!, this.E[last]!);
    this.cut(start, end);
  }

  /** The statement's source text from its JSDoc (if any) to token `last`, for the declarations. */
  private declarationText(first: number, last: number): string {
    return this.text.slice(this.jsDoc(first)?.[0] ?? this.S[first]!, this.E[last]!);
  }

  private doc(first: number): string {
    const doc = this.jsDoc(first);
    return doc === undefined ? "" : `${this.text.slice(doc[0], doc[1])}\n`;
  }

  /** A type read with its references collected for the declarations; returns its text. */
  private declaredType(): string {
    const start = this.s;
    this.typeRefs = this.refs;
    try {
      return this.text.slice(start, this.E[this.type()]!);
    } finally {
      this.typeRefs = undefined;
    }
  }

  private endOfStatement(): number {
    if (!this.is(";")) throw UNSUPPORTED;
    return this.i++;
  }

  private importDeclaration(): void {
    const start = this.i++;
    this.moduleSyntax = true;
    if (this.k === Kind.Str || this.is("(") || this.is(".")) throw UNSUPPORTED;
    const typeOnly = this.is("type") && (this.is("{", 1) || this.is("*", 1) || (this.isId(1) && !this.is("from", 1)));
    if (typeOnly) this.i++;
    let defaultName: string | undefined;
    let namespace: string | undefined;
    const specifiers: ImportSpecifier[] = [];
    if (this.isId() && !this.is("from")) {
      defaultName = this.V[this.id()]!;
      if (this.is(",")) this.i++;
    }
    if (this.is("*")) {
      this.i++;
      this.expect("as");
      namespace = this.V[this.id()]!;
    } else if (this.is("{")) {
      this.i++;
      while (!this.is("}")) {
        const first = this.i;
        const specifierType = this.is("type") && this.isId(1) && !this.is("as", 1);
        if (specifierType) this.i++;
        let local = this.V[this.id()]!;
        if (this.is("as")) {
          this.i++;
          local = this.V[this.id()]!;
        }
        const last = this.i - 1;
        specifiers.push({ first, last, local, typeOnly: specifierType, text: this.text.slice(this.S[first]!, this.E[last]!) });
        if (this.is(",")) this.i++;
        else if (!this.is("}")) throw UNSUPPORTED;
      }
      this.i++;
    } else if (defaultName === undefined) throw UNSUPPORTED;
    this.expect("from");
    const source = this.i++;
    if (this.K[source]! !== Kind.Str) throw UNSUPPORTED;
    const from = this.text.slice(this.S[source]!, this.E[source]!);
    const end = this.endOfStatement();
    const info = { start, end, typeOnly, defaultName, namespace, specifiers, from };
    this.imports.push(info);
    if (typeOnly) {
      for (const name of [defaultName, namespace, ...specifiers.map((s) => s.local)]) if (name !== undefined) this.typeNames.add(name);
      this.cutStatement(start, end);
    }
  }

  /** `export { … } [from "…"];` and `export type { … } [from "…"];` */
  private namedExports(start: number): void {
    const typeOnly = this.is("type");
    if (typeOnly) this.i++;
    this.i++;
    const elements: { first: number; last: number; typeOnly: boolean; local: string }[] = [];
    while (!this.is("}")) {
      const first = this.i;
      const elementType = this.is("type") && this.isId(1) && !this.is("as", 1);
      if (elementType) this.i++;
      const local = this.V[this.id()]!;
      if (this.is("as")) {
        this.i++;
        this.id();
      }
      elements.push({ first, last: this.i - 1, typeOnly: elementType, local });
      if (this.is(",")) this.i++;
      else if (!this.is("}")) throw UNSUPPORTED;
    }
    this.i++;
    let reexport = false;
    if (this.is("from")) {
      this.i++;
      if (this.k !== Kind.Str) throw UNSUPPORTED;
      this.i++;
      reexport = true;
    }
    const end = this.endOfStatement();
    this.declared.push(this.declarationText(start, end));
    if (!reexport) for (const element of elements) this.refs.add(element.local);
    if (typeOnly) return this.cutStatement(start, end);
    if (elements.length > 0 && elements.every((e) => e.typeOnly)) throw UNSUPPORTED;
    this.exportLeft = true;
    this.cutList(
      elements,
      elements.filter((e) => e.typeOnly),
    );
    for (const element of elements) {
      if (!element.typeOnly && !reexport) {
        this.used.add(element.local);
        this.localExports.push(element.local);
      }
    }
  }

  /** Cuts elements of a comma-separated list, each with the comma joining it to a neighbour. */
  private cutList<T extends { first: number; last: number }>(list: readonly T[], removed: readonly T[]): void {
    list.forEach((element, index) => {
      if (!removed.includes(element)) return;
      const next = list[index + 1];
      if (next !== undefined) return this.cut(this.S[element.first]!, this.S[next.first]!);
      const kept = list.slice(0, index).filter((e) => !removed.includes(e)).at(-1);
      this.cut(kept === undefined ? this.S[element.first]! : this.E[kept.last]!, this.E[element.last]!);
    });
  }

  private variable(start: number, exported: boolean): void {
    const keyword = this.V[this.id()]!;
    const name = this.id();
    let type: string | undefined;
    if (this.is(":")) {
      this.i++;
      type = exported ? this.declaredType() : this.text.slice(this.s, this.E[this.type()]!);
      this.cut(this.E[name]!, this.E[this.i - 1]!);
    }
    if (this.is("=")) {
      this.i++;
      this.expression(new Set([",", ";"]));
    }
    this.endOfStatement();
    if (!exported) {
      this.locals.add(this.V[name]!);
      return;
    }
    this.exportLeft = true;
    // Only a checker infers it; a module with a declarations-only copy is not asked for its own.
    if (type === undefined) this.untyped = true;
    else this.declared.push(`${this.doc(start)}export declare ${keyword} ${this.V[name]!}: ${type};`);
  }

  private functionDeclaration(start: number, exported: boolean): void {
    if (this.is("async")) this.i++;
    this.expect("function");
    if (this.is("*")) throw UNSUPPORTED;
    const name = this.id();
    if (!exported) this.locals.add(this.V[name]!);
    else this.exportLeft = true;
    this.typeRefs = exported ? this.refs : undefined;
    const typeParameters = this.is("<") ? this.cutTypeParameters() : "";
    const parameters: string[] = [];
    this.parameters((p) => {
      if (!exported) return;
      if (p.type === undefined || p.defaults) throw UNSUPPORTED;
      parameters.push(`${p.rest ? "..." : ""}${p.name}${p.optional ? "?" : ""}: ${p.type}`);
    });
    this.typeRefs = undefined;
    let returns: string | undefined;
    if (this.is(":")) {
      const colon = this.i;
      this.i++;
      returns = exported ? this.declaredType() : this.text.slice(this.s, this.E[this.type()]!);
      this.cut(this.S[colon]!, this.E[this.i - 1]!);
    }
    if (!this.is("{")) throw UNSUPPORTED;
    this.block();
    if (!exported) return;
    if (returns === undefined) throw UNSUPPORTED;
    this.declared.push(`${this.doc(start)}export declare function ${this.V[name]!}${typeParameters}(${parameters.join(", ")}): ${returns};`);
  }

  private typeDeclaration(start: number, exported: boolean): void {
    if (!exported) throw UNSUPPORTED;
    const interfaceKeyword = this.is("interface");
    this.i++;
    const name = this.V[this.id()]!;
    this.typeNames.add(name);
    this.typeRefs = this.refs;
    try {
      if (this.is("<")) this.typeParameters();
      if (interfaceKeyword) {
        if (this.is("extends")) {
          do {
            this.i++;
            this.type();
          } while (this.is(","));
        }
        this.members();
      } else {
        this.expect("=");
        this.type();
        this.endOfStatement();
      }
    } finally {
      this.typeRefs = undefined;
    }
    const end = this.i - 1;
    this.declared.push(this.declarationText(start, end));
    this.cutStatement(start, end);
  }

  /** `[export] declare const x: T;` or `declare function f(…): R;`: cut from the JavaScript, kept as is in the declarations. */
  private ambient(start: number): void {
    this.i++;
    this.typeRefs = this.refs;
    try {
      if (this.is("const") || this.is("let") || this.is("var")) {
        this.i++;
        this.id();
        this.expect(":");
        this.type();
      } else if (this.is("function")) {
        this.i++;
        this.id();
        if (this.is("<")) this.typeParameters();
        this.signatureParameters();
        this.expect(":");
        this.type();
      } else throw UNSUPPORTED;
    } finally {
      this.typeRefs = undefined;
    }
    const end = this.endOfStatement();
    this.declared.push(this.declarationText(start, end));
    this.cutStatement(start, end);
  }

  /** The module with its type syntax cut out, and the imports only types use dropped. */
  javaScript(): string {
    let moduleLeft = this.exportLeft;
    for (const declaration of this.imports) if (!declaration.typeOnly) moduleLeft = this.elide(declaration) || moduleLeft;
    for (const local of this.localExports) if (this.typeNames.has(local) && !this.used.has(local)) throw UNSUPPORTED;
    let text = this.applyCuts();
    // TypeScript keeps a module a module when nothing of its imports and exports is left.
    if (this.moduleSyntax && !moduleLeft) text += `${text === "" || text.endsWith("\n") ? "" : "\n"}export {};\n`;
    return text;
  }

  /** As strip-types.ts `elide`: drops what an import binds only for types; true when a value binding is left. */
  private elide(node: ImportInfo): boolean {
    const keepDefault = node.defaultName !== undefined && this.used.has(node.defaultName);
    let keptNamed = 0;
    if (node.namespace !== undefined) {
      keptNamed = this.used.has(node.namespace) ? 1 : 0;
      if (keptNamed === 0 && keepDefault) throw UNSUPPORTED;
    } else if (node.specifiers.length > 0) {
      const kept = node.specifiers.filter((s) => !s.typeOnly && this.used.has(s.local));
      keptNamed = kept.length;
      if (kept.length > 0) this.cutList(node.specifiers, node.specifiers.filter((s) => !kept.includes(s)));
      if (kept.length === 0 && keepDefault) throw UNSUPPORTED;
    }
    if (!keepDefault && keptNamed === 0) {
      this.cutStatement(node.start, node.end);
      return false;
    }
    if (!keepDefault && node.defaultName !== undefined) throw UNSUPPORTED;
    return true;
  }

  private applyCuts(): string {
    const pairs: [number, number][] = [];
    for (let k = 0; k < this.cuts.length; k += 2) pairs.push([this.cuts[k]!, this.cuts[k + 1]!]);
    pairs.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    const parts: string[] = [];
    let at = 0;
    for (const [start, end] of pairs) {
      if (end <= at) continue;
      if (start > at) parts.push(this.text.slice(at, start));
      at = Math.max(at, end);
    }
    parts.push(this.text.slice(at));
    return parts.join("");
  }

  /**
   * The `.d.ts`: the module's header comment, the imports (only the names the declarations use,
   * in the form they were written), then each exported declaration.
   */
  declarationFile(): string {
    if (this.untyped) throw UNSUPPORTED;
    for (const name of this.refs) if (this.locals.has(name)) throw UNSUPPORTED;
    const lines: string[] = [];
    const header = this.header();
    for (const info of this.imports) {
      if ((info.defaultName !== undefined && this.refs.has(info.defaultName)) || (info.namespace !== undefined && this.refs.has(info.namespace))) throw UNSUPPORTED;
      const kept = info.specifiers.filter((s) => this.refs.has(s.local));
      if (kept.length > 0) lines.push(`import ${info.typeOnly ? "type " : ""}{ ${kept.map((s) => s.text).join(", ")} } from ${info.from};`);
    }
    lines.push(...this.declared);
    if (lines.length === 0 && this.moduleSyntax) lines.push("export {};");
    return `${header}${lines.join("\n")}\n`;
  }

  /** The `//` comment lines the module starts with (its provenance header). */
  private header(): string {
    const first = 0;
    const c = this.comments;
    let end = 0;
    for (let k = 0; k < c.length && c[k]! < this.S[first]!; k += 2) {
      if (!this.text.startsWith("//", c[k]!) || !/^\s*$/.test(this.text.slice(end, c[k]!))) break;
      end = c[k + 1]!;
    }
    return end === 0 ? "" : `${this.text.slice(0, end)}\n`;
  }
}

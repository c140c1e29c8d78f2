// A cursor over the tokens of a module and the grammar of TypeScript types, for the direct
// build: it finds where a type ends (to cut it out of the JavaScript or copy it into the
// declarations) and which names the type refers to (what keeps an import in the `.d.ts`).
// Type syntax the emitters do not write (`infer`, `asserts`, `x is T`, construct signatures,
// accessors, computed keys, variance modifiers) throws UNSUPPORTED.
import { Kind, type Scanned, UNSUPPORTED } from "./scanner.js";

export class Cursor {
  readonly K: Uint8Array;
  readonly S: Int32Array;
  readonly E: Int32Array;
  readonly V: string[];
  private readonly last: number;
  readonly match: Int32Array;
  readonly comments: number[];
  i = 0;
  /** Names a type refers to (type references and `typeof` operands), when collecting. */
  typeRefs: Set<string> | undefined;

  constructor(
    readonly text: string,
    scanned: Scanned,
  ) {
    this.K = scanned.K;
    this.S = scanned.S;
    this.E = scanned.E;
    this.V = scanned.V;
    this.last = scanned.count - 1;
    this.match = scanned.match;
    this.comments = scanned.comments;
  }

  /** The current token's kind, text, start and end. */
  get k(): number {
    return this.K[this.i]!;
  }

  get v(): string {
    return this.V[this.i]!;
  }

  get s(): number {
    return this.S[this.i]!;
  }

  get e(): number {
    return this.E[this.i]!;
  }

  /** Index of the token at `offset` from the current one (the Eof token past the end). */
  at(offset: number): number {
    return Math.min(this.i + offset, this.last);
  }

  /** Whether the token at `offset` is the identifier or punctuator `v` (strings have V = ""). */
  is(v: string, offset = 0): boolean {
    return this.V[offset === 0 ? this.i : this.at(offset)] === v;
  }

  isId(offset = 0): boolean {
    return this.K[offset === 0 ? this.i : this.at(offset)] === Kind.Id;
  }

  /** Consumes `v`; returns its index. */
  expect(v: string): number {
    if (this.V[this.i] !== v) throw UNSUPPORTED;
    return this.i++;
  }

  /** Consumes an identifier; returns its index. */
  id(): number {
    if (this.K[this.i] !== Kind.Id) throw UNSUPPORTED;
    return this.i++;
  }

  /** The index of the token after the bracket at `index` closes. */
  afterClose(index: number): number {
    const close = this.match[index]!;
    if (close < 0) throw UNSUPPORTED;
    return close + 1;
  }

  /** Reads a type from the current token; returns the index of its last token. */
  type(): number {
    if (this.is("<") || (this.is("(") && this.V[this.afterClose(this.i)] === "=>")) return this.functionType();
    if (this.is("new") || this.is("abstract")) throw UNSUPPORTED;
    this.union();
    // A conditional type: `A extends B ? C : D`.
    if (this.is("extends")) {
      this.i++;
      this.union();
      this.expect("?");
      this.type();
      this.expect(":");
      return this.type();
    }
    return this.i - 1;
  }

  private union(): void {
    if (this.is("|")) this.i++;
    this.intersection();
    while (this.is("|")) {
      this.i++;
      this.intersection();
    }
  }

  private intersection(): void {
    if (this.is("&")) this.i++;
    this.operator();
    while (this.is("&")) {
      this.i++;
      this.operator();
    }
  }

  private operator(): void {
    if ((this.is("keyof") || this.is("readonly") || this.is("unique")) && this.startsType(1)) {
      this.i++;
      return this.operator();
    }
    if (this.is("infer") || this.is("asserts")) throw UNSUPPORTED;
    // A function type inside a union or an intersection: `A | ((x: T) => R)` is parenthesized by the emitters.
    if (this.is("<")) throw UNSUPPORTED;
    this.primary();
    while (this.is("[")) {
      this.i++;
      if (!this.is("]")) this.type();
      this.expect("]");
    }
  }

  /** Whether the token at offset can begin a type (so `keyof` is an operator, not a name). */
  private startsType(offset: number): boolean {
    const t = this.at(offset);
    const k = this.K[t];
    if (k === Kind.Id || k === Kind.Str || k === Kind.Num || k === Kind.Tpl || k === Kind.TplHead) return true;
    return k === Kind.Punct && ["(", "[", "{", "-"].includes(this.V[t]!);
  }

  private primary(): void {
    const v = this.v;
    switch (this.k) {
      case Kind.Str:
      case Kind.Num:
      case Kind.Tpl:
        this.i++;
        return;
      case Kind.TplHead:
        this.i++;
        for (;;) {
          this.type();
          const part = this.K[this.i];
          if (part === Kind.TplTail) break;
          if (part !== Kind.TplMid) throw UNSUPPORTED;
          this.i++;
        }
        this.i++;
        return;
      case Kind.Id:
        return this.reference();
      case Kind.Punct:
        break;
      default:
        throw UNSUPPORTED;
    }
    if (v === "-" && this.K[this.at(1)] === Kind.Num) {
      this.i += 2;
      return;
    }
    if (v === "(") {
      this.i++;
      this.type();
      this.expect(")");
      return;
    }
    if (v === "[") return this.tuple();
    if (v === "{") return this.isMapped() ? this.mapped() : this.members();
    throw UNSUPPORTED;
  }

  private reference(): void {
    const t = this.V[this.id()]!;
    if (t === "typeof") {
      if (this.is("import")) this.importType();
      else {
        this.typeRefs?.add(this.V[this.id()]!);
        this.qualified();
      }
    } else if (t === "import" && this.is("(")) {
      this.i--;
      this.importType();
    } else {
      if (this.is("is")) throw UNSUPPORTED;
      this.typeRefs?.add(t);
      this.qualified();
    }
    if (this.is("<")) this.typeArguments();
  }

  private qualified(): void {
    while (this.is(".")) {
      this.i++;
      this.id();
    }
  }

  private importType(): void {
    this.expect("import");
    this.expect("(");
    if (this.k !== Kind.Str) throw UNSUPPORTED;
    this.i++;
    this.expect(")");
    this.qualified();
  }

  /** `<A, B>` after a name; returns the index of the closing `>`. */
  typeArguments(): number {
    this.expect("<");
    for (;;) {
      this.type();
      if (this.is(",")) this.i++;
      else break;
    }
    this.expect(">");
    return this.i - 1;
  }

  /** `<T extends C = D, …>` of a declaration; returns the index of the closing `>`. */
  typeParameters(): number {
    this.expect("<");
    for (;;) {
      if (this.is("const") || this.is("in") || this.is("out")) throw UNSUPPORTED;
      this.id();
      if (this.is("extends")) {
        this.i++;
        this.type();
      }
      if (this.is("=")) {
        this.i++;
        this.type();
      }
      if (this.is(",")) this.i++;
      else break;
    }
    this.expect(">");
    return this.i - 1;
  }

  private functionType(): number {
    if (this.is("<")) this.typeParameters();
    this.signatureParameters();
    this.expect("=>");
    return this.type();
  }

  /** `(a: T, b?: U, ...c: V[])` of a signature (no initializers). */
  signatureParameters(): void {
    this.expect("(");
    while (!this.is(")")) {
      if (this.is("...")) this.i++;
      if (this.is("{") || this.is("[")) this.i = this.match[this.i]! + 1;
      else this.id();
      if (this.is("?")) this.i++;
      if (this.is(":")) {
        this.i++;
        this.type();
      }
      if (this.is(",")) this.i++;
      else if (!this.is(")")) throw UNSUPPORTED;
    }
    this.i++;
  }

  private tuple(): void {
    this.expect("[");
    while (!this.is("]")) {
      if (this.is("...")) this.i++;
      // A named member: `name: T` or `name?: T`.
      if (this.isId() && (this.is(":", 1) || (this.is("?", 1) && this.is(":", 2)))) this.i += this.is(":", 1) ? 2 : 3;
      this.type();
      if (this.is("?")) this.i++;
      if (this.is(",")) this.i++;
      else if (!this.is("]")) throw UNSUPPORTED;
    }
    this.i++;
  }

  private isMapped(): boolean {
    let at = 1;
    if (this.is("+", at) || this.is("-", at)) at++;
    if (this.is("readonly", at)) at++;
    return this.is("[", at) && this.isId(at + 1) && this.is("in", at + 2);
  }

  private mapped(): void {
    this.expect("{");
    if (this.is("+") || this.is("-")) this.i++;
    if (this.is("readonly")) this.i++;
    this.expect("[");
    this.id();
    this.expect("in");
    this.type();
    if (this.is("as")) {
      this.i++;
      this.type();
    }
    this.expect("]");
    if (this.is("+") || this.is("-")) this.i++;
    if (this.is("?")) this.i++;
    this.expect(":");
    this.type();
    if (this.is(";") || this.is(",")) this.i++;
    this.expect("}");
  }

  /** `{ … }` of a type literal or an interface. */
  members(): void {
    this.expect("{");
    while (!this.is("}")) {
      if (this.is("[")) {
        // An index signature `[key: K]: V`; a computed key is not written by the emitters.
        this.i++;
        this.id();
        this.expect(":");
        this.type();
        this.expect("]");
      } else if (this.is("(") || this.is("<")) {
        this.signature();
        continue;
      } else {
        if (this.is("readonly") && !this.is(":", 1) && !this.is("?", 1) && !this.is("(", 1)) this.i++;
        if ((this.is("get") || this.is("set") || this.is("new")) && !this.is(":", 1) && !this.is("?", 1) && !this.is("(", 1)) throw UNSUPPORTED;
        const key = this.k;
        if (key !== Kind.Id && key !== Kind.Str && key !== Kind.Num) throw UNSUPPORTED;
        this.i++;
        if (this.is("?")) this.i++;
        if (this.is("(") || this.is("<")) {
          this.signature();
          continue;
        }
      }
      if (this.is(":")) {
        this.i++;
        this.type();
      }
      this.separator();
    }
    this.i++;
  }

  /** A call or method signature `<T>(…): R`, with its separator. */
  private signature(): void {
    if (this.is("<")) this.typeParameters();
    this.signatureParameters();
    if (this.is(":")) {
      this.i++;
      this.type();
    }
    this.separator();
  }

  private separator(): void {
    if (this.is(";") || this.is(",")) this.i++;
    else if (!this.is("}")) throw UNSUPPORTED;
  }
}

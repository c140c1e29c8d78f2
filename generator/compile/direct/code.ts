// Expressions and statements of an emitted module, for the direct build: walks the code to cut
// its type syntax out (annotations, type parameters and arguments, `as`/`satisfies`/`!`) and to
// record which identifiers are read as values (what keeps an import in the JavaScript). The
// cuts are those strip-types.ts makes on TypeScript's syntax tree, so the JavaScript is the same
// bytes (test/generate/direct-build.test.ts). Statements the emitters do not write (loops,
// switch, classes, labels, enums, namespaces, a statement without its semicolon) throw UNSUPPORTED.
import { Kind, UNSUPPORTED } from "./scanner.js";
import { Cursor } from "./types.js";

const COMMA = new Set([","]);
const STATEMENT_END = new Set([";"]);
const DECLARATOR_END = new Set([",", ";"]);
// Words that start a statement: met inside an expression they mean a missing semicolon.
const STATEMENT_WORDS = new Set(["export", "const", "let", "var", "interface", "class", "enum", "return", "if", "for", "while", "do", "switch", "try", "throw", "namespace", "declare", "abstract"]);
// Words after which no expression has ended (so `<` is not a call's type arguments, `!` not non-null).
const OPERATOR_WORDS = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await", "async"]);

export class CodeWalker extends Cursor {
  /** [start, end) offset pairs cut out of the JavaScript. */
  readonly cuts: number[] = [];
  /** Identifiers read as values. */
  readonly used = new Set<string>();

  cut(start: number, end: number): void {
    if (end > start) this.cuts.push(start, end);
  }

  /** Whether the previous token ends an expression. */
  protected afterExpression(): boolean {
    if (this.i === 0) return false;
    const t = this.i - 1;
    if (this.K[t]! === Kind.Id) return !OPERATOR_WORDS.has(this.V[t]!);
    if (this.K[t]! === Kind.Punct) return this.V[t]! === ")" || this.V[t]! === "]" || this.V[t]! === "}";
    return this.K[t]! !== Kind.TplHead && this.K[t]! !== Kind.TplMid;
  }

  /** An expression, up to one of `stops` or a closing bracket at its own level. */
  expression(stops: ReadonlySet<string>): void {
    let ternary = 0;
    for (;;) {
      const t = this.i;
      if (this.K[t]! === Kind.Eof || this.K[t]! === Kind.TplMid || this.K[t]! === Kind.TplTail) return;
      if (this.K[t]! === Kind.Id) {
        this.identifier();
        continue;
      }
      if (this.K[t]! === Kind.TplHead) {
        this.template();
        continue;
      }
      if (this.K[t]! !== Kind.Punct) {
        this.i++;
        continue;
      }
      const v = this.V[t]!;
      if (v === ")" || v === "]" || v === "}") return;
      if (v === ":" && ternary > 0) {
        ternary--;
        this.i++;
        continue;
      }
      if (stops.has(v)) return;
      if (v === ":") throw UNSUPPORTED;
      if (v === "?") {
        ternary++;
        this.i++;
      } else if (v === "(") this.paren(ternary > 0);
      else if (v === "[") this.list("]");
      else if (v === "{") {
        if (this.V[this.i - 1]! === "=>") this.block();
        else this.object();
      } else if (v === "!" && this.afterExpression()) {
        // `x!` as the emitters write it; a `!` apart from what precedes it (`if (a) !b`) is left
        // to TypeScript's parse.
        if (this.S[t] !== this.E[t - 1]) throw UNSUPPORTED;
        this.cut(this.S[t]!, this.E[t]!);
        this.i++;
      } else if (v === "<") {
        // Where no expression has ended: a generic arrow function or a `<T>x` assertion, which
        // the emitters do not write.
        if (!this.afterExpression()) throw UNSUPPORTED;
        if (this.K[this.i - 1] === Kind.Id && this.callTypeArguments()) continue;
        // A comparison (callTypeArguments moved past the `<` when it found none).
        if (this.i === t) this.i++;
      } else if (v === "." || v === "?.") {
        this.i++;
        if (this.isId()) this.i++;
      } else this.i++;
    }
  }

  private identifier(): void {
    const t = this.i;
    const v = this.V[t]!;
    if ((v === "as" || v === "satisfies") && this.afterExpression()) {
      const from = this.E[this.i - 1]!;
      this.i++;
      let last: number;
      if (v === "as" && this.is("const")) last = this.i++;
      else last = this.type();
      this.cut(from, this.E[last]!);
      return;
    }
    if (v === "function") return this.functionLike();
    if (v === "import" && !this.is("(", 1) && !this.is(".", 1)) throw UNSUPPORTED;
    if (STATEMENT_WORDS.has(v) && !this.is(":", 1)) throw UNSUPPORTED;
    if (v === "type" && this.isId(1)) throw UNSUPPORTED;
    // A single-parameter arrow function binds its parameter.
    if (this.is("=>", 1)) {
      this.i += 2;
      if (this.is("{")) this.block();
      return;
    }
    if (!OPERATOR_WORDS.has(v)) this.used.add(v);
    this.i++;
  }

  private template(): void {
    this.i++;
    for (;;) {
      this.expression(COMMA);
      const part = this.i;
      this.i++;
      if (this.K[part]! === Kind.TplTail) return;
      if (this.K[part]! !== Kind.TplMid) throw UNSUPPORTED;
    }
  }

  /** `f<T>(…)`: cuts the type arguments when they are followed by a call; false for `a < b`. */
  private callTypeArguments(): boolean {
    const start = this.i;
    try {
      const close = this.typeArguments();
      const next = this.i;
      if (this.V[next]! === "(" || this.K[next]! === Kind.Tpl || this.K[next]! === Kind.TplHead) {
        this.cut(this.S[start]!, this.E[close]!);
        return true;
      }
    } catch (error) {
      if (error !== UNSUPPORTED) throw error;
    }
    this.i = start;
    this.i++;
    return false;
  }

  /** `( … )`: an arrow function's parameters (with or without a return type) or a parenthesized list. */
  private paren(inTernary: boolean): void {
    const after = this.afterClose(this.i);
    if (this.V[after]! === "=>") {
      this.parameters();
      this.i++;
      if (this.is("{")) this.block();
      return;
    }
    if (this.V[after]! === ":" && !inTernary) {
      this.parameters();
      this.returnType();
      this.expect("=>");
      if (this.is("{")) this.block();
      return;
    }
    this.list(")");
  }

  /** A bracketed, comma-separated list of expressions: arguments, array elements, a computed key. */
  list(close: string): void {
    this.i++;
    while (!this.is(close)) {
      this.expression(COMMA);
      if (this.is(",")) this.i++;
      else if (!this.is(close)) throw UNSUPPORTED;
    }
    this.i++;
  }

  /** `: R` after a parameter list, cut from the colon. Returns the index of its last token. */
  protected returnType(): number {
    const colon = this.expect(":");
    const last = this.type();
    this.cut(this.S[colon]!, this.E[last]!);
    return last;
  }

  /** A parameter list with its annotations cut; `each` sees each parameter (for declarations). */
  protected parameters(each?: (parameter: { rest: boolean; name: string; optional: boolean; type: string | undefined; pattern: boolean; defaults: boolean }) => void): void {
    this.expect("(");
    while (!this.is(")")) {
      const rest = this.is("...");
      if (rest) this.i++;
      const nameStart = this.s;
      const pattern = this.is("{") || this.is("[");
      let defaults = false;
      if (pattern) defaults = this.pattern();
      else if (this.is("this") || this.isModifier()) throw UNSUPPORTED;
      else this.id();
      const nameEnd = this.E[this.i - 1]!;
      let optional = false;
      let type: string | undefined;
      let end = nameEnd;
      if (this.is("?")) {
        optional = true;
        end = this.e;
        this.i++;
      }
      if (this.is(":")) {
        const start = ++this.i;
        const last = this.type();
        end = this.E[last]!;
        type = this.text.slice(this.S[start]!, end);
      }
      this.cut(nameEnd, end);
      if (this.is("=")) {
        this.i++;
        optional = true;
        this.expression(COMMA);
      }
      each?.({ rest, name: this.text.slice(nameStart, nameEnd), optional, type, pattern, defaults });
      if (this.is(",")) this.i++;
      else if (!this.is(")")) throw UNSUPPORTED;
    }
    this.i++;
  }

  private isModifier(): boolean {
    return ["public", "private", "protected", "readonly", "override"].includes(this.v) && this.isId(1);
  }

  /** A destructuring pattern: its names are bindings, its default values reads. True if it has defaults. */
  protected pattern(): boolean {
    const close = this.v === "{" ? "}" : "]";
    const object = close === "}";
    let defaults = false;
    this.i++;
    while (!this.is(close)) {
      if (this.is(",")) {
        this.i++;
        continue;
      }
      if (this.is("...")) this.i++;
      if (this.is("{") || this.is("[")) defaults = this.pattern() || defaults;
      else {
        const key = this.i;
        if (this.K[key]! !== Kind.Id && this.K[key]! !== Kind.Str && this.K[key]! !== Kind.Num) throw UNSUPPORTED;
        this.i++;
        if (object && this.is(":")) {
          this.i++;
          if (this.is("{") || this.is("[")) defaults = this.pattern() || defaults;
          else this.id();
        }
      }
      if (this.is("=")) {
        this.i++;
        defaults = true;
        this.expression(COMMA);
      }
      if (this.is(",")) this.i++;
      else if (!this.is(close)) throw UNSUPPORTED;
    }
    this.i++;
    return defaults;
  }

  /** An object literal: keys are not reads, shorthand properties are. */
  private object(): void {
    this.i++;
    while (!this.is("}")) {
      if (this.is("...")) {
        this.i++;
        this.expression(COMMA);
      } else {
        if ((this.is("get") || this.is("set")) && !this.is(":", 1) && !this.is("(", 1) && !this.is(",", 1) && !this.is("}", 1)) throw UNSUPPORTED;
        if (this.is("async") && !this.is(":", 1) && !this.is("(", 1) && !this.is(",", 1) && !this.is("}", 1)) this.i++;
        if (this.is("*")) throw UNSUPPORTED;
        const key = this.i;
        if (this.is("[")) this.list("]");
        else if (this.K[key]! === Kind.Id || this.K[key]! === Kind.Str || this.K[key]! === Kind.Num) this.i++;
        else throw UNSUPPORTED;
        if (this.is(":")) {
          this.i++;
          this.expression(COMMA);
        } else if (this.is("(") || this.is("<")) this.functionRest();
        else if ((this.is(",") || this.is("}")) && this.K[key]! === Kind.Id) this.used.add(this.V[key]!);
        else throw UNSUPPORTED;
      }
      if (this.is(",")) this.i++;
      else if (!this.is("}")) throw UNSUPPORTED;
    }
    this.i++;
  }

  /** `function [name]<T>(…): R { … }` as an expression or a nested declaration. */
  private functionLike(): void {
    this.expect("function");
    if (this.is("*")) throw UNSUPPORTED;
    if (this.isId()) this.i++;
    this.functionRest();
  }

  /** Type parameters, parameters, return type and body of a function or method. */
  private functionRest(): void {
    if (this.is("<")) this.cutTypeParameters();
    this.parameters();
    if (this.is(":")) this.returnType();
    if (!this.is("{")) throw UNSUPPORTED;
    this.block();
  }

  /** Cuts `<T, …>`; returns its text. */
  protected cutTypeParameters(): string {
    const start = this.s;
    const last = this.typeParameters();
    const end = this.E[last]!;
    this.cut(start, end);
    return this.text.slice(start, end);
  }

  block(): void {
    this.expect("{");
    while (!this.is("}")) this.statement();
    this.i++;
  }

  private statement(): void {
    const t = this.i;
    if (this.K[t]! === Kind.Eof) throw UNSUPPORTED;
    if (this.K[t]! === Kind.Punct && this.V[t]! === ";") {
      this.i++;
      return;
    }
    if (this.K[t]! === Kind.Punct && this.V[t]! === "{") return this.block();
    if (this.K[t]! === Kind.Id) {
      switch (this.V[t]!) {
        case "const":
        case "let":
        case "var":
          if (this.isId(1) || this.is("{", 1) || this.is("[", 1)) return this.declarations();
          break;
        case "function":
          return this.functionLike();
        case "async":
          if (this.is("function", 1)) {
            this.i++;
            return this.functionLike();
          }
          break;
        case "return":
        case "throw":
          this.i++;
          if (!this.is(";") && !this.is("}")) this.expression(STATEMENT_END);
          return this.semicolon();
        case "if":
          this.i++;
          if (!this.is("(")) throw UNSUPPORTED;
          this.list(")");
          this.statement();
          if (this.is("else")) {
            this.i++;
            this.statement();
          }
          return;
        case "try":
          return this.tryStatement();
        case "break":
        case "continue":
          this.i++;
          return this.semicolon();
        default:
          if (STATEMENT_WORDS.has(this.V[t]!) || ["for", "while", "do", "switch", "class", "enum", "import", "export"].includes(this.V[t]!)) throw UNSUPPORTED;
      }
    }
    this.expression(STATEMENT_END);
    this.semicolon();
  }

  private semicolon(): void {
    if (this.is(";")) this.i++;
    else if (!this.is("}")) throw UNSUPPORTED;
  }

  private tryStatement(): void {
    this.expect("try");
    this.block();
    if (this.is("catch")) {
      this.i++;
      if (this.is("(")) {
        this.i++;
        if (this.is("{") || this.is("[")) this.pattern();
        else this.id();
        const nameEnd = this.E[this.i - 1]!;
        if (this.is(":")) {
          this.i++;
          this.cut(nameEnd, this.E[this.type()]!);
        }
        this.expect(")");
      }
      this.block();
    }
    if (this.is("finally")) {
      this.i++;
      this.block();
    }
  }

  /** `const a: T = …, b = …;` inside a function. */
  private declarations(): void {
    this.i++;
    for (;;) {
      if (this.is("{") || this.is("[")) this.pattern();
      else this.id();
      const nameEnd = this.E[this.i - 1]!;
      let end = nameEnd;
      if (this.is("!")) end = this.E[this.i++]!;
      if (this.is(":")) {
        this.i++;
        end = this.E[this.type()]!;
      }
      this.cut(nameEnd, end);
      if (this.is("=")) {
        this.i++;
        this.expression(DECLARATOR_END);
      }
      if (!this.is(",")) break;
      this.i++;
    }
    this.semicolon();
  }
}

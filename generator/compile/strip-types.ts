import type ts from "typescript";
import { statementRange } from "./statement-lines.js";
import { typescript } from "./typescript.js";

/**
 * DECISION (measured, bench `scale-gen`): the JavaScript of a generated module is its TypeScript
 * with the type syntax cut out, not TypeScript's emit: for a 1,000-tool package (2.4 MB) the
 * emit took ~2.2 s of CPU, cutting takes ~0.2 s on the parse the declaration emit needs anyway.
 * Only syntax that has no runtime meaning is cut (annotations, type parameters and arguments,
 * `as`/`satisfies`/`!`, interfaces, type aliases, type-only imports and exports, overloads,
 * TS-only class modifiers), and imports used only as types are dropped as TypeScript drops them.
 * Anything that would need a transform (enums, namespaces, parameter properties, decorators,
 * `<T>x` casts, …) or a type node in a place not listed here makes it return undefined, and the
 * caller uses TypeScript's emit for that module. test/generate/strip-types.test.ts compares the
 * result with TypeScript's emit, node for node, on every golden scenario, example and fixture.
 */
export function stripTypes(source: ts.SourceFile): string | undefined {
  try {
    return new Stripper(source).run();
  } catch (error) {
    if (error === UNSUPPORTED) return undefined;
    throw error;
  }
}

const UNSUPPORTED = Symbol("unsupported");

class Stripper {
  private readonly ts = typescript();
  private readonly cuts: [number, number][] = [];
  /** Identifiers read as values anywhere (what keeps an import). */
  private readonly used = new Set<string>();
  private readonly imports: ts.ImportDeclaration[] = [];
  private readonly localExports: ts.ExportSpecifier[] = [];
  private readonly typeNames = new Set<string>();

  constructor(private readonly source: ts.SourceFile) {}

  run(): string {
    const ts = this.ts;
    let moduleSyntax = false;
    for (const statement of this.source.statements) {
      if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) || ts.isExportAssignment(statement) || hasModifier(ts, statement, ts.SyntaxKind.ExportKeyword)) moduleSyntax = true;
      this.statement(statement);
    }
    let moduleLeft = false;
    for (const declaration of this.imports) moduleLeft = this.elide(declaration) || moduleLeft;
    for (const specifier of this.localExports) {
      const local = (specifier.propertyName ?? specifier.name).getText(this.source);
      if (this.typeNames.has(local) && !this.used.has(local)) throw UNSUPPORTED;
    }
    moduleLeft ||= this.source.statements.some((s) => !this.isCut(s) && !ts.isImportDeclaration(s) && (ts.isExportDeclaration(s) || ts.isExportAssignment(s) || hasModifier(ts, s, ts.SyntaxKind.ExportKeyword)));
    let text = this.apply();
    // TypeScript keeps a module a module when nothing of its imports and exports is left.
    if (moduleSyntax && !moduleLeft) text += `${text === "" || text.endsWith("\n") ? "" : "\n"}export {};\n`;
    return text;
  }

  private statement(node: ts.Statement): void {
    const ts = this.ts;
    if (hasModifier(ts, node, ts.SyntaxKind.DeclareKeyword)) return this.cutStatement(node);
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
      this.typeNames.add(node.name.text);
      return this.cutStatement(node);
    }
    if (ts.isImportDeclaration(node)) {
      if (node.importClause?.isTypeOnly) {
        this.typeNamesOf(node.importClause);
        return this.cutStatement(node);
      }
      this.imports.push(node);
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) return this.cutStatement(node);
      const clause = node.exportClause;
      if (clause === undefined) return;
      if (!ts.isNamedExports(clause)) return;
      const elements = clause.elements;
      if (elements.length > 0 && elements.every((e) => e.isTypeOnly)) throw UNSUPPORTED;
      this.cutListElements(elements, new Set(elements.filter((e) => e.isTypeOnly)));
      for (const element of elements) {
        if (!element.isTypeOnly && node.moduleSpecifier === undefined) {
          this.used.add((element.propertyName ?? element.name).getText(this.source));
          this.localExports.push(element);
        }
      }
      return;
    }
    if (ts.isFunctionDeclaration(node) && node.body === undefined) return this.cutStatement(node);
    if (ts.isModuleDeclaration(node) || ts.isEnumDeclaration(node) || ts.isImportEqualsDeclaration(node)) throw UNSUPPORTED;
    if (ts.isExportAssignment(node) && node.isExportEquals) throw UNSUPPORTED;
    this.visit(node);
  }

  private typeNamesOf(clause: ts.ImportClause): void {
    const ts = this.ts;
    if (clause.name) this.typeNames.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) this.typeNames.add(e.name.text);
    else if (bindings) this.typeNames.add(bindings.name.text);
  }

  /** Drops what an import binds only for types; true when a value binding is left. */
  private elide(node: ts.ImportDeclaration): boolean {
    const ts = this.ts;
    const clause = node.importClause;
    if (clause === undefined) return true;
    const keepDefault = clause.name !== undefined && this.used.has(clause.name.text);
    const bindings = clause.namedBindings;
    let keptNamed = 0;
    if (bindings && ts.isNamespaceImport(bindings)) {
      keptNamed = this.used.has(bindings.name.text) ? 1 : 0;
      if (keptNamed === 0 && keepDefault) throw UNSUPPORTED;
    } else if (bindings) {
      const elements = bindings.elements;
      const kept = elements.filter((e) => !e.isTypeOnly && this.used.has(e.name.text));
      keptNamed = kept.length;
      if (kept.length > 0) this.cutListElements(elements, new Set(elements.filter((e) => !kept.includes(e))));
      if (kept.length === 0 && keepDefault && elements.length > 0) throw UNSUPPORTED;
    }
    if (!keepDefault && keptNamed === 0) {
      this.cutStatement(node);
      return false;
    }
    if (!keepDefault && clause.name !== undefined) throw UNSUPPORTED;
    return true;
  }

  private visit(node: ts.Node): void {
    const ts = this.ts;
    const k = ts.SyntaxKind;
    if ((node.kind >= k.FirstTypeNode && node.kind <= k.LastTypeNode) || ts.isTypeParameterDeclaration(node) || ts.isDecorator(node)) throw UNSUPPORTED;
    if (ts.isTypeAssertionExpression(node) || isTsOnlyModifier(ts, node)) throw UNSUPPORTED;
    if (ts.isEnumDeclaration(node) || ts.isModuleDeclaration(node) || ts.isImportEqualsDeclaration(node)) throw UNSUPPORTED;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return this.cutStatement(node);
    if (ts.isIdentifier(node)) {
      this.used.add(node.text);
      return;
    }
    if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      this.cut(node.expression.end, node.end);
      return this.visit(node.expression);
    }
    if (ts.isNonNullExpression(node)) {
      this.cut(node.end - 1, node.end);
      return this.visit(node.expression);
    }
    if (ts.isExpressionWithTypeArguments(node)) {
      this.cutTypeArguments(node.typeArguments);
      return this.visit(node.expression);
    }
    if (ts.isTaggedTemplateExpression(node)) {
      this.cutTypeArguments(node.typeArguments);
      this.visit(node.tag);
      return this.visit(node.template);
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      this.cutTypeArguments(node.typeArguments);
      this.visit(node.expression);
      for (const arg of node.arguments ?? []) this.visit(arg);
      return;
    }
    if (ts.isPropertyAccessExpression(node)) return this.visit(node.expression);
    if (ts.isPropertyAssignment(node)) {
      if (ts.isComputedPropertyName(node.name)) this.visit(node.name);
      return this.visit(node.initializer);
    }
    if (ts.isVariableDeclaration(node)) {
      this.cutAnnotation(node.name, node.exclamationToken ?? node.type, node.type);
      this.binding(node.name);
      if (node.initializer) this.visit(node.initializer);
      return;
    }
    if (ts.isFunctionLike(node) && !ts.isConstructorTypeNode(node) && !ts.isFunctionTypeNode(node)) return this.functionLike(node);
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) return this.classLike(node);
    if (ts.isHeritageClause(node)) throw UNSUPPORTED;
    ts.forEachChild(node, (child) => this.visit(child));
  }

  /** Names a declaration binds are not reads; their default values are. */
  private binding(name: ts.BindingName): void {
    const ts = this.ts;
    if (ts.isIdentifier(name)) return;
    for (const element of name.elements) {
      if (ts.isOmittedExpression(element)) continue;
      if (element.propertyName && ts.isComputedPropertyName(element.propertyName)) this.visit(element.propertyName);
      this.binding(element.name);
      if (element.initializer) this.visit(element.initializer);
    }
  }

  private functionLike(node: ts.SignatureDeclaration): void {
    const ts = this.ts;
    const body = (node as { body?: ts.Node }).body;
    if (body === undefined && !ts.isArrowFunction(node)) throw UNSUPPORTED;
    for (const modifier of ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []) {
      if (isTsOnlyModifier(ts, modifier)) this.cutToken(modifier);
    }
    if ((node as { questionToken?: ts.Node }).questionToken) throw UNSUPPORTED;
    this.cutTypeParameters(node.typeParameters);
    for (const parameter of node.parameters) {
      if (ts.canHaveModifiers(parameter) && (ts.getModifiers(parameter)?.length ?? 0) > 0) throw UNSUPPORTED;
      if (ts.isIdentifier(parameter.name) && parameter.name.text === "this") throw UNSUPPORTED;
      this.cutAnnotation(parameter.name, parameter.questionToken ?? parameter.type, parameter.type);
      this.binding(parameter.name);
      if (parameter.initializer) this.visit(parameter.initializer);
    }
    if (node.type) this.cutReturnType(node);
    if (node.name && ts.isComputedPropertyName(node.name)) this.visit(node.name);
    if (body) this.visit(body);
  }

  private classLike(node: ts.ClassLikeDeclaration): void {
    const ts = this.ts;
    for (const modifier of ts.getModifiers(node) ?? []) if (modifier.kind === ts.SyntaxKind.AbstractKeyword) throw UNSUPPORTED;
    if (ts.getDecorators(node)?.length) throw UNSUPPORTED;
    this.cutTypeParameters(node.typeParameters);
    for (const clause of node.heritageClauses ?? []) {
      if (clause.token === ts.SyntaxKind.ImplementsKeyword) {
        this.cut(clause.getStart(this.source), clause.end);
        continue;
      }
      for (const type of clause.types) this.visit(type);
    }
    for (const member of node.members) {
      if (ts.getDecorators(member as ts.HasDecorators)?.length) throw UNSUPPORTED;
      const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
      if (modifiers.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword) || ts.isIndexSignatureDeclaration(member)) {
        this.cutStatement(member);
        continue;
      }
      if (modifiers.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword || m.kind === ts.SyntaxKind.AccessorKeyword)) throw UNSUPPORTED;
      if ((ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) && member.body === undefined) {
        this.cutStatement(member);
        continue;
      }
      if (ts.isPropertyDeclaration(member)) {
        for (const modifier of modifiers) if (isTsOnlyModifier(ts, modifier)) this.cutToken(modifier);
        this.cutAnnotation(member.name, member.questionToken ?? member.exclamationToken ?? member.type, member.type);
        if (ts.isComputedPropertyName(member.name)) this.visit(member.name);
        if (member.initializer) this.visit(member.initializer);
        continue;
      }
      this.visit(member);
    }
  }

  /** Cuts what follows a declared name: `?` or `!`, then `: Type` (either may be absent). */
  private cutAnnotation(name: ts.Node, first: ts.Node | undefined, type: ts.TypeNode | undefined): void {
    if (first === undefined) return;
    this.cut(name.end, (type ?? first).end);
  }

  private cutReturnType(node: ts.SignatureDeclaration): void {
    // The colon sits between the closing parenthesis and the type.
    const text = this.source.text;
    let colon = node.type!.pos;
    while (colon > 0 && text[colon - 1] !== ":") colon--;
    if (text[colon - 1] !== ":") throw UNSUPPORTED;
    this.cut(colon - 1, node.type!.end);
  }

  private cutTypeParameters(list: ts.NodeArray<ts.TypeParameterDeclaration> | undefined): void {
    if (list !== undefined) this.cutAngles(list);
  }

  private cutTypeArguments(list: ts.NodeArray<ts.TypeNode> | undefined): void {
    if (list !== undefined) this.cutAngles(list);
  }

  /** A `<…>` list: its brackets sit just outside the node array's range. */
  private cutAngles(list: ts.NodeArray<ts.Node>): void {
    const text = this.source.text;
    let open = list.pos - 1;
    while (open >= 0 && /\s/.test(text[open]!)) open--;
    let close = list.end;
    while (close < text.length && /\s/.test(text[close]!)) close++;
    if (text[open] !== "<" || text[close] !== ">") throw UNSUPPORTED;
    this.cut(open, close + 1);
  }

  private cutToken(node: ts.Node): void {
    const text = this.source.text;
    let end = node.end;
    while (end < text.length && (text[end] === " " || text[end] === "\t")) end++;
    this.cut(node.getStart(this.source), end);
  }

  /**
   * Elements of a comma-separated list, each with the comma that joins it to a neighbour: up to
   * the next element, or for the last one from the end of the last element kept before it.
   */
  private cutListElements(list: ts.NodeArray<ts.Node>, removed: ReadonlySet<ts.Node>): void {
    list.forEach((element, index) => {
      if (!removed.has(element)) return;
      const next = list[index + 1];
      if (next !== undefined) return this.cut(element.getStart(this.source), next.getStart(this.source));
      const kept = list.slice(0, index).filter((e) => !removed.has(e)).at(-1);
      this.cut(kept === undefined ? element.getStart(this.source) : kept.end, element.end);
    });
  }

  /** A whole statement, with its JSDoc and, when it has its lines to itself, those lines. */
  private cutStatement(node: ts.Node): void {
    const ts = this.ts;
    const text = this.source.text;
    let start = node.getStart(this.source);
    const doc = ts.getLeadingCommentRanges(text, node.pos)?.at(-1);
    if (doc && text.startsWith("/**", doc.pos) && /^\s*$/.test(text.slice(doc.end, start))) start = doc.pos;
    this.cut(...statementRange(text, start, node.end));
  }

  private isCut(node: ts.Node): boolean {
    const start = node.getStart(this.source);
    return this.cuts.some(([from, to]) => from <= start && node.end <= to);
  }

  private cut(start: number, end: number): void {
    if (end > start) this.cuts.push([start, end]);
  }

  private apply(): string {
    const text = this.source.text;
    const cuts = [...this.cuts].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    const parts: string[] = [];
    let at = 0;
    for (const [start, end] of cuts) {
      if (end <= at) continue;
      if (start > at) parts.push(text.slice(at, start));
      at = Math.max(at, end);
    }
    parts.push(text.slice(at));
    return parts.join("");
  }
}

function hasModifier(ts: typeof import("typescript"), node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === kind) ?? false);
}

/** Modifiers that exist only in TypeScript (cut where allowed, unsupported elsewhere). */
function isTsOnlyModifier(ts: typeof import("typescript"), node: ts.Node): boolean {
  const k = ts.SyntaxKind;
  return [k.PublicKeyword, k.PrivateKeyword, k.ProtectedKeyword, k.ReadonlyKeyword, k.OverrideKeyword].includes(node.kind);
}

// What the runtime-neutral subpaths reach: every module their entries load (value imports, the
// way the emitted JavaScript loads them; `import type` is erased), the Node built-ins those
// modules import, and the Node globals they use unguarded. Read from the TypeScript sources with
// the compiler's own parser, so it holds before anything is built.
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";

export interface BuiltinUse {
  readonly module: string;
  readonly builtin: string;
  readonly dynamic: boolean;
}

export interface Reach {
  readonly modules: string[];
  readonly builtins: BuiltinUse[];
  /** `file: name` for Buffer, process, require, … used outside a `typeof name` guard. */
  readonly globals: string[];
}

const NODE_GLOBALS = new Set(["Buffer", "process", "require", "__dirname", "__filename", "setImmediate", "global"]);

const isBuiltin = (specifier: string): boolean => specifier.startsWith("node:") || builtinModules.includes(specifier);

/** An import or re-export that the emitted JavaScript keeps (TypeScript erases type-only ones). */
function keptSpecifier(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    const clause = node.importClause;
    if (clause?.isTypeOnly) return undefined;
    const named = clause?.namedBindings;
    const onlyTypes = clause !== undefined && clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
    return onlyTypes ? undefined : node.moduleSpecifier.text;
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
    if (node.isTypeOnly) return undefined;
    const clause = node.exportClause;
    const onlyTypes = clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
    return onlyTypes ? undefined : node.moduleSpecifier.text;
  }
  return undefined;
}

/** A use of `name` as a value: not a property name, not inside a type, not a typeof operand. */
function isValueUse(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) return false;
  if (ts.isTypeOfExpression(parent)) return false;
  const declares = ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent) || ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isGetAccessor(parent) || ts.isSetAccessor(parent);
  if (declares && parent.name === node) return false;
  for (let at: ts.Node | undefined = parent; at !== undefined; at = at.parent) if (ts.isTypeNode(at)) return false;
  return true;
}

/** Inside a condition that tests `typeof name` first (`typeof process !== "undefined" && …`). */
function isGuarded(node: ts.Identifier): boolean {
  for (let at: ts.Node = node; !ts.isSourceFile(at); at = at.parent) {
    const test = ts.isIfStatement(at) ? at.expression : ts.isConditionalExpression(at) ? at.condition : ts.isBinaryExpression(at) && at.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? at.left : undefined;
    if (test !== undefined && test.getText().includes(`typeof ${node.text}`)) return true;
  }
  return false;
}

/**
 * Walks the value-import graph from `entries`. `read` returns a file's text (tests plant modules
 * through it); `relativeTo` names modules in the result.
 */
export function reachFrom(entries: readonly string[], relativeTo: string, read: (file: string) => string = (file) => readFileSync(file, "utf8")): Reach {
  const seen = new Set<string>();
  const builtins: BuiltinUse[] = [];
  const globals: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const name = path.relative(relativeTo, file);
    const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.ES2022, true);
    const take = (specifier: string, dynamic: boolean): void => {
      if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")));
      else if (isBuiltin(specifier)) builtins.push({ module: name, builtin: specifier, dynamic });
    };
    const visit = (node: ts.Node): void => {
      const kept = keptSpecifier(node);
      if (kept !== undefined) take(kept, false);
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) take(node.arguments[0].text, true);
      if (ts.isIdentifier(node) && NODE_GLOBALS.has(node.text) && isValueUse(node) && !isGuarded(node)) globals.push(`${name}: ${node.text}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { modules: [...seen].map((file) => path.relative(relativeTo, file)).sort(), builtins, globals: [...new Set(globals)].sort() };
}

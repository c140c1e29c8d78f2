import type ts from "typescript";
import { typescript } from "./typescript.js";

/**
 * What the `.d.ts` of a module can depend on, as TypeScript source: the module without its
 * non-exported constants and functions that no `typeof` and no local `export { … }` names, and
 * with the bodies of functions that declare their return type emptied. Under
 * `isolatedDeclarations` neither reaches the declaration file, and a 1,000-tool server.ts is
 * 1.2 MB of them (the tools' JSON Schemas); parsing, binding and walking them for the `.d.ts`
 * cost more than the declaration emit itself. build-package.test.ts checks the declarations
 * against the type-checking build's on every golden scenario, example and fixture.
 */
export function declarationSkeleton(source: ts.SourceFile): string {
  const ts = typescript();
  const text = source.text;
  // Over-approximated from the text (a `typeof x` in code counts too): keeping more is safe.
  const named = new Set([...text.matchAll(/typeof\s+([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!));
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) named.add((element.propertyName ?? element.name).text);
    }
    if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) named.add(statement.expression.text);
  }
  const cuts: [number, number][] = [];
  source.statements.forEach((statement, index) => {
    const exported = ts.getModifiers(statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
    // From the end of the previous statement: a removed declaration takes its JSDoc with it
    // (left behind, it would document the next one). The first keeps the file's header.
    const start = index === 0 ? statement.getStart(source) : statement.pos;
    if (!exported && ts.isVariableStatement(statement) && statement.declarationList.declarations.every((d) => ts.isIdentifier(d.name) && !named.has(d.name.text))) {
      cuts.push([start, statement.end]);
    } else if (!exported && ts.isFunctionDeclaration(statement) && statement.name !== undefined && statement.body !== undefined && !named.has(statement.name.text)) {
      cuts.push([start, statement.end]);
    } else if (ts.isFunctionDeclaration(statement) && statement.body !== undefined && statement.type !== undefined) {
      cuts.push([statement.body.getStart(source) + 1, statement.body.end - 1]);
    }
  });
  let at = 0;
  const parts: string[] = [];
  for (const [from, to] of cuts) {
    parts.push(text.slice(at, from));
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

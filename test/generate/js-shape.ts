// The syntax tree of a JavaScript module without positions, trivia or parentheses, as text: two
// modules with the same shape are the same program (the tree encodes precedence), whatever their
// layout. Cutting `x as T` out of `(x as T).y` leaves `(x).y` where TypeScript writes `x.y`.
import ts from "typescript";

export function jsShape(name: string, text: string): string {
  return shape(ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS));
}

/** Parse errors of a JavaScript module (empty when it parses). */
export function jsParseErrors(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS) as ts.SourceFile & { parseDiagnostics: ts.Diagnostic[] };
  return source.parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
}

function shape(node: ts.Node): string {
  if (ts.isParenthesizedExpression(node)) return shape(node.expression);
  const children: string[] = [];
  ts.forEachChild(node, (child) => {
    children.push(shape(child));
  });
  const text = ts.isIdentifier(node) || ts.isPrivateIdentifier(node) ? node.text : ts.isLiteralExpression(node) || ts.isTemplateLiteralToken(node) ? JSON.stringify(node.text) : "";
  return `${ts.SyntaxKind[node.kind]}${text ? `(${text})` : ""}${children.length > 0 ? `[${children.join(",")}]` : ""}`;
}

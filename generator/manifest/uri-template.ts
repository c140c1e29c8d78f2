// A strict RFC 6570 (URI Template) parser: enough to reject malformed templates with the exact
// offset of the problem and to list the variables, which the IR and completion need.

export interface UriTemplateVariable {
  readonly name: string;
  readonly explode: boolean;
  readonly prefix?: number;
}

export type UriTemplateParse =
  | { readonly ok: true; readonly variables: readonly UriTemplateVariable[] }
  | { readonly ok: false; readonly offset: number; readonly message: string };

// RFC 6570 §2.2: operators; "=", ",", "!", "@", "|" are reserved for future extensions.
const OPERATORS = new Set(["+", "#", ".", "/", ";", "?", "&"]);
const RESERVED_OPERATORS = new Set(["=", ",", "!", "@", "|"]);
// §2.3 varchar = ALPHA / DIGIT / "_" / pct-encoded; dots separate varchars.
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
// §2.1 literals exclude CTL, SP, DQUOTE, "'", "%" (except pct-encoded), "<", ">", "\", "^", "`", "{", "|", "}".
const BAD_LITERAL = /[\u0000-\u0020"'<>\\^`{|}\u007f]/;

export function parseUriTemplate(template: string): UriTemplateParse {
  const variables: UriTemplateVariable[] = [];
  let i = 0;
  while (i < template.length) {
    const ch = template[i] ?? "";
    if (ch === "}") return { ok: false, offset: i, message: "`}` without a matching `{`" };
    if (ch === "{") {
      const close = template.indexOf("}", i + 1);
      const nextOpen = template.indexOf("{", i + 1);
      if (close < 0 || (nextOpen >= 0 && nextOpen < close)) return { ok: false, offset: i, message: "`{` is never closed" };
      const parsed = parseExpression(template.slice(i + 1, close), i + 1);
      if (!parsed.ok) return parsed;
      variables.push(...parsed.variables);
      i = close + 1;
      continue;
    }
    if (ch === "%") {
      if (!/^%[0-9A-Fa-f]{2}/.test(template.slice(i, i + 3))) return { ok: false, offset: i, message: "`%` must start a percent-encoded byte like `%20`" };
      i += 3;
      continue;
    }
    if (BAD_LITERAL.test(ch)) return { ok: false, offset: i, message: `character ${JSON.stringify(ch)} is not allowed in a URI template literal` };
    i++;
  }
  return { ok: true, variables };
}

function parseExpression(body: string, start: number): UriTemplateParse {
  if (body === "") return { ok: false, offset: start - 1, message: "empty expression `{}`" };
  let offset = 0;
  const first = body[0] ?? "";
  if (RESERVED_OPERATORS.has(first)) return { ok: false, offset: start, message: `operator \`${first}\` is reserved by RFC 6570 and not usable` };
  if (OPERATORS.has(first)) offset = 1;
  const variables: UriTemplateVariable[] = [];
  for (const spec of body.slice(offset).split(",")) {
    const at = start + offset;
    const m = /^([^:*]*)(?::([0-9]+)|(\*))?$/.exec(spec);
    const name = m?.[1] ?? "";
    if (!m || !VARNAME.test(name)) {
      return { ok: false, offset: at, message: spec === "" ? "empty variable name" : `\`${spec}\` is not a valid variable (letters, digits, _ and . only, optionally :N or *)` };
    }
    const prefixText = m[2];
    if (prefixText !== undefined) {
      const prefix = Number(prefixText);
      if (prefixText.startsWith("0") || prefix < 1 || prefix > 9999) return { ok: false, offset: at + name.length, message: "a prefix modifier must be :1 to :9999" };
      variables.push({ name, explode: false, prefix });
    } else variables.push({ name, explode: m[3] === "*" });
    offset += spec.length + 1;
  }
  return { ok: true, variables };
}

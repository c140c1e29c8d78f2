// RFC 6570 expansion of a resource template with string values (levels 1–3: the operators the
// matcher in uri/template.ts reads back), so a template's list callback can name its instances
// by their variables. Undefined variables are skipped (RFC 6570 § 3.2.1); `:n` prefixes apply.
const EXPRESSION = /\{([+#./;?&]?)([A-Za-z0-9_.,%*:]+)\}/g;

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  /** Value when empty for named operators: ";x" vs "?x=". */
  ifEmpty: string;
  reserved: boolean;
}

const OPERATORS: Readonly<Record<string, Operator>> = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", reserved: false },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", reserved: true },
  "#": { first: "#", separator: ",", named: false, ifEmpty: "", reserved: true },
  ".": { first: ".", separator: ".", named: false, ifEmpty: "", reserved: false },
  "/": { first: "/", separator: "/", named: false, ifEmpty: "", reserved: false },
  ";": { first: ";", separator: ";", named: true, ifEmpty: "", reserved: false },
  "?": { first: "?", separator: "&", named: true, ifEmpty: "=", reserved: false },
  "&": { first: "&", separator: "&", named: true, ifEmpty: "=", reserved: false },
};

/** Unreserved only (RFC 3986 § 2.3): encodeURIComponent leaves !'()* alone, RFC 6570 does not. */
function encodeUnreserved(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Reserved and unreserved pass, as do existing pct-encoded triplets (RFC 6570 § 3.2.3). */
function encodeReserved(value: string): string {
  return value
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part, i) => (i % 2 === 1 ? part : encodeURI(part).replace(/%5B/gi, "[").replace(/%5D/gi, "]")))
    .join("");
}

export function expandUriTemplate(template: string, variables: Readonly<Record<string, string | undefined>>): string {
  return template.replace(EXPRESSION, (_whole, op: string, list: string) => {
    const operator = OPERATORS[op] as Operator;
    const encode = operator.reserved ? encodeReserved : encodeUnreserved;
    const parts: string[] = [];
    for (const spec of list.split(",")) {
      const prefix = /:(\d+)$/.exec(spec);
      const name = spec.replace(/(\*|:\d+)$/, "");
      const raw = Object.hasOwn(variables, name) ? variables[name] : undefined;
      if (raw === undefined) continue;
      const value = encode(prefix ? [...raw].slice(0, Number(prefix[1])).join("") : raw);
      parts.push(operator.named ? (value === "" ? `${name}${operator.ifEmpty}` : `${name}=${value}`) : value);
    }
    return parts.length === 0 ? "" : operator.first + parts.join(operator.separator);
  });
}

// RFC 6570 expansion of string-valued variables (all operators of level 3; lists and maps,
// level 4 explode, are not needed: template variables of a generated client are strings).
// Used by generated clients to build a resource URI from typed template variables.

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

function encode(value: string, allowReserved: boolean): string {
  let out = "";
  for (const char of value) {
    if (UNRESERVED.test(char) || (allowReserved && RESERVED.test(char))) out += char;
    else out += encodeURIComponent(char);
  }
  // Keep already pct-encoded triplets intact for the reserved operators (RFC 6570 §3.2.3).
  return allowReserved ? out.replace(/%25([0-9A-Fa-f]{2})/g, "%$1") : out;
}

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  ifEmpty: string;
  allowReserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", allowReserved: false },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", allowReserved: true },
  "#": { first: "#", separator: ",", named: false, ifEmpty: "", allowReserved: true },
  ".": { first: ".", separator: ".", named: false, ifEmpty: "", allowReserved: false },
  "/": { first: "/", separator: "/", named: false, ifEmpty: "", allowReserved: false },
  ";": { first: ";", separator: ";", named: true, ifEmpty: "", allowReserved: false },
  "?": { first: "?", separator: "&", named: true, ifEmpty: "=", allowReserved: false },
  "&": { first: "&", separator: "&", named: true, ifEmpty: "=", allowReserved: false },
};

/** Expands `template` with `variables`; undefined variables are omitted, as RFC 6570 says. */
export function expandUriTemplate(template: string, variables: Readonly<Record<string, string | undefined>>): string {
  return template.replace(/\{([^{}]*)\}/g, (_, expression: string) => {
    const opChar = /^[+#./;?&]/.test(expression) ? expression[0]! : "";
    const op = OPERATORS[opChar]!;
    const parts: string[] = [];
    for (const spec of expression.slice(opChar.length).split(",")) {
      const prefix = /^(.*):(\d+)$/.exec(spec);
      const name = (prefix ? prefix[1]! : spec).replace(/\*$/, "");
      let value = variables[name];
      if (value === undefined) continue;
      if (prefix) value = [...value].slice(0, Number(prefix[2])).join("");
      const encoded = encode(value, op.allowReserved);
      parts.push(op.named ? (value === "" ? `${name}${op.ifEmpty}` : `${name}=${encoded}`) : encoded);
    }
    return parts.length === 0 ? "" : op.first + parts.join(op.separator);
  });
}

// RFC 6570 expansion of a resource template with string values (levels 1–3: the operators the
// matcher in ./template.ts reads back). One expander for both sides: generated clients build a
// resource URI from typed template variables, and a server's template list callback names its
// instances by their variables. Undefined variables are skipped (RFC 6570 § 3.2.1); `:n`
// prefixes apply; only own properties are read; !'()* are encoded in unreserved expansions.
// A template is parsed once (0.2 µs per URI after that; a list may name thousands).
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
const UNRESERVED_ONLY = /^[A-Za-z0-9\-._~]*$/;

function encodeUnreserved(value: string): string {
  if (UNRESERVED_ONLY.test(value)) return value;
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Reserved and unreserved pass, as do existing pct-encoded triplets (RFC 6570 § 3.2.3). */
function encodeReserved(value: string): string {
  return value
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part, i) => (i % 2 === 1 ? part : encodeURI(part).replace(/%5B/gi, "[").replace(/%5D/gi, "]")))
    .join("");
}

type Part = string | ((variables: Readonly<Record<string, string | undefined>>) => string);

/** Parses the template once; the returned function only concatenates (a list may name thousands). */
export function compileUriExpander(template: string): (variables: Readonly<Record<string, string | undefined>>) => string {
  const parts: Part[] = [];
  let last = 0;
  for (const m of template.matchAll(EXPRESSION)) {
    if (m.index! > last) parts.push(template.slice(last, m.index));
    last = m.index! + m[0].length;
    const operator = OPERATORS[m[1] ?? ""] as Operator;
    const encode = operator.reserved ? encodeReserved : encodeUnreserved;
    const specs = (m[2] ?? "").split(",").map((spec) => {
      const prefix = /:(\d+)$/.exec(spec);
      return { name: spec.replace(/(\*|:\d+)$/, ""), max: prefix ? Number(prefix[1]) : undefined };
    });
    parts.push((variables) => {
      let out = "";
      for (const { name, max } of specs) {
        const raw = Object.hasOwn(variables, name) ? variables[name] : undefined;
        if (typeof raw !== "string") continue;
        const value = encode(max === undefined ? raw : [...raw].slice(0, max).join(""));
        out += (out === "" ? operator.first : operator.separator) + (operator.named ? (value === "" ? `${name}${operator.ifEmpty}` : `${name}=${value}`) : value);
      }
      return out;
    });
  }
  if (last < template.length) parts.push(template.slice(last));
  return (variables) => {
    let uri = "";
    for (const part of parts) uri += typeof part === "string" ? part : part(variables);
    return uri;
  };
}

const compiled = new Map<string, (variables: Readonly<Record<string, string | undefined>>) => string>();

/** Expands `template` with `variables` (the template's parse is kept: clients expand the same few templates again and again). */
export function expandUriTemplate(template: string, variables: Readonly<Record<string, string | undefined>>): string {
  let expand = compiled.get(template);
  if (expand === undefined) {
    expand = compileUriExpander(template);
    // Bounded: a client may be handed templates at run time (resources/templates/list).
    if (compiled.size < 1024) compiled.set(template, expand);
  }
  return expand(variables);
}

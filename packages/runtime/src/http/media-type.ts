// Exact media-type parsing (RFC 9110 § 8.3.1, § 5.6): type "/" subtype *( OWS ";" OWS parameter ),
// parameter = token "=" ( token / quoted-string ). A substring test would accept
// `text/plain; charset=application/json` (issue 21 #12); this parses the grammar instead.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export interface MediaType {
  /** Lower-cased `type/subtype`. */
  essence: string;
  /** Parameters by lower-cased name; values unquoted, case kept. */
  parameters: Map<string, string>;
}

function isOws(c: string | undefined): boolean {
  return c === " " || c === "\t";
}

/** Parses one media type; undefined when the text does not follow the grammar. */
export function parseMediaType(text: string): MediaType | undefined {
  const semi = text.indexOf(";");
  const head = (semi === -1 ? text : text.slice(0, semi)).trim();
  const slash = head.indexOf("/");
  if (slash === -1) return undefined;
  const type = head.slice(0, slash);
  const subtype = head.slice(slash + 1);
  if (!TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const parameters = new Map<string, string>();
  let i = semi === -1 ? text.length : semi;
  while (i < text.length) {
    // At a ";": skip it and OWS; an empty parameter (";;") is allowed by the grammar.
    i++;
    while (isOws(text[i])) i++;
    if (i >= text.length || text[i] === ";") continue;
    const eq = text.indexOf("=", i);
    if (eq === -1) return undefined;
    const name = text.slice(i, eq);
    if (!TOKEN.test(name)) return undefined;
    i = eq + 1;
    let value = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        const c = text[i];
        if (c === undefined) return undefined; // unterminated quoted-string
        if (c === '"') break;
        if (c === "\\") {
          i++;
          if (text[i] === undefined) return undefined;
        }
        value += text[i];
        i++;
      }
      i++;
    } else {
      const start = i;
      while (i < text.length && text[i] !== ";" && !isOws(text[i])) i++;
      value = text.slice(start, i);
      if (!TOKEN.test(value)) return undefined;
    }
    while (isOws(text[i])) i++;
    if (i < text.length && text[i] !== ";") return undefined;
    const key = name.toLowerCase();
    if (!parameters.has(key)) parameters.set(key, value);
  }
  return { essence: `${type}/${subtype}`.toLowerCase(), parameters };
}

/** A POST body type the endpoint accepts: application/json, UTF-8 (JSON's only interchange charset, RFC 8259 § 8.1). */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  // What nearly every client sends; the grammar below gives the same verdict, without allocating.
  if (contentType === "application/json") return true;
  const parsed = parseMediaType(contentType);
  if (!parsed || parsed.essence !== "application/json") return false;
  const charset = parsed.parameters.get("charset");
  return charset === undefined || charset.toLowerCase() === "utf-8";
}

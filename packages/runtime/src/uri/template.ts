// Matching of RFC 6570 URI templates against concrete URIs, for resource templates. Compiled
// once per template. Path expressions (`{var}`, `{+var}`, `{/var}`, `{.var}`, `{;var}`) become one
// regular expression; form-style query expressions (`{?a,b}`, `{&c}`) and the fragment (`{#f}`)
// are optional by nature, so they are read from the URI's query string and fragment by name,
// in any order (RFC 6570 §3.2.8–3.2.9). Every variable is a string: lists and maps (explode)
// are not matched.
export interface CompiledUriTemplate {
  variables: readonly string[];
  match(uri: string): Record<string, string> | undefined;
}

const EXPRESSION = /\{([+#./;?&]?)([A-Za-z0-9_.,%*:]+)\}/g;

function names(list: string): string[] {
  return list.split(",").map((spec) => spec.replace(/(\*|:\d+)$/, ""));
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function compileUriTemplate(template: string): CompiledUriTemplate {
  const variables: string[] = [];
  const pathGroups: string[] = [];
  const queryVars: string[] = [];
  const semicolonVars: string[] = [];
  let fragmentVar: string | undefined;
  let pattern = "^";
  let last = 0;
  for (const m of template.matchAll(EXPRESSION)) {
    pattern += escapeRegExp(template.slice(last, m.index));
    last = m.index! + m[0].length;
    const op = m[1] ?? "";
    const vars = names(m[2] ?? "");
    variables.push(...vars);
    switch (op) {
      case "?":
      case "&":
        queryVars.push(...vars);
        break;
      case "#":
        fragmentVar = vars[0];
        break;
      case "+":
        pattern += vars.map(() => "(.+?)").join(",");
        pathGroups.push(...vars);
        break;
      case "/":
        for (const v of vars) {
          pattern += "(?:/([^/?#]*))?";
          pathGroups.push(v);
        }
        break;
      case ".":
        for (const v of vars) {
          pattern += "(?:\\.([^/?#.]*))?";
          pathGroups.push(v);
        }
        break;
      case ";":
        for (const v of vars) {
          pattern += `(?:;${escapeRegExp(v)}(?:=([^;/?#]*))?)?`;
          semicolonVars.push(v);
          pathGroups.push(v);
        }
        break;
      default:
        pattern += vars.map(() => "([^/?#&,]+?)").join(",");
        pathGroups.push(...vars);
    }
  }
  pattern += escapeRegExp(template.slice(last));
  // The path part must account for the whole URI before its query and fragment.
  const regex = new RegExp(`${pattern}$`);
  return {
    variables,
    match(uri) {
      const hashAt = uri.indexOf("#");
      const withoutFragment = hashAt >= 0 ? uri.slice(0, hashAt) : uri;
      const fragment = hashAt >= 0 ? uri.slice(hashAt + 1) : undefined;
      const queryAt = queryVars.length > 0 ? withoutFragment.indexOf("?") : -1;
      const base = queryAt >= 0 ? withoutFragment.slice(0, queryAt) : withoutFragment;
      const query = queryAt >= 0 ? withoutFragment.slice(queryAt + 1) : undefined;
      if (fragment !== undefined && fragmentVar === undefined) return undefined;
      const found = regex.exec(fragmentVar === undefined && queryVars.length === 0 ? uri : base);
      if (!found) return undefined;
      const vars: Record<string, string> = Object.create(null) as Record<string, string>;
      pathGroups.forEach((name, i) => {
        const raw = found[i + 1];
        if (raw !== undefined) vars[name] = decode(raw);
        else if (semicolonVars.includes(name) && found[0].includes(`;${name}`)) vars[name] = "";
      });
      if (query !== undefined && query !== "") {
        for (const pair of query.split("&")) {
          const eq = pair.indexOf("=");
          const key = decode(eq >= 0 ? pair.slice(0, eq) : pair);
          // A query key the template does not name means this URI is not an instance of it.
          if (!queryVars.includes(key)) return undefined;
          vars[key] = decode(eq >= 0 ? pair.slice(eq + 1) : "");
        }
      }
      if (fragment !== undefined && fragmentVar !== undefined) vars[fragmentVar] = decode(fragment);
      return vars;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

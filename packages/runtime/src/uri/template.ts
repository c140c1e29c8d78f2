// Matching of RFC 6570 level-1/level-2 URI templates (`{var}`, `{+var}`) against concrete URIs,
// enough for resource templates. Compiled once per template.
export interface CompiledUriTemplate {
  variables: readonly string[];
  match(uri: string): Record<string, string> | undefined;
}

export function compileUriTemplate(template: string): CompiledUriTemplate {
  const variables: string[] = [];
  let pattern = "^";
  let last = 0;
  const expr = /\{(\+?)([A-Za-z0-9_.]+)\}/g;
  for (let m = expr.exec(template); m !== null; m = expr.exec(template)) {
    pattern += escapeRegExp(template.slice(last, m.index));
    pattern += m[1] === "+" ? "(.+?)" : "([^/?#&]+)";
    variables.push(m[2] ?? "");
    last = m.index + m[0].length;
  }
  pattern += `${escapeRegExp(template.slice(last))}$`;
  const regex = new RegExp(pattern);
  return {
    variables,
    match(uri) {
      const found = regex.exec(uri);
      if (!found) return undefined;
      const vars: Record<string, string> = Object.create(null) as Record<string, string>;
      variables.forEach((name, i) => {
        const raw = found[i + 1] ?? "";
        try {
          vars[name] = decodeURIComponent(raw);
        } catch {
          vars[name] = raw;
        }
      });
      return vars;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// URIs and URI templates (MCPGEN16xx, plus duplicate URIs MCPGEN1205).
import { entriesOf, isMap } from "./raw.js";
import type { Reporter } from "./reporter.js";
import { type Position, positionOfOffset } from "./source.js";
import { parseUriTemplate } from "./uri-template.js";
import { yaml } from "./yaml-lib.js";

// RFC 3986 §3: scheme ":" then no whitespace or control characters anywhere.
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f]*$/;

/** Position of character `index` inside a single-line string scalar (quotes shift it by one). */
function positionInScalar(reporter: Reporter, path: (string | number)[], index: number): Position | undefined {
  const source = reporter.parsed;
  if (!source) return undefined;
  const node: unknown = source.doc.getIn(path, true);
  if (!yaml().isScalar(node) || !node.range) return undefined;
  const raw = source.text.slice(node.range[0], node.range[1]);
  // Escapes and folded lines break the one-to-one mapping of characters; fall back to the value start.
  if (raw.includes("\n") || (node.type === "QUOTE_DOUBLE" && raw.includes("\\"))) return undefined;
  const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
  return positionOfOffset(source, node.range[0] + (quoted ? 1 : 0) + index);
}

export function checkUris(root: unknown, reporter: Reporter): void {
  const uris = new Map<string, string>();
  for (const [name, resource] of entriesOf(isMap(root) ? root["resources"] : undefined)) {
    const uri = isMap(resource) ? resource["uri"] : undefined;
    if (typeof uri !== "string" || uri === "") continue;
    const path = ["resources", name, "uri"];
    if (!ABSOLUTE_URI.test(uri)) {
      reporter.report("MCPGEN1603", path, `resource URI ${JSON.stringify(uri)} is not an absolute URI`, uri.includes("{") ? "this looks like a URI template: declare it under `templates:` with `uriTemplate:`" : "start it with a scheme, e.g. file:///data.txt or config://app, and percent-encode spaces");
      continue;
    }
    const first = uris.get(uri);
    if (first !== undefined) reporter.report("MCPGEN1205", path, `resources \`${first}\` and \`${name}\` have the same URI ${JSON.stringify(uri)}`, "give each resource its own URI");
    else uris.set(uri, name);
  }

  const templates = new Map<string, string>();
  for (const [name, template] of entriesOf(isMap(root) ? root["templates"] : undefined)) {
    if (!isMap(template)) continue;
    const text = template["uriTemplate"];
    if (typeof text !== "string" || text === "") continue;
    const path = ["templates", name, "uriTemplate"];
    const parsed = parseUriTemplate(text);
    if (!parsed.ok) {
      const position = positionInScalar(reporter, path, parsed.offset);
      reporter.report("MCPGEN1601", path, `invalid URI template ${JSON.stringify(text)}: ${parsed.message} (at character ${parsed.offset + 1})`, "write an RFC 6570 template such as notes://{id} or files://{+path}", position ? { position } : {});
      continue;
    }
    const first = templates.get(text);
    if (first !== undefined) reporter.report("MCPGEN1205", path, `templates \`${first}\` and \`${name}\` have the same URI template`, "give each template its own URI template");
    else templates.set(text, name);
    const names = new Set(parsed.variables.map((v) => v.name));
    if (names.size === 0) reporter.warn("MCPGEN1604", path, `URI template ${JSON.stringify(text)} has no variables`, "declare it under `resources:` with `uri:` instead");
    const complete = template["complete"];
    if (Array.isArray(complete)) {
      complete.forEach((v, i) => {
        if (typeof v === "string" && !names.has(v)) {
          const known = [...names];
          reporter.report("MCPGEN1602", ["templates", name, "complete", i], `\`complete\` names \`${v}\`, which is not a variable of ${JSON.stringify(text)}`, known.length > 0 ? `variables: ${known.join(", ")}` : "the template has no variables");
        }
      });
    }
  }
}

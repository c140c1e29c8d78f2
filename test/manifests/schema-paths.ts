// Field paths of the manifest format, read from schema/manifest.schema.json: `server.icons[].src`,
// `tools.*.inputs.*.sampling.maxTokens` (`*` = a user-chosen key, `[]` = a list item). Used to
// check that the valid corpus uses every field and that docs/manifest.md documents every field.

type Schema = Record<string, unknown>;

function resolve(root: Schema, node: unknown): Schema | undefined {
  let current = node;
  for (let i = 0; i < 8; i++) {
    if (current === null || typeof current !== "object") return undefined;
    const ref = (current as Schema)["$ref"];
    if (typeof ref !== "string") return current as Schema;
    const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
    current = name === undefined ? undefined : (root["$defs"] as Schema)[name];
  }
  return undefined;
}

function join(prefix: string, key: string): string {
  return prefix === "" ? key : `${prefix}.${key}`;
}

/** Every field path the schema defines. */
export function schemaFieldPaths(root: Schema): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, prefix: string): void => {
    const schema = resolve(root, node);
    if (!schema) return;
    const props = schema["properties"] as Schema | undefined;
    for (const [key, child] of Object.entries(props ?? {})) {
      out.add(join(prefix, key));
      walk(child, join(prefix, key));
    }
    const extra = schema["additionalProperties"];
    if (extra !== undefined && typeof extra === "object") walk(extra, `${prefix}.*`);
    if (schema["items"] !== undefined && typeof schema["items"] === "object") walk(schema["items"], `${prefix}[]`);
  };
  walk(root, "");
  return [...out].sort();
}

/** Field paths a manifest value actually uses, named the same way. */
export function usedFieldPaths(root: Schema, data: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, value: unknown, prefix: string): void => {
    const schema = resolve(root, node);
    if (!schema || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      const items = schema["items"];
      if (items !== undefined && typeof items === "object") for (const v of value) walk(items, v, `${prefix}[]`);
      return;
    }
    const props = (schema["properties"] as Schema | undefined) ?? {};
    const extra = schema["additionalProperties"];
    for (const [key, v] of Object.entries(value as Schema)) {
      if (key in props) {
        out.add(join(prefix, key));
        walk(props[key], v, join(prefix, key));
      } else if (extra !== undefined && typeof extra === "object") walk(extra, v, `${prefix}.*`);
    }
  };
  walk(root, data, "");
  return [...out].sort();
}

/**
 * Fields per schema section: the root ("(root)") and each `$defs` entry, as paths relative to
 * that section (`elicit.message`, `src`), not following `$ref`s into other sections.
 */
export function fieldsBySection(root: Schema): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  const collect = (node: unknown): string[] => {
    const out: string[] = [];
    const walk = (n: unknown, prefix: string): void => {
      if (n === null || typeof n !== "object" || "$ref" in (n as Schema)) return;
      const s = n as Schema;
      for (const [key, child] of Object.entries((s["properties"] as Schema | undefined) ?? {})) {
        out.push(join(prefix, key));
        walk(child, join(prefix, key));
      }
      if (s["items"] !== undefined) walk(s["items"], prefix);
    };
    walk(node, "");
    return out.sort();
  };
  sections.set("(root)", collect({ properties: root["properties"] }));
  for (const [name, def] of Object.entries((root["$defs"] as Schema | undefined) ?? {})) {
    const fields = collect(def);
    if (fields.length > 0) sections.set(name, fields);
  }
  return sections;
}

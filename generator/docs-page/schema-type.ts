// What one JSON Schema node says about a value, in words for a reference table: its type (with
// `format`, handle and referenced definition), its enum/const members and its bounds. Only the
// node itself is read; nested properties and variants are schema-rows.ts's job.
import { jsonText } from "./html.js";

type Node = Readonly<Record<string, unknown>>;

/** The handle name the loader records on an expanded `{ handle: name }` (manifest/schemas.ts). */
export const HANDLE_KEYWORD = "x-mcpgen-handle";

function num(node: Node, key: string): number | undefined {
  const value = node[key];
  return typeof value === "number" ? value : undefined;
}

function typesOf(node: Node): string[] {
  const type = node["type"];
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return [];
}

/** The type as words: `string (email)`, `integer | null`, `array of string`, `handle cart`. */
export function typeText(node: Node, itemType?: string): string {
  const handle = node[HANDLE_KEYWORD];
  if (typeof handle === "string") return `handle ${handle}`;
  let types = typesOf(node);
  if (types.length === 0) {
    if ("const" in node) return "const";
    if (Array.isArray(node["enum"])) return "enum";
    if (node["properties"] !== undefined || node["additionalProperties"] !== undefined) types = ["object"];
    else if (node["items"] !== undefined || node["prefixItems"] !== undefined) types = ["array"];
    else return "any";
  }
  const format = typeof node["format"] === "string" ? ` (${node["format"]})` : "";
  return types.map((t) => (t === "array" && itemType !== undefined ? `array of ${itemType}` : t === "string" ? `string${format}` : t)).join(" | ");
}

/** Enum members (or the const) as JSON texts; undefined when the node restricts to no list. */
export function enumTexts(node: Node): string[] | undefined {
  if ("const" in node) return [jsonText(node["const"])];
  const values = node["enum"];
  return Array.isArray(values) ? values.map(jsonText) : undefined;
}

function range(low: number | undefined, high: number | undefined, lowOpen: boolean, highOpen: boolean, unit: string): string | undefined {
  if (low === undefined && high === undefined) return undefined;
  if (low !== undefined && high !== undefined && low === high && !lowOpen && !highOpen) return `${unit} = ${low}`;
  // Only a lower bound reads best with the unit first: "length ≥ 1", "value > 0".
  if (high === undefined) return `${unit} ${lowOpen ? ">" : "≥"} ${low}`;
  const left = low === undefined ? "" : `${low} ${lowOpen ? "<" : "≤"} `;
  const right = high === undefined ? "" : ` ${highOpen ? "<" : "≤"} ${high}`;
  return `${left}${unit}${right}`;
}

/** Bounds and other value constraints, each as a short phrase. */
export function constraintTexts(node: Node): string[] {
  const out: string[] = [];
  const push = (text: string | undefined): void => {
    if (text !== undefined) out.push(text);
  };
  // 2020-12 writes the exclusive bound itself; draft-07 writes `exclusiveMinimum: true` beside `minimum`. Both are read.
  const exMin = num(node, "exclusiveMinimum");
  const exMax = num(node, "exclusiveMaximum");
  const min = exMin ?? num(node, "minimum");
  const max = exMax ?? num(node, "maximum");
  push(range(min, max, exMin !== undefined || node["exclusiveMinimum"] === true, exMax !== undefined || node["exclusiveMaximum"] === true, "value"));
  const multipleOf = num(node, "multipleOf");
  if (multipleOf !== undefined) out.push(`multiple of ${multipleOf}`);
  push(range(num(node, "minLength"), num(node, "maxLength"), false, false, "length"));
  if (typeof node["pattern"] === "string") out.push(`pattern ${node["pattern"]}`);
  push(range(num(node, "minItems"), num(node, "maxItems"), false, false, "items"));
  if (node["uniqueItems"] === true) out.push("unique items");
  push(range(num(node, "minContains"), num(node, "maxContains"), false, false, "matching items"));
  push(range(num(node, "minProperties"), num(node, "maxProperties"), false, false, "properties"));
  if (typeof node["contentMediaType"] === "string") out.push(`media type ${node["contentMediaType"]}`);
  if (typeof node["contentEncoding"] === "string") out.push(`encoding ${node["contentEncoding"]}`);
  if (node["additionalProperties"] === false || node["unevaluatedProperties"] === false) out.push("no other properties");
  const dependent = node["dependentRequired"];
  if (typeof dependent === "object" && dependent !== null) {
    for (const [name, needs] of Object.entries(dependent)) if (Array.isArray(needs)) out.push(`with ${name}, also ${needs.join(", ")}`);
  }
  if ("not" in node) out.push(`not ${jsonText(node["not"])}`);
  return out;
}

/** Annotations worth a word next to the description. */
export function noteTexts(node: Node): string[] {
  const out: string[] = [];
  if (node["deprecated"] === true) out.push("deprecated");
  if (node["readOnly"] === true) out.push("read-only");
  if (node["writeOnly"] === true) out.push("write-only");
  if (Array.isArray(node["examples"]) && node["examples"].length > 0) out.push(`examples: ${node["examples"].map(jsonText).join(", ")}`);
  return out;
}

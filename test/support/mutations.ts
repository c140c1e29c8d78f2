/** Systematic mutations of a JSON message, for verdict comparison between two validators. */

export interface Mutation {
  readonly description: string;
  readonly value: unknown;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One value of each other JSON type, so every "change the type" mutation is covered. */
function otherTypedValues(value: unknown): unknown[] {
  const samples: [string, unknown][] = [
    ["string", "mutated"],
    ["integer", 7],
    ["float", 2.5],
    ["boolean", true],
    ["null", null],
    ["object", { mutated: true }],
    ["array", ["mutated"]],
  ];
  const kind =
    value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? (Number.isInteger(value) ? "integer" : "float") : typeof value;
  return samples.filter(([k]) => k !== kind).map(([, v]) => v);
}

function mutateObjectAt(root: unknown, path: readonly string[], label: string): Mutation[] {
  let target: unknown = root;
  for (const key of path) target = isObject(target) ? target[key] : undefined;
  if (!isObject(target)) return [];
  const out: Mutation[] = [];
  const withTarget = (edit: (copy: JsonObject) => void): unknown => {
    const copy = structuredClone(root) as JsonObject;
    let node: JsonObject = copy;
    for (const key of path) node = node[key] as JsonObject;
    edit(node);
    return copy;
  };
  for (const key of Object.keys(target)) {
    out.push({ description: `${label}: drop "${key}"`, value: withTarget((node) => delete node[key]) });
    otherTypedValues(target[key]).forEach((replacement, i) => {
      out.push({ description: `${label}: "${key}" → other type #${i}`, value: withTarget((node) => (node[key] = replacement)) });
    });
  }
  out.push({ description: `${label}: add unknown key`, value: withTarget((node) => (node["x-unknown-key"] = { nested: [1, "two"] })) });
  return out;
}

/** Mutations at top level and inside `params` and `result` (and `params._meta` where present). */
export function mutationsOf(message: unknown): Mutation[] {
  return [
    ...mutateObjectAt(message, [], "top"),
    ...mutateObjectAt(message, ["params"], "params"),
    ...mutateObjectAt(message, ["result"], "result"),
  ];
}

// Tool and input property names for imported operations.
//
// DECISION RECORD — NAMES. A tool is named after its `operationId` (else `<method>_<path>`),
// with every run of characters outside the MCP tool-name alphabet [A-Za-z0-9_.-] turned into
// `_` and cut at 128 characters [S26:server/tools § Tool Names]. Names must also map to distinct,
// non-reserved TypeScript identifiers (the manifest's rule, MCPGEN1202/1203), so a clash gets a
// numbered suffix `_2`, `_3`… in the order operations are sorted (by path, then method), which
// makes the outcome independent of the document's key order. Each change is reported (MCPGEN3021).
import { isReservedIdentifier, toIdentifier } from "../manifest/identifiers.js";

const MAX = 128;

export function rawToolName(operationId: string | undefined, method: string, path: string): string {
  const base = operationId !== undefined && operationId.trim() !== "" ? operationId : `${method.toLowerCase()}_${path}`;
  const cleaned = base.replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/^_+|_+$/g, "");
  return (cleaned || method.toLowerCase()).slice(0, MAX);
}

/** Hands out names whose identifiers are unique and usable. */
export class NameAllocator {
  private readonly identifiers = new Set<string>();

  allocate(wanted: string): string {
    let name = wanted;
    const usable = (n: string) => {
      const id = toIdentifier(n);
      return id !== "" && !isReservedIdentifier(id) && !this.identifiers.has(id);
    };
    for (let n = 2; !usable(name); n++) {
      const suffix = `_${n}`;
      name = `${wanted.slice(0, MAX - suffix.length)}${suffix}`;
    }
    this.identifiers.add(toIdentifier(name));
    return name;
  }
}

/**
 * Input property names for one operation's parameters and body: the original names, except
 * that a name used twice (the same name in two locations) gets its location as a suffix and the
 * body takes `body` (or `requestBody`, … when a parameter already has that name).
 */
export function propertyNames(parameters: readonly { name: string; in: string }[], hasBody: boolean): { parameters: string[]; body: string | undefined } {
  const counts = new Map<string, number>();
  for (const p of parameters) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  const used = new Set<string>();
  const names = parameters.map((p) => {
    let name = (counts.get(p.name) ?? 0) > 1 ? `${p.name}_${p.in}` : p.name;
    for (let n = 2; used.has(name); n++) name = `${p.name}_${p.in}_${n}`;
    used.add(name);
    return name;
  });
  let body: string | undefined;
  if (hasBody) {
    body = ["body", "requestBody", "_body"].find((n) => !used.has(n)) ?? "body_";
    for (let n = 2; used.has(body); n++) body = `body_${n}`;
  }
  return { parameters: names, body };
}

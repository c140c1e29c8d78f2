// `--include` / `--exclude`: which operations become tools. A selector is `tag:<name>` or
// `operation:<operationId | tool name | "METHOD /path">`; with includes, an operation must
// match one of them; an operation matching an exclude is left out either way.
import { UserError } from "../errors.js";

export interface Selector {
  readonly kind: "tag" | "operation";
  readonly value: string;
}

export interface OperationFacts {
  readonly tags: readonly string[];
  readonly names: readonly string[];
}

export function parseSelectors(values: readonly string[], flag: string): Selector[] {
  return values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "")
    .map((v) => {
      const match = /^(tag|operation|op):(.+)$/.exec(v);
      if (!match) throw new UserError("MCPGEN3001", `${flag} ${JSON.stringify(v)} is not tag:<name> or operation:<id>`, `e.g. ${flag} tag:pet or ${flag} operation:getPetById`);
      return { kind: match[1] === "tag" ? "tag" : "operation", value: match[2]!.trim() } as const;
    });
}

function matches(selector: Selector, facts: OperationFacts): boolean {
  return selector.kind === "tag" ? facts.tags.includes(selector.value) : facts.names.includes(selector.value);
}

export function isSelected(facts: OperationFacts, include: readonly Selector[], exclude: readonly Selector[]): boolean {
  if (include.length > 0 && !include.some((s) => matches(s, facts))) return false;
  return !exclude.some((s) => matches(s, facts));
}

export function formatSelectors(selectors: readonly Selector[]): string[] {
  return selectors.map((s) => `${s.kind}:${s.value}`);
}

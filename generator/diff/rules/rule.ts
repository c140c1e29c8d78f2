import type { Level, Rule } from "../types.js";

/** Declares a rule; categories are stored sorted so listings and JSON are stable. */
export function defineRule(id: string, level: Level, categories: readonly string[], purpose: string): Rule {
  if (!/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(id)) throw new Error(`rule id ${id} is not UPPER_SNAKE`);
  return Object.freeze({ id, level, categories: Object.freeze([...categories].sort()), purpose });
}

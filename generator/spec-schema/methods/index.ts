import { METHODS_2024_11_05, METHODS_2025_03_26, METHODS_2025_06_18, METHODS_2025_11_25 } from "./legacy.js";
import { METHODS_2026_07_28 } from "./modern.js";
import type { MethodTable } from "./types.js";

const TABLES: Readonly<Record<string, MethodTable>> = {
  "2024-11-05": METHODS_2024_11_05,
  "2025-03-26": METHODS_2025_03_26,
  "2025-06-18": METHODS_2025_06_18,
  "2025-11-25": METHODS_2025_11_25,
  "2026-07-28": METHODS_2026_07_28,
};

/** The hand-curated method table of a pinned revision. */
export function methodTable(revision: string): MethodTable {
  const table = TABLES[revision];
  if (!table) throw new Error(`no method table for revision ${revision}`);
  return table;
}

export function methodTableRevisions(): string[] {
  return Object.keys(TABLES).sort();
}

// Defensive readers for the parsed manifest. Semantic checks run even when the structure is
// broken (so one run reports everything), so they must never assume a shape.

export type RawMap = Record<string, unknown>;

export function isMap(value: unknown): value is RawMap {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Entries of a mapping-valued field, or none when it is absent or not a mapping. */
export function entriesOf(value: unknown): [string, unknown][] {
  return isMap(value) ? Object.entries(value) : [];
}

export function mapAt(root: unknown, key: string): RawMap | undefined {
  if (!isMap(root)) return undefined;
  const v = root[key];
  return isMap(v) ? v : undefined;
}

export function stringAt(root: unknown, key: string): string | undefined {
  if (!isMap(root)) return undefined;
  const v = root[key];
  return typeof v === "string" ? v : undefined;
}

export function boolAt(root: unknown, key: string): boolean | undefined {
  if (!isMap(root)) return undefined;
  const v = root[key];
  return typeof v === "boolean" ? v : undefined;
}

/** The four kinds of owner that may declare input requests. */
export const INPUT_OWNERS = ["tools", "prompts", "resources", "templates"] as const;

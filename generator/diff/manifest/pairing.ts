/** One path segment: bare when it is a plain name, else a JSON string in brackets (`tools["a.b"]`). */
export function segment(parent: string, name: string): string {
  return /^[A-Za-z0-9_-]+$/.test(name) ? `${parent}.${name}` : `${parent}[${JSON.stringify(name)}]`;
}

export interface Pairing<T> {
  readonly removed: T[];
  readonly added: T[];
  readonly kept: [T, T][];
}

/** Matches two named collections by name; every list comes out in name order. */
export function pairByName<T extends { readonly name: string }>(before: readonly T[], after: readonly T[]): Pairing<T> {
  const oldMap = new Map(before.map((item) => [item.name, item]));
  const newMap = new Map(after.map((item) => [item.name, item]));
  const names = [...new Set([...oldMap.keys(), ...newMap.keys()])].sort();
  const result: Pairing<T> = { removed: [], added: [], kept: [] };
  for (const name of names) {
    const o = oldMap.get(name);
    const n = newMap.get(name);
    if (o && n) result.kept.push([o, n]);
    else if (o) result.removed.push(o);
    else if (n) result.added.push(n);
  }
  return result;
}

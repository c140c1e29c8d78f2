import { pointerGet } from "./pointer.js";

/** Resolves a `$ref` string to the schema it names, or undefined when it cannot. */
export type Resolver = (ref: string) => unknown;

/**
 * Resolves local refs (`#`, `#/$defs/x`, `#/definitions/x`, any JSON Pointer) against the
 * given roots, first hit wins. Remote refs are not followed: a diff never touches the network.
 */
export function localResolver(...roots: readonly unknown[]): Resolver {
  return (ref) => {
    if (!ref.startsWith("#")) return undefined;
    for (const root of roots) {
      const hit = pointerGet(root, ref);
      if (hit !== undefined) return hit;
    }
    return undefined;
  };
}

import { createRequire } from "node:module";
import type TypeScript from "typescript";

let loaded: typeof TypeScript | undefined;

/**
 * The TypeScript compiler API, loaded on first use with `require`.
 *
 * DECISION (measured, bench `scale-gen`): `import ts from "typescript"` makes Node's ESM loader
 * scan the 9 MB CommonJS file for named exports before running it: 730 ms of CPU against 210 ms
 * for `require`. Loading on first use also keeps commands that never compile from paying it.
 */
export function typescript(): typeof TypeScript {
  loaded ??= createRequire(import.meta.url)("typescript") as typeof TypeScript;
  return loaded;
}

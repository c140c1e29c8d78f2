import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let loaded: typeof Yaml | undefined;

/**
 * The `yaml` package, loaded on first use with `require` (the file `import "yaml"` resolves to
 * under Node, so both give one module instance).
 *
 * DECISION (measured, bench `scale-gen`): `yaml` is 72 CommonJS modules, ~60 ms of every process
 * that imports the loader; a manifest written as JSON is read with `JSON.parse` (json-text.ts)
 * and parses its YAML only when a diagnostic needs a line:col, so `generate` of a JSON manifest
 * without findings never loads it.
 */
export function yaml(): typeof Yaml {
  loaded ??= createRequire(import.meta.url)("yaml") as typeof Yaml;
  return loaded;
}

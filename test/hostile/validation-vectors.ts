// Shared by the validation-*.test.ts hostile tests: a schema module emitted the way a
// generated package gets it (helpers imported from the runtime) or the way `mcp-gen types`
// writes it (helpers inlined), and a timer for one parse.
import { emitZodModule } from "../../generator/emit/zod/module.js";
import { importEmitted } from "../fixtures/emitter/support.js";

export type Parser = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } };

export async function emittedSchemas(
  name: string,
  definitions: Record<string, unknown>,
  helpers: "import" | "inline",
): Promise<Record<string, Parser>> {
  const { code } = emitZodModule({ document: { $defs: definitions }, header: "", helpers });
  const module = await importEmitted(`hostile-${name}-${helpers}`, code);
  return Object.fromEntries(Object.keys(definitions).map((key) => [key, module[`${key}Schema`] as Parser]));
}

/** Milliseconds one call takes (the event loop is blocked for all of it: validation is synchronous). */
export function timed<T>(run: () => T): { ms: number; result: T } {
  const start = performance.now();
  const result = run();
  return { ms: performance.now() - start, result };
}

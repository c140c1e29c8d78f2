/**
 * Generated TypeScript goes through prettier (pinned exactly in package.json, so the bytes
 * only change when we change the pin) with a fixed config: no user .prettierrc is read, or
 * the same manifest would give different bytes in different repositories.
 */
const OPTIONS = { parser: "typescript", printWidth: 120, trailingComma: "all", semi: true, singleQuote: false } as const;

/**
 * DECISION (measured, bench `scale-gen`): prettier costs ~2.5 µs of CPU per byte, about 6 s of
 * the ~25 s a 1,000-tool package took to generate, and a module that size (200 KB – 1.2 MB) is
 * read through an editor's search, not top to bottom. So a module whose emitted code is larger
 * than this is written exactly as the emitters wrote it: indented and line-broken, valid and
 * deterministic, but not prettier's layout. Every example and golden file is far below it
 * (the largest, the conformance fixture's server.ts, is ~50 KB).
 */
export const FORMAT_LIMIT_CHARS = 256 * 1024;

/**
 * DECISION (measured, bench `scale-gen`): the first prettier call of a process costs ~0.6 s of
 * CPU before it formats anything (loading and warming its TypeScript parser), so formatting the
 * few small modules of a package whose other modules are over the limit (a 1,000-tool package's
 * 54 KB index.ts and 2 KB testing.ts) cost 1.5 s. A package whose emitted modules add up to more
 * than the limit is therefore written as emitted as a whole.
 */
export function formatsPackage(modules: readonly string[]): boolean {
  return modules.reduce((sum, code) => sum + code.length, 0) <= FORMAT_LIMIT_CHARS;
}

/** A module written exactly as emitted, ending in one newline. */
export function asEmitted(code: string): string {
  return code.endsWith("\n") ? code : `${code}\n`;
}

export async function formatTypeScript(code: string): Promise<string> {
  if (code.length > FORMAT_LIMIT_CHARS) return asEmitted(code);
  // Loaded on first use: a command that formats nothing does not load prettier.
  const { format } = await import("prettier");
  return format(code, OPTIONS);
}

import { format } from "prettier";

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

export async function formatTypeScript(code: string): Promise<string> {
  if (code.length > FORMAT_LIMIT_CHARS) return code.endsWith("\n") ? code : `${code}\n`;
  return format(code, OPTIONS);
}

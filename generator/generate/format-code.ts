import { format } from "prettier";

/**
 * Generated TypeScript goes through prettier (pinned exactly in package.json, so the bytes
 * only change when we change the pin) with a fixed config: no user .prettierrc is read, or
 * the same manifest would give different bytes in different repositories.
 */
const OPTIONS = { parser: "typescript", printWidth: 120, trailingComma: "all", semi: true, singleQuote: false } as const;

export async function formatTypeScript(code: string): Promise<string> {
  return format(code, OPTIONS);
}

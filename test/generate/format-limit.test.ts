// format-code.ts: modules up to FORMAT_LIMIT_CHARS go through prettier; a bigger one is written
// exactly as emitted (prettier would cost seconds there), still ending in one newline.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { FORMAT_LIMIT_CHARS, asEmitted, formatsPackage, formatTypeScript } from "../../generator/generate/format-code.js";

const entry = (i: number) => `export const tool${i} = {name: "tool_${i}", inputSchema: {"type": "object", "properties": {"q": {"type": "string"}}}};\n`;

describe("formatTypeScript", () => {
  it("formats a module below the limit with prettier", async () => {
    const code = entry(1);
    const formatted = await formatTypeScript(code);
    expect(formatted).not.toBe(code);
    // prettier's layout: spaces inside braces, unquoted keys.
    expect(formatted).toContain('export const tool1 = { name: "tool_1", inputSchema: { type: "object"');
    expect(await formatTypeScript(formatted)).toBe(formatted);
  });

  it("writes a module above the limit as emitted, still valid TypeScript", async () => {
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; length <= FORMAT_LIMIT_CHARS; i++) {
      parts.push(entry(i));
      length += parts.at(-1)!.length;
    }
    const code = parts.join("").trimEnd();
    const written = await formatTypeScript(code);
    expect(written).toBe(`${code}\n`);
    const parsed = ts.createSourceFile("big.ts", written, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS) as ts.SourceFile & { parseDiagnostics: unknown[] };
    expect(parsed.parseDiagnostics).toEqual([]);
  });

  it("formats a package only while its modules add up to at most the limit", () => {
    const half = "x".repeat(FORMAT_LIMIT_CHARS / 2);
    expect(formatsPackage([half, half])).toBe(true);
    expect(formatsPackage([half, half, "y"])).toBe(false);
    expect(formatsPackage([])).toBe(true);
    expect(asEmitted("a")).toBe("a\n");
    expect(asEmitted("a\n")).toBe("a\n");
  });
});

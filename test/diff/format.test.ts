import { describe, expect, it } from "vitest";
import { formatJson } from "../../generator/diff/format/json.js";
import { formatMarkdown } from "../../generator/diff/format/markdown.js";
import { reachesLevel, summaryLine } from "../../generator/diff/format/summary.js";
import { formatText } from "../../generator/diff/format/text.js";
import type { DiffResult } from "../../generator/diff/types.js";

// Changes in path order, as diffSides returns them.
const RESULT: DiffResult = {
  old: "a.yaml",
  new: "b.yaml",
  changes: [
    { rule: "PROPERTY_REMOVED", level: "breaking", kind: "property", path: "A#/properties/x", message: "A: property `x` removed" },
    { rule: "ENUM_VALUE_ADDED", level: "warning", kind: "property", path: "B#/properties/mode", message: "value \"a|b\" is now allowed" },
    { rule: "METHOD_REMOVED", level: "breaking", kind: "method", path: "ping", message: "ping removed" },
    { rule: "TOOL_ADDED", level: "info", kind: "tool", path: "tools.t", message: "tool t added" },
  ],
};

describe("output formats", () => {
  it("text: levels in severity order, and inside a level methods before properties", () => {
    const text = formatText(RESULT);
    expect(text.split("\n")[0]).toBe("a.yaml → b.yaml: 2 breaking, 1 warning, 1 info");
    const order = ["breaking (2)", "METHOD_REMOVED", "PROPERTY_REMOVED", "warning (1)", "ENUM_VALUE_ADDED", "info (1)", "TOOL_ADDED"].map((s) => text.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  it("json: exactly old, new and the five fields per change, in the given order", () => {
    const json = JSON.parse(formatJson(RESULT));
    expect(Object.keys(json)).toEqual(["old", "new", "changes"]);
    expect(json.changes.map((c: { path: string }) => c.path)).toEqual(RESULT.changes.map((c) => c.path));
    for (const c of json.changes) expect(Object.keys(c)).toEqual(["rule", "level", "kind", "path", "message"]);
  });

  it("markdown: pipes in messages are escaped, info is folded away", () => {
    const md = formatMarkdown(RESULT);
    expect(md).toContain('value "a\\|b" is now allowed');
    expect(md).toMatch(/<details><summary>Other changes \(1\)<\/summary>[\s\S]*TOOL_ADDED[\s\S]*<\/details>/);
    const breaking = md.indexOf("#### Breaking changes (2)");
    expect(breaking, "the breaking heading is present").toBeGreaterThanOrEqual(0);
    expect(breaking).toBeLessThan(md.indexOf("#### Warnings (1)"));
  });

  it("no changes reads as such, and no level is reached", () => {
    const empty = { ...RESULT, changes: [] };
    expect(summaryLine([])).toBe("no changes");
    expect(formatText(empty)).toBe("a.yaml → b.yaml: no changes\n");
    expect(reachesLevel([], "warning")).toBe(false);
    expect(reachesLevel(RESULT.changes.filter((c) => c.level === "info"), "warning")).toBe(false);
    expect(reachesLevel(RESULT.changes.filter((c) => c.level !== "breaking"), "warning")).toBe(true);
    expect(reachesLevel(RESULT.changes.filter((c) => c.level !== "breaking"), "breaking")).toBe(false);
  });
});

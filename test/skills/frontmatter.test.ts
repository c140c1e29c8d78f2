// The runtime client's frontmatter reader (a bounded YAML subset, client/skills/frontmatter.ts):
// every construct it takes reads exactly as the `yaml` library reads it (the generator's parser),
// and every construct outside the subset is refused — refusing is what keeps an unreadable
// frontmatter from being loaded as something else.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readSkillFrontmatter } from "../../packages/runtime/src/client-entry.js";

const wrap = (body: string): string => `---\n${body}\n---\n\n# Body\n`;

const TAKEN: Array<[string, string]> = [
  ["plain pairs", "name: pdf-processing\ndescription: Extract, fill, and assemble PDF documents"],
  ["quoted strings and escapes", `name: "a"\ndescription: 'it''s "fine"'\nother: "tab\\there \\u00e9 \\"q\\""`],
  ["scalars of the core schema", "a: true\nb: False\nc: null\nd: ~\ne: 12\nf: -3.5\ng: 1e3\nh: '12'\ni:"],
  ["comments", "# leading\nname: x # trailing\n\ndescription: y\n# end"],
  ["nested mappings", "name: x\nmetadata:\n  version: \"2.1.0\"\n  owner:\n    team: docs\n    size: 3"],
  ["block lists, indented and not", "tags:\n  - pdf\n  - 'forms'\nmore:\n- a\n- 2"],
  ["flow lists", "tags: [pdf, \"forms\", 3, true]\nempty: []\nobj: {}"],
  ["folded block scalar", "description: >-\n  Extract, fill, and assemble PDF documents.\n  Use for forms.\n\n  Second paragraph.\nnext: 1"],
  ["literal block scalar, clip and keep", "a: |\n  line one\n    indented\n  line three\nb: |+\n  kept\n\nc: x"],
  ["plain scalar over several lines", "description: Extract text from PDF files and\n  fill forms when asked.\nname: x"],
  ["colons and hashes inside values", "url: https://example.com/a#b\ntime: 10:30\nnote: a#b"],
  ["unicode", "name: émoji-ok\ndescription: \"日本語 ✓\""],
];

const REFUSED: Array<[string, string]> = [
  ["an anchor and alias", "a: &x 1\nb: *x"],
  ["a tag", "a: !!str 1"],
  ["a multi-line double-quoted scalar", 'a: "one\n  two"'],
  ["a flow mapping with content", "a: { b: 1 }"],
  ["a list of mappings", "a:\n  - b: 1"],
  ["a duplicate key", "a: 1\na: 2"],
  ["a hex number", "a: 0x1F"],
  ["a tab in the indentation", "a:\n\tb: 1"],
  ["a plain value with ': ' inside", "a: b: c"],
];

describe("readSkillFrontmatter", () => {
  it.each(TAKEN)("reads %s as the yaml library does", (_label, body) => {
    const read = readSkillFrontmatter(wrap(body));
    expect(read).toEqual({ fields: parse(body) });
  });

  it.each(REFUSED)("refuses %s", (_label, body) => {
    const read = readSkillFrontmatter(wrap(body));
    expect(read).toHaveProperty("error");
    expect((read as { error: string }).error).toMatch(/does not take/);
  });

  it("needs the --- block at the very start (a BOM allowed) and a closing line", () => {
    expect(readSkillFrontmatter("# no frontmatter\nname: x\n")).toHaveProperty("error");
    expect(readSkillFrontmatter("---\nname: x\n")).toHaveProperty("error");
    expect(readSkillFrontmatter("\ufeff---\nname: x\ndescription: y\n---\n")).toEqual({ fields: { name: "x", description: "y" } });
    expect(readSkillFrontmatter("---\r\nname: x\r\ndescription: y\r\n---\r\nbody")).toEqual({ fields: { name: "x", description: "y" } });
  });
});

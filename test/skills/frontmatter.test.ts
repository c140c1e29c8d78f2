// The runtime client's frontmatter reader (a bounded YAML subset, client/skills/frontmatter.ts):
// every construct it takes reads exactly as the `yaml` library reads it (the generator's parser),
// and every construct outside the subset is refused — refusing is what keeps an unreadable
// frontmatter from being loaded as something else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readSkillFrontmatter } from "../../packages/runtime/src/client-entry.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

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
  ["literal block scalars, clip and strip", "a: |\n  line one\n    indented\n\n  line three\nb: |-\n  stripped\n\nc: x"],
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
  ["keep chomping", "a: |+\n  kept\n\nb: 1"],
  ["a block scalar less indented than its first line", "a: |\n   one\n  two"],
  ["a plain value with ': ' inside", "a: b: c"],
  // Assigned key by key, `__proto__` would swap the prototype: `fields.name` read "evil" with no own name.
  ["a __proto__ key", "__proto__:\n  name: evil\ndescription: d"],
  ["a quoted __proto__ key", '"__proto__": x\nname: n'],
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

  // Generated frontmatters, indicator characters and all: whatever the reader takes, it reads as
  // the yaml library does, and it takes none that yaml rejects. Refusing is allowed, but most of
  // the ordinary ones must be read (else the reader would be useless).
  it("never reads a frontmatter differently from the yaml library (property, fixed seed)", () => {
    const chars = fc.constantFrom(..."abz AZ09-_.:#'\"[]{}&*!|>%@`,?~\\/\t".split(""));
    const text = fc.array(chars, { maxLength: 12 }).map((a) => a.join(""));
    const key = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
    const scalar = fc.oneof(text, text.map((t) => JSON.stringify(t)), text.map((t) => `'${t.replace(/'/g, "''")}'`), fc.integer().map(String), fc.constantFrom("true", "null", "~", "1.5", "-2e3", "", "plain words"));
    const entry = fc.oneof(
      fc.tuple(key, scalar).map(([k, v]) => `${k}: ${v}`),
      fc.tuple(key, fc.array(scalar, { maxLength: 3 })).map(([k, vs]) => `${k}:\n${vs.map((v) => `  - ${v}`).join("\n")}`),
      fc.tuple(key, fc.array(fc.tuple(key, scalar), { maxLength: 3 })).map(([k, kv]) => `${k}:\n${kv.map(([a, b]) => `  ${a}: ${b}`).join("\n")}`),
      fc.tuple(key, fc.constantFrom("|", ">", "|-", ">-"), fc.array(text, { minLength: 1, maxLength: 3 })).map(([k, h, ls]) => `${k}: ${h}\n${ls.map((l) => `  ${l}`).join("\n")}`),
      fc.tuple(key, fc.array(scalar, { maxLength: 3 })).map(([k, vs]) => `${k}: [${vs.join(", ")}]`),
    );
    let read = 0;
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 5 }), (entries) => {
        const body = entries.join("\n");
        let expected: unknown;
        let valid = true;
        try {
          expected = parse(body, { uniqueKeys: true });
        } catch {
          valid = false;
        }
        const got = readSkillFrontmatter(`---\n${body}\n---\n`);
        if ("error" in got) return;
        read++;
        expect(valid, body).toBe(true);
        expect(got.fields, body).toEqual(expected ?? {});
      }),
      { numRuns: 2000, seed: 42, ...within() },
    );
    expect(read).toBeGreaterThan(200);
  }, PROPERTY_TEST_TIMEOUT_MS);
});

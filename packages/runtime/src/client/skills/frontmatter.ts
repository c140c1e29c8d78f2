// Reads the YAML frontmatter of a fetched SKILL.md, so the client can compare it field by field
// with the entry it holds (SEP-2640 § Frontmatter Verification). DECISION (docs/extensions.md
// § Skills): the runtime carries no YAML library, so this reader takes a bounded subset — block
// mappings, block lists of scalars, plain/quoted/block (`|`, `>`) scalars, one-line flow lists,
// comments — and refuses anything else (anchors, tags, multi-line quotes, …). Refusing is safe:
// a frontmatter the client cannot read is a verification failure, and the skill is not loaded.
// The generator runs this reader over every bundled SKILL.md and warns (MCPGEN2152) when it
// disagrees with the full YAML parser, so a generated server never serves what its client refuses.
import type { JsonObject } from "../../core/jsonrpc/message.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Line {
  readonly no: number;
  readonly indent: number;
  /** The line without its indentation. */
  readonly text: string;
  readonly raw: string;
}

class Unsupported extends Error {}

function fail(line: Line | undefined, why: string): never {
  throw new Unsupported(line === undefined ? why : `line ${line.no + 1}: ${why}`);
}

const isBlank = (l: Line): boolean => l.text === "" || l.text.startsWith("#");

/** The text between the opening and closing `---` lines (a leading BOM allowed), or undefined. */
export function splitFrontmatter(text: string): string | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const open = /^---[ \t]*\r?\n/.exec(body);
  if (!open) return undefined;
  const rest = body.slice(open[0].length);
  const close = /^---[ \t]*(?:\r?\n|$)/m.exec(rest);
  return close ? rest.slice(0, close.index).replace(/\r?\n$/, "") : undefined;
}

function plainScalar(text: string, line: Line): Json {
  if (/^(?:~|null|Null|NULL)?$/.test(text)) return null;
  if (/^(?:true|True|TRUE)$/.test(text)) return true;
  if (/^(?:false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) return Number(text);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(text)) return Number(text);
  if (/^(?:0x|0o|[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$)/.test(text)) fail(line, "unsupported number form");
  // YAML's indicators cannot start a plain scalar (c-indicator); `-`, `?`, `:` only before a space.
  if (/^[&*!%@`|>\]},#[{'"]/.test(text) || /^[-?:](?:\s|$)/.test(text)) fail(line, `unsupported plain scalar start '${text[0]}'`);
  if (/:\s|:$/.test(text)) fail(line, "a ': ' inside a plain scalar");
  return text;
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", n: "\n", t: "\t", r: "\r", "0": "\0", b: "\b", " ": " " };

/** A quoted scalar at the start of `text`: its value and the rest of the line after it. */
function quoted(text: string, line: Line): { value: string; rest: string } {
  if (text.startsWith("'")) {
    let out = "";
    for (let i = 1; i < text.length; i++) {
      if (text[i] === "'") {
        if (text[i + 1] === "'") {
          out += "'";
          i++;
        } else return { value: out, rest: text.slice(i + 1) };
      } else out += text[i];
    }
    fail(line, "a single-quoted scalar continues on the next line");
  }
  let out = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') return { value: out, rest: text.slice(i + 1) };
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = text[++i] ?? "";
    if (e in ESCAPES) out += ESCAPES[e];
    else if (e === "u" || e === "x" || e === "U") {
      const len = e === "x" ? 2 : e === "u" ? 4 : 8;
      const hex = text.slice(i + 1, i + 1 + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) fail(line, "a malformed escape");
      out += String.fromCodePoint(parseInt(hex, 16));
      i += len;
    } else fail(line, `unsupported escape '\\${e}'`);
  }
  fail(line, "a double-quoted scalar continues on the next line");
}

function afterValue(rest: string, line: Line): void {
  if (rest.trim() !== "" && !/^\s+#/.test(rest)) fail(line, "text after a quoted scalar");
}

/** Strips a ` #` comment from a plain scalar. */
function stripComment(text: string): string {
  const at = text.search(/\s#/);
  return (at < 0 ? text : text.slice(0, at)).trimEnd();
}

function flowList(text: string, line: Line): Json[] {
  const body = stripComment(text);
  if (!body.endsWith("]")) fail(line, "a flow list that does not close on its line");
  const inner = body.slice(1, -1).trim();
  if (inner === "") return [];
  const items: Json[] = [];
  let rest = inner;
  while (rest !== "") {
    if (rest.startsWith('"') || rest.startsWith("'")) {
      const q = quoted(rest, line);
      items.push(q.value);
      rest = q.rest.trim();
    } else {
      const comma = rest.indexOf(",");
      const item = (comma < 0 ? rest : rest.slice(0, comma)).trim();
      if (item === "" || /[[\]{}]/.test(item)) fail(line, "an empty or nested item in a flow list");
      items.push(plainScalar(item, line));
      rest = comma < 0 ? "" : rest.slice(comma);
    }
    if (rest.startsWith(",")) rest = rest.slice(1).trim();
    else if (rest !== "") fail(line, "a malformed flow list");
  }
  return items;
}

/** A value written on the key's line (or a list item's), with plain continuation lines. */
function inlineValue(text: string, lines: readonly Line[], at: number, parentIndent: number): { value: Json; next: number } {
  const line = lines[at] as Line;
  if (text.startsWith('"') || text.startsWith("'")) {
    const q = quoted(text, line);
    afterValue(q.rest, line);
    return { value: q.value, next: at + 1 };
  }
  if (text.startsWith("[")) return { value: flowList(text, line), next: at + 1 };
  if (text.startsWith("{")) {
    if (/^\{\s*\}(?:\s+#.*|\s*)$/.test(text)) return { value: {}, next: at + 1 };
    fail(line, "flow mappings");
  }
  let value = stripComment(text);
  let next = at + 1;
  // A plain scalar folds its more-indented continuation lines with single spaces.
  let folded = false;
  while (next < lines.length) {
    const l = lines[next] as Line;
    if (l.text === "") {
      // An empty line inside a folded plain scalar is a newline; only if text follows.
      const after = lines.slice(next).find((x) => x.text !== "");
      if (after === undefined || after.indent <= parentIndent) break;
      value += "\n";
      folded = true;
      next++;
      continue;
    }
    if (l.indent <= parentIndent || l.text.startsWith("#")) break;
    if (/:\s|:$/.test(stripComment(l.text))) fail(l, "a ': ' inside a plain scalar");
    value += folded ? stripComment(l.text) : ` ${stripComment(l.text)}`;
    folded = false;
    next++;
  }
  return { value: next === at + 1 ? plainScalar(value, line) : value, next };
}

function blockScalar(header: string, lines: readonly Line[], at: number, parentIndent: number): { value: string; next: number } {
  const line = lines[at] as Line;
  const m = /^([|>])([+-]?)(?:\s+#.*|\s*)$/.exec(header);
  if (!m) fail(line, "an unsupported block scalar header");
  // Keep chomping (`|+`, `>+`) counts trailing blank lines in ways YAML parsers differ on: refused.
  if (m[2] === "+") fail(line, "keep chomping (|+ or >+)");
  let next = at + 1;
  const body: Line[] = [];
  while (next < lines.length && ((lines[next] as Line).text === "" || (lines[next] as Line).indent > parentIndent)) body.push(lines[next++] as Line);
  const first = body.find((l) => l.text !== "");
  const indent = first?.indent ?? 0;
  // Trailing empty lines are not content (nor read: the next key may follow); a whitespace-only
  // line deeper than the indentation is content in a literal scalar.
  while (body.length > 0 && (body[body.length - 1] as Line).text === "" && (first === undefined || (body[body.length - 1] as Line).raw.length <= indent)) {
    body.pop();
    next--;
  }
  // Spaces past the indentation on a blank line are content (literal) or need an indicator.
  const firstAt = first === undefined ? body.length : body.indexOf(first);
  if (body.some((l, i) => l.text === "" && l.raw.length > indent && (i < firstAt || m[1] === ">"))) fail(line, "whitespace-only lines deeper than a block scalar's indentation");
  if (body.some((l) => l.text !== "" && l.indent < indent)) fail(line, "a block scalar line less indented than its first");
  const texts = body.map((l) => l.raw.slice(indent));
  // Trailing empty lines belong to chomping; the rest is content.
  let trailing = 0;
  while (trailing < texts.length && texts[texts.length - 1 - trailing] === "") trailing++;
  const content = texts.slice(0, texts.length - trailing);
  let value = "";
  if (m[1] === "|") value = content.join("\n");
  else {
    if (body.some((l) => l.text !== "" && l.indent > indent)) fail(line, "more-indented lines in a folded scalar");
    // Folding: adjacent lines join with a space; n empty lines between them become n newlines.
    let blanks = 0;
    let started = false;
    for (const t of content) {
      if (t === "") {
        blanks++;
        continue;
      }
      value += started && blanks === 0 ? ` ${t}` : `${"\n".repeat(blanks)}${t}`;
      started = true;
      blanks = 0;
    }
  }
  if (content.length === 0) return { value: "", next };
  return { value: m[2] === "-" ? value : `${value}\n`, next };
}

function skipBlank(lines: readonly Line[], i: number): number {
  while (i < lines.length && isBlank(lines[i] as Line)) i++;
  return i;
}

function sequence(lines: readonly Line[], at: number, indent: number): { value: Json[]; next: number } {
  const items: Json[] = [];
  let i = at;
  for (i = skipBlank(lines, i); i < lines.length; i = skipBlank(lines, i)) {
    const line = lines[i] as Line;
    if (line.indent < indent) break;
    if (line.indent > indent) fail(line, "unexpected indentation");
    if (!/^-(?:\s|$)/.test(line.text)) break;
    const item = line.text.slice(1).trim();
    if (item === "" || /^[^"'[{][^:]*:(?:\s|$)/.test(item)) fail(line, "lists of mappings or nested lists");
    const parsed = inlineValue(item, lines, i, indent);
    items.push(parsed.value);
    i = parsed.next;
  }
  return { value: items, next: i };
}

function mapping(lines: readonly Line[], at: number, indent: number): { value: { [key: string]: Json }; next: number } {
  const out: { [key: string]: Json } = {};
  let i = skipBlank(lines, at);
  while (i < lines.length) {
    const line = lines[i] as Line;
    if (line.indent < indent) break;
    if (line.indent > indent) fail(line, "unexpected indentation");
    let key: string;
    let rest: string;
    if (line.text.startsWith('"') || line.text.startsWith("'")) {
      const q = quoted(line.text, line);
      if (!/^\s*:(?:\s|$)/.test(q.rest)) fail(line, "a quoted key without ':'");
      key = q.value;
      rest = q.rest.replace(/^\s*:/, "").trim();
    } else {
      const colon = line.text.search(/:(?:\s|$)/);
      if (colon <= 0) fail(line, "a line that is not `key: value`");
      key = line.text.slice(0, colon).trim();
      if (/^[-?&*!|>%@`[{]/.test(key) || key.includes(" #")) fail(line, `unsupported key '${key}'`);
      rest = line.text.slice(colon + 1).trim();
    }
    // Assigned below, `__proto__` would swap the object's prototype (a forged `name` read through it).
    if (key === "__proto__") fail(line, "unsupported key '__proto__'");
    if (Object.hasOwn(out, key)) fail(line, `duplicate key '${key}'`);
    let parsed: { value: Json; next: number };
    if (rest === "" || rest.startsWith("#")) {
      const j = skipBlank(lines, i + 1);
      const child = lines[j];
      if (child !== undefined && /^-(?:\s|$)/.test(child.text) && child.indent >= indent) parsed = sequence(lines, j, child.indent);
      else if (child !== undefined && child.indent > indent) parsed = mapping(lines, j, child.indent);
      else parsed = { value: null, next: i + 1 };
    } else if (rest.startsWith("|") || rest.startsWith(">")) parsed = blockScalar(rest, lines, i, indent);
    else parsed = inlineValue(rest, lines, i, indent);
    out[key] = parsed.value;
    i = skipBlank(lines, parsed.next);
  }
  return { value: out, next: i };
}

/** The frontmatter of a SKILL.md as JSON fields, or why it cannot be read (then: do not load). */
export function readSkillFrontmatter(skillFile: string): { fields: JsonObject } | { error: string } {
  const text = splitFrontmatter(skillFile);
  if (text === undefined) return { error: "SKILL.md does not begin with a --- delimited YAML frontmatter block" };
  const lines: Line[] = text.split(/\r?\n/).map((raw, no) => {
    const indent = raw.length - raw.trimStart().length;
    return { no: no + 1, indent, text: raw.trim(), raw };
  });
  try {
    for (const l of lines) if (/^ *\t/.test(l.raw)) fail(l, "a tab in the indentation");
    const { value, next } = mapping(lines, 0, 0);
    if (next < lines.length) fail(lines[next], "text after the mapping");
    return { fields: value as JsonObject };
  } catch (error) {
    if (error instanceof Unsupported) return { error: `the frontmatter uses YAML this reader does not take (${error.message})` };
    throw error;
  }
}

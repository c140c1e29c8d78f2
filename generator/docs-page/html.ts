// Building HTML as strings, safely: every piece of manifest text reaches the page through
// `text()` or an attribute value, both escaped, so a description holding `<script>` renders as
// text. Markup is only ever written by this module's callers as literal tags.

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for an element's content or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Markup that is already safe (built by `el` or escaped). A branded string, so raw text cannot pass for it by accident. */
export interface Html {
  readonly html: string;
}

export type Child = Html | string | number | undefined | false | null | readonly Child[];

export function raw(html: string): Html {
  return { html };
}

function render(child: Child): string {
  if (child === undefined || child === null || child === false) return "";
  if (typeof child === "string") return escapeHtml(child);
  if (typeof child === "number") return String(child);
  if (Array.isArray(child)) return (child as readonly Child[]).map(render).join("");
  return (child as Html).html;
}

/** Block elements end with a newline, so the page reads (and diffs) line by line; whitespace between them renders as nothing. */
const BLOCKS: ReadonlySet<string> = new Set(["header", "nav", "main", "section", "div", "table", "thead", "tbody", "tr", "h1", "h2", "h3", "h4", "p", "ul", "ol", "li", "dl", "dd", "blockquote", "footer"]);

export type Attributes = Readonly<Record<string, string | number | boolean | undefined>>;

/** One element: attributes in the order given (deterministic), values escaped; `true` writes a bare attribute. */
export function el(tag: string, attributes: Attributes, ...children: Child[]): Html {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    open += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return { html: `${open}>${children.map(render).join("")}</${tag}>${BLOCKS.has(tag) ? "\n" : ""}` };
}

/** Joins children (with an optional separator) into one piece of markup. */
export function join(children: readonly Child[], separator: Child = ""): Html {
  const parts = children.filter((c) => c !== undefined && c !== null && c !== false);
  return { html: parts.map(render).join(render(separator)) };
}

/** An inline `<code>` span. */
export function code(value: string): Html {
  return el("code", {}, value);
}

/** A link only for http(s) URLs: a `javascript:` or other scheme from a manifest stays plain text. */
export function link(url: string, label: Child = url): Html {
  return /^https?:\/\//i.test(url) ? el("a", { href: url, rel: "noopener noreferrer" }, label) : el("span", {}, label);
}

/** A fragment identifier made from a name: letters, digits, `-`, `_`, `.` kept; anything else hex-escaped, so distinct names stay distinct. */
export function anchor(kind: string, name: string): string {
  return `${kind}-${name.replace(/[^A-Za-z0-9_.-]/g, (c) => `~${c.codePointAt(0)?.toString(16)}`)}`;
}

/** Text for an HTML comment: `--` cannot end it early. */
export function commentText(value: string): string {
  return value.replace(/-(?=-)/g, "- ");
}

/** A JSON value as compact text (defaults, enum members, examples). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

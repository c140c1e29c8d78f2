// DECISION RECORD — ONE DOCUMENT PER APP. An app's page is served as a single HTML document: the
// loader inlines the local scripts (`<script src>`) and stylesheets (`<link rel="stylesheet">`)
// the entry references, so the page needs no origin of its own and its `csp` names only the
// origins it really reaches. MCP Apps run in a sandboxed iframe with no same-origin server and a
// deny-by-default CSP; the spec's build guide bundles the page into one file for that reason
// (../shared/spec/docs/extensions/apps/build.mdx § Manual setup). Serving the bundle's other files
// as more ui:// resources would not help: the iframe cannot fetch them. Any other local reference
// (an image, a relative link) cannot be inlined and is refused (MCPGEN2165), as is anything
// outside the entry's folder.
//
// DECISION RECORD — NO SYMBOLIC LINKS BELOW THE ENTRY (MCPGEN2168). The inlined bytes ship inside
// the generated server, so a followed link would publish whatever it points at, outside the
// project included. Every link under the entry is refused, not only those that leave the folder:
// a bundler's output has none, the target is whatever the link says on the day of the build, a
// "stays inside" test needs real paths on both sides, and skill folders already refuse every link
// (MCPGEN2150); one rule for both. The entry itself is named by the manifest and may be a link.
import { lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export interface InlinedPage {
  readonly html: string;
}

export interface InlineProblem {
  readonly code: "MCPGEN2160" | "MCPGEN2165" | "MCPGEN2168";
  readonly message: string;
}

const NOT_LOCAL = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/\/|#)/;
const SCRIPT = /<script\b([^>]*?)\ssrc\s*=\s*(["'])([^"']*)\2([^>]*)>\s*<\/script\s*>/gi;
const LINK = /<link\b[^>]*>/gi;
const ATTRIBUTE = /\s(src|href)\s*=\s*(["'])([^"']*)\2/gi;
/** `from "./x.js"`, `import "./x.js"`, `import("./x.js")`: a module that loads another local file. */
const RELATIVE_IMPORT = /\b(?:import|from)\s*\(?\s*["'](?:\.{1,2}\/|\/)/;
const TAG = /<([A-Za-z][\w-]*)\b[^>]*>/g;

/** The first local src/href of a tag other than the scripts and stylesheets inlined (comments and element text skipped). */
function localReference(html: string): string | undefined {
  const tags = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)\b([^>]*)>[\s\S]*?<\/\1\s*>/gi, "<$1$2>");
  for (const [tag, name] of tags.matchAll(TAG)) {
    const lower = (name ?? "").toLowerCase();
    if (lower === "script" || (lower === "link" && /^stylesheet$/i.test(attr(tag, "rel") ?? ""))) continue;
    for (const m of tag.matchAll(ATTRIBUTE)) {
      const ref = m[3] ?? "";
      if (ref !== "" && !NOT_LOCAL.test(ref)) return `${m[1]}="${ref}"`;
    }
  }
  return undefined;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*(["'])([^"']*)\\1`, "i").exec(tag);
  return m?.[2];
}

/** The first symbolic link on the way down from `root` to `path` (inside it), as a path relative to `root`. */
function linkBelow(root: string, path: string): string | undefined {
  let at = root;
  for (const part of relative(root, path).split(sep)) {
    at = join(at, part);
    if (lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink()) return relative(root, at).split(sep).join("/");
  }
  return undefined;
}

const linkProblem = (link: string, what: string): InlineProblem => ({ code: "MCPGEN2168", message: `${what} is under the symbolic link \`${link}\`; links are not followed` });

/** The page file of `entry`: the file itself, or a folder's index.html. */
function pageFile(entry: string): { file: string; root: string } | InlineProblem {
  try {
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      const file = join(entry, "index.html");
      const linked = linkBelow(entry, file);
      if (linked !== undefined) return linkProblem(linked, "`index.html`");
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return { code: "MCPGEN2160", message: `the bundle folder has no index.html` };
      return { file, root: entry };
    }
    if (!stat.isFile()) return { code: "MCPGEN2160", message: "the entry is neither a file nor a folder" };
    return { file: entry, root: dirname(entry) };
  } catch (err) {
    return { code: "MCPGEN2160", message: `the entry cannot be read (${(err as NodeJS.ErrnoException).code ?? "read error"})` };
  }
}

/** Reads an app's entry (absolute path) and returns one self-contained document, or the first problem. */
export function inlineAppPage(entry: string): InlinedPage | InlineProblem {
  const page = pageFile(entry);
  if ("code" in page) return page;
  let html: string;
  try {
    html = readFileSync(page.file, "utf8");
  } catch (err) {
    return { code: "MCPGEN2160", message: `the page cannot be read (${(err as NodeJS.ErrnoException).code ?? "read error"})` };
  }
  let problem: InlineProblem | undefined;
  const asset = (ref: string): string | undefined => {
    // A root-relative reference (`/assets/x.js`, as bundlers write them) is relative to the bundle folder.
    const local = decodeURIComponent(ref.split(/[?#]/)[0] ?? "");
    const path = local.startsWith("/") ? resolve(page.root, `.${local}`) : resolve(dirname(page.file), local);
    const inside = relative(page.root, path);
    if (inside.startsWith("..") || inside.startsWith(sep) || resolve(page.root, inside) !== path) {
      problem ??= { code: "MCPGEN2165", message: `\`${ref}\` is outside the entry's folder` };
      return undefined;
    }
    const linked = linkBelow(page.root, path);
    if (linked !== undefined) {
      problem ??= linkProblem(linked, `\`${ref}\``);
      return undefined;
    }
    try {
      return readFileSync(path, "utf8");
    } catch (err) {
      problem ??= { code: "MCPGEN2165", message: `\`${ref}\` cannot be read (${(err as NodeJS.ErrnoException).code ?? "read error"})` };
      return undefined;
    }
  };
  // `</script` and `</style` inside inlined text would end the element early.
  let out = html.replace(SCRIPT, (tag, before: string, _q: string, src: string, after: string) => {
    if (NOT_LOCAL.test(src)) return tag;
    const code = asset(src);
    // An inlined module has no URL of its own, so a relative import in it could not load.
    if (code !== undefined && /\btype\s*=\s*["']?module/i.test(tag) && RELATIVE_IMPORT.test(code)) {
      problem ??= { code: "MCPGEN2165", message: `\`${src}\` imports another local module; inlined, it could not load it (bundle the page's scripts into one)` };
    }
    return code === undefined ? tag : `<script${`${before}${after}`.trimEnd()}>${code.replace(/<\/(script)/gi, "<\\/$1")}</script>`;
  });
  out = out.replace(LINK, (tag) => {
    const href = attr(tag, "href");
    if (href === undefined || NOT_LOCAL.test(href) || !/^stylesheet$/i.test(attr(tag, "rel") ?? "")) return tag;
    const css = asset(href);
    return css === undefined ? tag : `<style>${css.replace(/<\/(style)/gi, "<\\/$1")}</style>`;
  });
  if (problem) return problem;
  const local = localReference(html);
  if (local !== undefined) return { code: "MCPGEN2165", message: `\`${local}\` is a local reference that cannot be inlined (only scripts and stylesheets are)` };
  return { html: out };
}

/**
 * The files an app's page is built from, for `mcp-gen dev` to regenerate on: a bundle folder's
 * files (up to 1,000), or a single page and the local scripts and stylesheets it names.
 */
export function pageInputs(entry: string): string[] {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (stat?.isDirectory()) {
    const out: string[] = [];
    const walk = (dir: string): void => {
      for (const item of readdirSync(dir, { withFileTypes: true })) {
        if (out.length >= 1000) return;
        const path = join(dir, item.name);
        if (item.isDirectory()) walk(path);
        else if (item.isFile()) out.push(path);
      }
    };
    walk(entry);
    return out.sort();
  }
  let html: string;
  try {
    html = readFileSync(entry, "utf8");
  } catch {
    return [entry];
  }
  const refs = [...html.matchAll(SCRIPT)].map((m) => m[3] ?? "").concat([...html.matchAll(LINK)].map((m) => attr(m[0], "href") ?? ""));
  const local = refs.filter((ref) => ref !== "" && !NOT_LOCAL.test(ref)).map((ref) => resolve(dirname(entry), decodeURIComponent(ref.split(/[?#]/)[0] ?? "").replace(/^\//, "./")));
  return [entry, ...new Set(local)];
}

// The manifest's `apps` at load time: the page inlined into one document, the IR (apps, tools'
// `_meta.ui`, the extension advertised) and each MCPGEN216x diagnostic with its file:line:col,
// path and hint.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadManifest, loadManifestText } from "../../generator/manifest/load.js";
import { TMP_DIR } from "../support/tmp.js";
import { DASHBOARD_MANIFEST } from "./support.js";

const DIR = join(TMP_DIR, "apps", "loader");
const MANIFEST = join(DIR, "mcp.yaml");

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(DIR, path)), { recursive: true });
    writeFileSync(join(DIR, path), text);
  }
}

beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  write({
    "bundle/index.html": '<!doctype html><html><head><link rel="stylesheet" href="css/site.css"></head><body><a href="#top">top</a><img src="data:image/png;base64,AA=="><script type="module" src="./main.js"></script><script src="https://cdn.example.com/lib.js"></script></body></html>',
    "bundle/main.js": 'document.body.append("</script> stays text");\n',
    "bundle/css/site.css": "body { color: red; }\n",
    "single.html": "<!doctype html><p>one file</p>",
    "empty-folder/readme.txt": "no index here",
    "with-image/index.html": '<html><body><img src="logo.png"></body></html>',
    "with-image/logo.png": "png",
    "escapes/index.html": '<html><body><script src="../bundle/main.js"></script></body></html>',
    "missing-script/index.html": '<html><body><script src="gone.js"></script></body></html>',
    // What a bundler writes: root-relative asset paths, crossorigin, a data- attribute that is not a reference.
    "built/index.html": '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1a2b.js"></script><link rel="stylesheet" crossorigin href="/assets/index-3c4d.css"></head><body><div data-src="not/a/reference.png"></div></body></html>',
    "built/assets/index-1a2b.js": 'console.log("bundled");\n',
    "built/assets/index-3c4d.css": "div { margin: 0; }\n",
    "chunked/index.html": '<html><body><script type="module" src="main.js"></script></body></html>',
    "chunked/main.js": 'import { x } from "./chunk.js";\nconsole.log(x);\n',
    "chunked/chunk.js": "export const x = 1;\n",
  });
});

const HEAD = "mcpgen: 1\nserver: { name: Board Server, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\n";

function load(body: string) {
  return loadManifestText(HEAD + body, MANIFEST);
}

function codes(body: string) {
  return load(body).diagnostics.map((d) => ({ code: d.code, severity: d.severity, line: d.line, column: d.column, path: d.path }));
}

describe("manifest apps: the IR", () => {
  it("examples/dashboard is valid and warning-free", async () => {
    const { manifest, diagnostics } = await loadManifest(DASHBOARD_MANIFEST);
    expect(diagnostics).toEqual([]);
    expect(manifest!.apps!.map((a) => a.uri)).toEqual(["ui://dashboard/index.html"]);
  });

  it("inlines a bundle folder's scripts and stylesheets, links the tools, advertises the extension", () => {
    const { manifest, diagnostics } = load(
      [
        "extensions:",
        "  com.example/search: { depth: 2 }",
        "apps:",
        "  board:",
        "    entry: bundle",
        "    csp: { connectDomains: ['https://api.example.com', 'wss://*.example.com:8443'], frameDomains: ['https://www.youtube.com'] }",
        "    permissions: [camera, clipboardWrite]",
        "    domain: board.example.com",
        "  single:",
        "    entry: single.html",
        "    uri: ui://board/single.html",
        "    title: Single",
        "tools:",
        "  show: { app: board }",
        "  refresh: { app: { name: board, visibility: [app], fallback: Open the board in an MCP Apps host. }, _meta: { com.example/x: 1 } }",
        "  plain_one: {}",
        "  single_one: { app: single }",
        "",
      ].join("\n"),
    );
    expect(diagnostics).toEqual([]);
    const apps = manifest!.apps!;
    expect(apps.map((a) => [a.name, a.uri])).toEqual([
      ["board", "ui://board-server/board.html"],
      ["single", "ui://board/single.html"],
    ]);
    const board = apps[0]!;
    expect(board.ui).toEqual({
      csp: { connectDomains: ["https://api.example.com", "wss://*.example.com:8443"], frameDomains: ["https://www.youtube.com"] },
      permissions: { camera: {}, clipboardWrite: {} },
      domain: "board.example.com",
    });
    expect(board.html).toContain("<style>body { color: red; }\n</style>");
    expect(board.html).toContain('<script type="module">document.body.append("<\\/script> stays text");');
    // Remote scripts, fragments and data: URLs stay as they are.
    expect(board.html).toContain('<script src="https://cdn.example.com/lib.js"></script>');
    expect(board.html).toContain('href="#top"');
    expect(apps[1]!).toMatchObject({ title: "Single", html: "<!doctype html><p>one file</p>", ui: {} });

    const tools = Object.fromEntries(manifest!.tools.map((t) => [t.name, t]));
    expect(tools["show"]!._meta).toEqual({ ui: { resourceUri: "ui://board-server/board.html" } });
    expect(tools["show"]!.app).toEqual({ name: "board", uri: "ui://board-server/board.html" });
    expect(tools["refresh"]!._meta).toEqual({ "com.example/x": 1, ui: { resourceUri: "ui://board-server/board.html", visibility: ["app"] } });
    expect(tools["refresh"]!.app).toEqual({ name: "board", uri: "ui://board-server/board.html", fallback: "Open the board in an MCP Apps host." });
    expect(tools["plain_one"]!._meta).toBeUndefined();
    expect(Object.keys(manifest!.extensions!)).toEqual(["com.example/search", "io.modelcontextprotocol/ui"]);
    expect(manifest!.extensions!["io.modelcontextprotocol/ui"]).toEqual({});
  });

  it("inlines a bundler's output: root-relative paths resolve in the bundle folder", () => {
    const { manifest, diagnostics } = load("apps:\n  built: { entry: built }\ntools:\n  t: { app: built }\n");
    expect(diagnostics).toEqual([]);
    const html = manifest!.apps![0]!.html;
    expect(html).toContain('<script type="module" crossorigin>console.log("bundled");');
    expect(html).toContain("<style>div { margin: 0; }\n</style>");
    expect(html).toContain('data-src="not/a/reference.png"');
  });

  it("keeps a declared io.modelcontextprotocol/ui setting, and adds nothing without apps", () => {
    const declared = load("extensions:\n  io.modelcontextprotocol/ui: { note: kept }\napps:\n  one: { entry: single.html }\ntools:\n  t: { app: one }\n");
    expect(declared.manifest!.extensions).toEqual({ "io.modelcontextprotocol/ui": { note: "kept" } });
    const none = load("tools:\n  t: {}\n");
    expect(none.manifest!.apps).toBeUndefined();
    expect(none.manifest!.extensions).toBeUndefined();
  });
});

describe("manifest apps: diagnostics", () => {
  it("MCPGEN2160: an entry that does not exist, or a folder without index.html", () => {
    const { diagnostics } = load("apps:\n  a: { entry: nowhere.html }\n  b: { entry: empty-folder }\ntools:\n  t: { app: a }\n  u: { app: b }\n");
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.path])).toEqual([
      ["MCPGEN2160", 5, 15, "apps.a.entry"],
      ["MCPGEN2160", 6, 15, "apps.b.entry"],
    ]);
    expect(diagnostics[0]!.message).toContain("ENOENT");
    expect(diagnostics[1]!.message).toContain("no index.html");
    expect(diagnostics[0]!.hint).toMatch(/relative to the manifest/);
    expect(diagnostics[0]!.file).toBe(MANIFEST);
  });

  it("MCPGEN2161: CSP entries that are not origins, at the entry", () => {
    const found = codes("apps:\n  a:\n    entry: single.html\n    csp:\n      connectDomains: [https://ok.example.com, https://api.example.com/v1]\n      resourceDomains:\n        - cdn.example.com\n        - 'https://*.example.com'\n        - ftp://files.example.com\ntools:\n  t: { app: a }\n");
    expect(found).toEqual([
      { code: "MCPGEN2161", severity: "error", line: 8, column: 48, path: "apps.a.csp.connectDomains[1]" },
      { code: "MCPGEN2161", severity: "error", line: 10, column: 11, path: "apps.a.csp.resourceDomains[0]" },
      { code: "MCPGEN2161", severity: "error", line: 12, column: 11, path: "apps.a.csp.resourceDomains[2]" },
    ]);
    expect(load("apps:\n  a: { entry: single.html, csp: { connectDomains: [api.example.com] } }\ntools:\n  t: { app: a }\n").diagnostics[0]!.hint).toMatch(/scheme:\/\/host\[:port\]/);
  });

  it("MCPGEN2162: a tool linking to an app that is not declared, with the names in the hint", () => {
    const { diagnostics } = load("apps:\n  board: { entry: single.html }\ntools:\n  t: { app: board }\n  u: { app: { name: bord } }\n");
    expect(diagnostics.map((d) => [d.code, d.line, d.path])).toEqual([["MCPGEN2162", 8, "tools.u.app.name"]]);
    expect(diagnostics[0]!.hint).toBe("use one of: board");
  });

  it("MCPGEN2163: a URI that is not ui://, or one a resource or another app already uses", () => {
    const found = codes("resources:\n  r: { uri: 'ui://x/page.html' }\napps:\n  a: { entry: single.html, uri: 'https://x/page.html' }\n  b: { entry: single.html, uri: 'ui://x/page.html' }\n  c: { entry: single.html, uri: 'ui://x/c.html' }\n  d: { entry: single.html, uri: 'ui://x/c.html' }\ntools:\n  t: { app: a }\n  u: { app: b }\n  v: { app: c }\n  w: { app: d }\n");
    expect(found.map((f) => [f.code, f.path])).toEqual([
      ["MCPGEN2163", "apps.a.uri"],
      ["MCPGEN2163", "apps.b.uri"],
      ["MCPGEN2163", "apps.d.uri"],
    ]);
  });

  it("MCPGEN2164: `app` and `_meta.ui` on one tool", () => {
    expect(codes("apps:\n  a: { entry: single.html }\ntools:\n  t:\n    app: a\n    _meta:\n      ui: { resourceUri: 'ui://other' }\n")).toEqual([{ code: "MCPGEN2164", severity: "error", line: 10, column: 7, path: "tools.t._meta.ui" }]);
  });

  it("MCPGEN2165: local assets that cannot be inlined", () => {
    const { diagnostics } = load("apps:\n  a: { entry: with-image }\n  b: { entry: escapes }\n  c: { entry: missing-script }\ntools:\n  t: { app: a }\n  u: { app: b }\n  v: { app: c }\n");
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["MCPGEN2165", "apps.a.entry"],
      ["MCPGEN2165", "apps.b.entry"],
      ["MCPGEN2165", "apps.c.entry"],
    ]);
    expect(diagnostics[0]!.message).toContain('src="logo.png"');
    expect(diagnostics[1]!.message).toContain("outside the entry's folder");
    expect(diagnostics[2]!.message).toContain("gone.js");
    expect(diagnostics[0]!.hint).toContain("csp.resourceDomains");
  });

  it("MCPGEN2165: an inlined module that imports another local module", () => {
    const { diagnostics } = load("apps:\n  a: { entry: chunked }\ntools:\n  t: { app: a }\n");
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([["MCPGEN2165", "apps.a.entry"]]);
    expect(diagnostics[0]!.message).toContain("imports another local module");
  });

  it("MCPGEN2166: a domain that is not a host name", () => {
    expect(codes("apps:\n  a: { entry: single.html, domain: 'https://a.example.com' }\ntools:\n  t: { app: a }\n").map((d) => [d.code, d.path])).toEqual([["MCPGEN2166", "apps.a.domain"]]);
  });

  it("MCPGEN2167: an app no tool links to is a warning, and the manifest still loads", () => {
    const { manifest, diagnostics } = load("apps:\n  lonely: { entry: single.html }\ntools:\n  t: {}\n");
    expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([["MCPGEN2167", "warning", 5, 3]]);
    expect(manifest!.apps!.map((a) => a.name)).toEqual(["lonely"]);
  });

  it("the schema refuses unknown app fields and permissions", () => {
    const { diagnostics } = load("apps:\n  a: { entry: single.html, permissions: [telepathy], colour: red }\ntools:\n  t: { app: a }\n");
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.severity === "error" && d.path.startsWith("apps.a"))).toBe(true);
  });
});

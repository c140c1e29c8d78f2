// The page's only stylesheet, inlined: the page loads nothing. System fonts; light and dark.
export const STYLES = `
:root { color-scheme: light dark; --fg: #1d232a; --muted: #5b6773; --bg: #ffffff; --panel: #f4f6f8; --line: #d8dee4; --accent: #0b5cad; --warn: #a4330c; --ok: #1c6b3a; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ec; --muted: #9aa6b2; --bg: #15191d; --panel: #1e242a; --line: #33404c; --accent: #74b3ff; --warn: #ff9a73; --ok: #7fd39b; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); display: flex; align-items: flex-start; }
nav.toc { position: sticky; top: 0; flex: 0 0 15rem; max-height: 100vh; overflow: auto; padding: 1.25rem 1rem; border-right: 1px solid var(--line); font-size: 14px; }
nav.toc ul { list-style: none; margin: 0 0 0.75rem; padding: 0; }
nav.toc li li { padding-left: 0.75rem; }
nav.toc a { color: var(--accent); text-decoration: none; }
main { flex: 1 1 auto; min-width: 0; max-width: 70rem; padding: 1.25rem 2rem 4rem; }
h1 { margin: 0 0 0.25rem; font-size: 1.8rem; }
h1 .version { font-size: 1rem; color: var(--muted); font-weight: normal; }
h2 { margin: 2.25rem 0 0.75rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--line); font-size: 1.35rem; }
h2.small { font-size: 1rem; border: 0; margin: 1rem 0 0.25rem; }
h3 { margin: 0 0 0.5rem; font-size: 1.1rem; display: flex; gap: 0.75rem; align-items: baseline; flex-wrap: wrap; }
h4 { margin: 1rem 0 0.35rem; font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
.entry-title { color: var(--muted); font-weight: normal; }
section.entry { margin: 0 0 1.25rem; padding: 1rem 1.25rem; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
code { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0.75rem 0; }
dt { color: var(--muted); }
dd { margin: 0; }
ul.facts { margin: 0.25rem 0; padding-left: 1.25rem; }
blockquote { margin: 0; padding: 0.5rem 1rem; border-left: 3px solid var(--line); color: var(--muted); white-space: pre-wrap; }
table { width: 100%; border-collapse: collapse; margin: 0.25rem 0 0.5rem; background: var(--bg); font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.6rem; border: 1px solid var(--line); }
th { background: var(--panel); font-weight: 600; }
table.schema { table-layout: fixed; }
table.schema th:nth-child(1) { width: 20%; } table.schema th:nth-child(2) { width: 26%; } table.schema th:nth-child(3) { width: 10%; } table.schema th:nth-child(4) { width: 12%; }
td.param { overflow-wrap: anywhere; }
p.closed { margin: 0 0 0.5rem; color: var(--muted); font-size: 13px; }
.nest { color: var(--muted); }
.type { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.ref, .bound, .values, .note, .empty { color: var(--muted); font-size: 13px; }
td.req { color: var(--warn); font-weight: 600; }
tr.variant .param-name, tr.additional .param-name, tr.pattern .param-name { font-style: italic; color: var(--muted); }
.badge { display: inline-block; padding: 0 0.5rem; border-radius: 999px; border: 1px solid var(--line); font-size: 12px; }
.badge.on { border-color: var(--accent); color: var(--accent); }
.badge.off { color: var(--muted); }
.asks { margin-top: 0.75rem; padding: 0.5rem 0.75rem; border-left: 3px solid var(--accent); }
.ask p { margin: 0.25rem 0; }
.pulled { color: var(--warn); }
footer { margin-top: 3rem; color: var(--muted); font-size: 13px; }
@media print { nav.toc { display: none; } section.entry { break-inside: avoid; } }
`;

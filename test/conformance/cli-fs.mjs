// node:fs plus a minimal globSync for the conformance CLI on Node 20. Supports `*`, `?` and `**`
// segments, which covers the one pattern the CLI uses ("**/checks.json").
import fs from "node:fs";
import path from "node:path";

export * from "node:fs";
export default fs;

function patternToRegExp(pattern) {
  const segments = pattern.split("/");
  const parts = segments.map((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === "**") return last ? ".*" : "(?:.*/)?";
    const body = segment
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")
      .replace(/\?/g, "[^/]");
    return last ? body : `${body}/`;
  });
  return new RegExp(`^${parts.join("")}$`);
}

export function globSync(pattern, options = {}) {
  const root = options.cwd ? String(options.cwd) : process.cwd();
  const matchers = (Array.isArray(pattern) ? pattern : [pattern]).map(patternToRegExp);
  const found = [];
  const visit = (relative) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (matchers.some((m) => m.test(child))) found.push(child);
      if (entry.isDirectory()) visit(child);
    }
  };
  visit("");
  return found;
}

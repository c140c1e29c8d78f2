// Names and identifiers (MCPGEN12xx): tool name syntax, names that become reserved words or
// empty identifiers, and names that collapse onto one TypeScript identifier within a namespace.
import { severityOf } from "../diagnostics/codes.js";
import type { JsonPath } from "../diagnostics/json-path.js";
import { isReservedIdentifier, toIdentifier } from "./identifiers.js";
import { entriesOf, INPUT_OWNERS, isMap, mapAt } from "./raw.js";
import type { Reporter } from "./reporter.js";
import { parseUriTemplate } from "./uri-template.js";

// SEP-986 / S26:server/tools § Tool Names: 1–128 of A-Z a-z 0-9 _ - .
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

interface NamedEntry {
  readonly name: string;
  readonly path: JsonPath;
}

/** Checks one namespace: each name must give a usable identifier, distinct from the others. */
function checkNamespace(entries: readonly NamedEntry[], what: string, reporter: Reporter): void {
  const seen = new Map<string, NamedEntry>();
  for (const entry of entries) {
    const id = toIdentifier(entry.name);
    if (id === "") {
      reporter.report("MCPGEN1204", entry.path, `${what} name ${JSON.stringify(entry.name)} has no letters or digits to make a TypeScript identifier from`, "use a name with letters or digits, e.g. get_user", { target: "key" });
      continue;
    }
    if (isReservedIdentifier(id)) {
      reporter.report("MCPGEN1203", entry.path, `${what} name ${JSON.stringify(entry.name)} becomes the TypeScript identifier \`${id}\`, a reserved word`, `rename it, e.g. ${JSON.stringify(`${entry.name}_${what === "handle" ? "id" : "item"}`)}`, { target: "key" });
      continue;
    }
    const first = seen.get(id);
    if (first) {
      reporter.report("MCPGEN1202", entry.path, `${what} names ${JSON.stringify(first.name)} and ${JSON.stringify(entry.name)} both become the TypeScript identifier \`${id}\``, `rename one of them; names map to identifiers by dropping - _ . and capitalizing the next letter`, { target: "key" });
      continue;
    }
    seen.set(id, entry);
  }
}

function named(root: unknown, key: string): NamedEntry[] {
  return entriesOf(isMap(root) ? root[key] : undefined).map(([name]) => ({ name, path: [key, name] }));
}

export function checkNames(root: unknown, reporter: Reporter): void {
  // A pulled manifest records a remote server's names as they are: the syntax rule is a SHOULD
  // [S25:server/tools § Tool Names], so a name outside it is a warning there, not a reason to refuse the server.
  const pulled = isMap(root) && isMap(root["pulled"]);
  for (const { name, path } of named(root, "tools")) {
    if (!TOOL_NAME.test(name)) {
      const bad = [...name].find((c) => !/[A-Za-z0-9_.-]/.test(c));
      const detail = name.length === 0 ? "is empty" : name.length > 128 ? `is ${name.length} characters long` : `contains ${JSON.stringify(bad)}`;
      reporter.report("MCPGEN1201", path, `tool name ${JSON.stringify(name)} ${detail}; tool names are 1–128 characters of A-Z a-z 0-9 _ - .`, `rename it, e.g. ${JSON.stringify(name.replace(/[^A-Za-z0-9_.-]+/g, "_").slice(0, 128) || "my_tool")}`, { target: "key", severity: severityOf("MCPGEN1201", { pulled }) });
    }
  }
  checkNamespace(named(root, "tools"), "tool", reporter);
  checkNamespace(named(root, "prompts"), "prompt", reporter);
  // Static resources and templates share one handler namespace in generated code.
  checkNamespace([...named(root, "resources"), ...named(root, "templates")], "resource", reporter);
  checkNamespace(named(root, "handles"), "handle", reporter);
  checkNamespace(named(root, "definitions"), "definition", reporter);

  for (const owner of INPUT_OWNERS) {
    for (const [name, entry] of entriesOf(isMap(root) ? root[owner] : undefined)) {
      const inputs = mapAt(entry, "inputs");
      if (inputs) checkNamespace(Object.keys(inputs).map((k) => ({ name: k, path: [owner, name, "inputs", k] })), "input request", reporter);
    }
  }
  for (const [name, prompt] of entriesOf(isMap(root) ? root["prompts"] : undefined)) {
    const args = mapAt(prompt, "arguments");
    if (args) checkNamespace(Object.keys(args).map((k) => ({ name: k, path: ["prompts", name, "arguments", k] })), "prompt argument", reporter);
  }
  for (const [name, template] of entriesOf(isMap(root) ? root["templates"] : undefined)) {
    const uriTemplate = isMap(template) ? template["uriTemplate"] : undefined;
    if (typeof uriTemplate !== "string") continue;
    const parsed = parseUriTemplate(uriTemplate);
    if (!parsed.ok) continue;
    const unique = [...new Set(parsed.variables.map((v) => v.name))];
    checkNamespace(unique.map((v) => ({ name: v, path: ["templates", name, "uriTemplate"] })), "template variable", reporter);
  }
}

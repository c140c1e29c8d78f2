// YAML-level problems (MCPGEN10xx) from `yaml`'s own error list, with plain hints.
import type { YAMLError } from "yaml";
import type { Reporter } from "./reporter.js";
import { type ParsedYaml, pathAtOffset, positionOfOffset } from "./source.js";

const HINTS: Record<string, string> = {
  BAD_INDENT: "check the indentation: items of one mapping or list must line up, and nested content must be indented further",
  TAB_AS_INDENT: "indent with spaces; YAML does not allow tabs for indentation",
  MISSING_CHAR: "a closing bracket, brace or quote is missing",
  MULTILINE_IMPLICIT_KEY: "a key must fit on one line; quote values that contain `: `",
  BLOCK_AS_IMPLICIT_KEY: "quote the value, or put the nested block on the following lines",
  UNEXPECTED_TOKEN: "remove or quote the unexpected character",
  BAD_SCALAR_START: "quote values that start with a YAML indicator such as @ or `",
  DUPLICATE_KEY: "remove one of the two entries (or rename it)",
  MULTIPLE_DOCS: "keep the whole manifest in one YAML document (remove the `---` separator)",
  TAG_RESOLVE_FAILED: "remove the custom `!tag`",
  ALIAS_PROPS: "an alias cannot carry a tag or anchor",
};

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?$/, "");
}

function report(source: ParsedYaml, reporter: Reporter, e: YAMLError, severity: "error" | "warning"): void {
  // Some errors point at the start of an indented line; the first non-blank character is where the eye goes.
  let offset = e.pos[0];
  while (offset < source.text.length && source.text[offset] === " " && (offset === 0 || /[\n ]/.test(source.text[offset - 1] ?? ""))) offset++;
  const position = positionOfOffset(source, offset);
  const path = pathAtOffset(source, offset);
  const hint = HINTS[e.code] ?? "fix the YAML syntax at this position";
  if (e.code === "DUPLICATE_KEY") {
    const key = source.text.slice(e.pos[0], e.pos[1]).trim();
    const where = path.slice(0, -1);
    reporter.report("MCPGEN1002", path.length > 0 && path[path.length - 1] === key ? path : [...where, key], `duplicate key \`${key}\``, hint, { position, severity });
    return;
  }
  if (e.code === "MULTIPLE_DOCS") {
    reporter.report("MCPGEN1005", [], "the file holds more than one YAML document", hint, { position, severity });
    return;
  }
  reporter.report("MCPGEN1001", path, firstLine(e.message), hint, { position, severity });
}

/** Reports YAML errors and warnings; true when the document can still be read (only duplicate keys). */
export function reportYamlProblems(source: ParsedYaml, reporter: Reporter): boolean {
  for (const e of source.doc.errors) report(source, reporter, e, "error");
  for (const w of source.doc.warnings) report(source, reporter, w, "warning");
  return source.doc.errors.every((e) => e.code === "DUPLICATE_KEY");
}

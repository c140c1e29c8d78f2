import type { Command } from "commander";
import { diffArguments } from "../diff/diff.js";
import { formatJson } from "../diff/format/json.js";
import { formatMarkdown } from "../diff/format/markdown.js";
import { formatRulesJson, formatRulesMarkdown, formatRulesText } from "../diff/format/rules.js";
import { reachesLevel } from "../diff/format/summary.js";
import { formatText } from "../diff/format/text.js";
import { ALL_RULES } from "../diff/rules/index.js";
import type { Level } from "../diff/types.js";
import { UserError } from "../errors.js";

const FORMATS = ["text", "json", "markdown"] as const;
type Format = (typeof FORMATS)[number];
const FAIL_LEVELS: readonly Level[] = ["breaking", "warning"];

interface DiffOptions {
  format: string;
  failOn?: string;
  rules?: boolean;
}

/**
 * `mcp-gen diff OLD NEW`. Exit codes: 0 = compared (whatever changed), 1 = `--fail-on`
 * threshold reached (or a user error, printed on stderr), 2 = a bug in mcp-gen.
 */
export function registerDiffCommand(program: Command): void {
  program
    .command("diff")
    .description("report wire changes between two spec revisions (names or schema.json paths) or two manifests, with breaking-change rules")
    .argument("[old]", "revision name, schema.json path or manifest path")
    .argument("[new]", "revision name, schema.json path or manifest path")
    .option("--format <format>", "text, json or markdown", "text")
    .option("--fail-on <level>", "exit 1 when a change at this level or worse exists: breaking or warning")
    .option("--rules", "list every rule (id, level, categories, purpose) and exit")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  mcp-gen diff 2025-11-25 2026-07-28",
        "  mcp-gen diff main/mcp.yaml mcp.yaml --fail-on breaking",
        "  mcp-gen diff old.yaml new.yaml --format markdown > diff.md",
        "  mcp-gen diff --rules --format json",
        "",
        "Rules, levels and paths: docs/diff.md",
      ].join("\n"),
    )
    .action(async (oldArgument: string | undefined, newArgument: string | undefined, options: DiffOptions) => {
      const format = parseFormat(options.format);
      if (options.rules) {
        const text = format === "json" ? formatRulesJson(ALL_RULES) : format === "markdown" ? formatRulesMarkdown(ALL_RULES) : formatRulesText(ALL_RULES);
        process.stdout.write(text);
        return;
      }
      const failOn = parseFailOn(options.failOn);
      if (oldArgument === undefined || newArgument === undefined) {
        throw new UserError("MCPGEN2005", "diff needs two arguments: OLD and NEW", "e.g. `mcp-gen diff 2025-11-25 2026-07-28` or `mcp-gen diff old/mcp.yaml mcp.yaml`");
      }
      const result = await diffArguments(oldArgument, newArgument);
      process.stdout.write(format === "json" ? formatJson(result) : format === "markdown" ? formatMarkdown(result) : formatText(result));
      if (failOn && reachesLevel(result.changes, failOn)) process.exitCode = 1;
    });
}

function parseFormat(value: string): Format {
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new UserError("MCPGEN2006", `unknown --format '${value}'`, `use one of: ${FORMATS.join(", ")}`);
}

function parseFailOn(value: string | undefined): Level | undefined {
  if (value === undefined) return undefined;
  if ((FAIL_LEVELS as readonly string[]).includes(value)) return value as Level;
  throw new UserError("MCPGEN2006", `unknown --fail-on '${value}'`, `use one of: ${FAIL_LEVELS.join(", ")}`);
}

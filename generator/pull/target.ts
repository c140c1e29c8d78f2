// What `mcp-gen pull` talks to, and how it says so in a manifest without leaking secrets.
//
// DECISION RECORD — HEADER VALUES FROM THE ENVIRONMENT. Servers that need credentials get
// them through `--header NAME=VALUE`. VALUE may be `env:VAR` (the whole value is read from
// the environment variable VAR) or contain `${VAR}` placeholders (each replaced by VAR's
// value, so `Authorization=Bearer ${TOKEN}` works when the shell did not expand it, e.g.
// single-quoted in CI). A variable that is not set is an error, never an empty string: a
// missing token should fail loudly, not produce an anonymous request. Header values are used
// for the connection only and are never written anywhere; the manifest records only the
// redacted target (`pulled.from`).
import { UserError } from "../errors.js";

export type PullTarget =
  | { readonly kind: "http"; readonly url: string; readonly headers: Readonly<Record<string, string>> }
  | { readonly kind: "stdio"; readonly command: string; readonly args: readonly string[] };

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Expands `env:VAR` and `${VAR}` in one header value. */
export function expandHeaderValue(value: string, env: NodeJS.ProcessEnv, headerName: string): string {
  const lookup = (name: string): string => {
    const found = env[name];
    if (found === undefined) throw new UserError("MCPGEN4003", `--header ${headerName} refers to the environment variable ${name}, which is not set`, `export ${name} before running mcp-gen pull`);
    return found;
  };
  const whole = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(value);
  if (whole) return lookup(whole[1] as string);
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => lookup(name));
}

/** Parses repeated `--header NAME=VALUE` options. */
export function parseHeaders(specs: readonly string[], env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const spec of specs) {
    const eq = spec.indexOf("=");
    const name = eq < 0 ? spec : spec.slice(0, eq);
    if (eq < 1 || !HEADER_NAME.test(name)) {
      throw new UserError("MCPGEN4002", `--header ${JSON.stringify(spec)} is not NAME=VALUE`, "e.g. --header 'Authorization=Bearer ${TOKEN}' or --header X-Api-Key=env:API_KEY");
    }
    headers[name] = expandHeaderValue(spec.slice(eq + 1), env, name);
  }
  return headers;
}

/**
 * Splits a `--stdio` command line into program and arguments: whitespace separates words,
 * single or double quotes group them, a backslash escapes the next character. No shell is
 * involved, so nothing else (globs, variables, pipes) is interpreted.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) current += line[++i];
      else current += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      current += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new UserError("MCPGEN4001", `--stdio command has an unterminated ${quote} quote`, "close the quote");
  if (inWord) words.push(current);
  return words;
}

export interface TargetInput {
  readonly url?: string | undefined;
  readonly stdio?: string | undefined;
  readonly headers?: readonly string[] | undefined;
}

export function resolveTarget(input: TargetInput, env: NodeJS.ProcessEnv = process.env): PullTarget {
  if (input.url !== undefined && input.stdio !== undefined) {
    throw new UserError("MCPGEN4001", "give either a URL or --stdio, not both", "e.g. `mcp-gen pull https://host/mcp --out mcp.yaml` or `mcp-gen pull --stdio \"node server.js\" --out mcp.yaml`");
  }
  if (input.stdio !== undefined) {
    const words = splitCommandLine(input.stdio);
    if (words.length === 0) throw new UserError("MCPGEN4001", "--stdio needs a command", 'e.g. --stdio "node server.js"');
    if ((input.headers ?? []).length > 0) throw new UserError("MCPGEN4002", "--header applies to HTTP servers only", "pass credentials to a stdio server through its environment");
    return { kind: "stdio", command: words[0] as string, args: words.slice(1) };
  }
  if (input.url === undefined) throw new UserError("MCPGEN4001", "pull needs a target: an http(s) URL or --stdio <command>", 'e.g. `mcp-gen pull http://127.0.0.1:3000/mcp --out mcp.yaml`');
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new UserError("MCPGEN4001", `${JSON.stringify(input.url)} is not a URL`, 'give an http(s) URL, or a stdio command with --stdio "node server.js"');
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UserError("MCPGEN4001", `${url.protocol} URLs are not supported`, "use http:// or https://, or --stdio for a local command");
  return { kind: "http", url: url.toString(), headers: parseHeaders(input.headers ?? [], env) };
}

/**
 * The target as the manifest records it. URLs lose user info, query and fragment (where
 * tokens tend to hide); a stdio command is kept as given, since it is the caller's own
 * command line (pass secrets to it through its environment, not its arguments).
 */
export function describeTarget(target: PullTarget): string {
  if (target.kind === "stdio") return `stdio:${[target.command, ...target.args].map(quoteWord).join(" ")}`;
  const url = new URL(target.url);
  url.username = "";
  url.password = "";
  url.search = "";
  url.hash = "";
  return url.toString();
}

function quoteWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

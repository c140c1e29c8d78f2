// DECISION RECORD — ONE REGISTRY OF STABLE CODES. Every diagnostic code mcp-gen can emit (manifest
// diagnostics, emitter diagnostics, UserErrors of every command, pull warnings) is declared here
// once, with its severity, one meaning and, for manifest codes, the usual fix. `UserError`, the
// manifest reporter and the emitter take a `DiagnosticCode`, so a code literal that is not a key
// of this table does not compile. Codes are never reused or renumbered once released: tools and CI
// logs match on them. Ranges and their docs pages: ranges.ts. The docs tables are generated from
// this table (docs-tables.ts; a test fails when a page is stale).
import { type CodeRange, rangeOf } from "./ranges.js";

export type CodeSeverity = "error" | "warning";

export interface CodeEntry {
  /** The severity the code is reported with. */
  readonly severity: CodeSeverity;
  /** When the code is reported as a warning instead of an error (only for error codes). */
  readonly warningWhen?: string;
  /** What the code means: one meaning per code. */
  readonly meaning: string;
  /** The usual fix, shown in the docs table. */
  readonly fix?: string;
}

/** The one condition under which manifest error codes turn into warnings. */
export const WARNING_WHEN_PULLED = "in a pulled manifest";
const PULLED = WARNING_WHEN_PULLED;

const TABLE = {
  MCPGEN0101: { severity: "error", meaning: "unknown spec revision", fix: "use a revision of `mcp-gen spec list`" },
  MCPGEN0102: { severity: "error", meaning: "a spec schema's sha256 differs from the one pinned in schema/spec.lock.json", fix: "point MCP_GEN_SPEC_DIR at the locked spec commit" },
  MCPGEN0103: { severity: "error", meaning: "a spec schema is not found locally and its download failed", fix: "set MCP_GEN_SPEC_DIR to a spec checkout" },
  MCPGEN0104: { severity: "error", meaning: "a spec revision is not synced (or its copy does not match the lock)", fix: "run `mcp-gen spec sync`" },
  MCPGEN0201: { severity: "error", meaning: "a spec schema uses constructs the emitter cannot express exactly" },
  MCPGEN0301: { severity: "error", meaning: "a keyword ajv applies that the emitter cannot express exactly (e.g. `$dynamicRef`)", fix: "express the constraint with other keywords" },
  MCPGEN0302: { severity: "error", warningWhen: "in `generate`, which keeps such refs as `unknown`", meaning: "a `$ref` to another document or a network URI (never fetched)", fix: "move the schema into `definitions` or a file next to the manifest" },
  MCPGEN0303: { severity: "error", meaning: "a local `$ref` whose target does not exist", fix: "point the `$ref` at an existing `$defs` entry" },
  MCPGEN0304: { severity: "error", meaning: "a `pattern` or `patternProperties` regex that is not valid with the `u` flag", fix: "write a pattern that is valid with the `u` flag" },
  MCPGEN0305: { severity: "error", meaning: "a schema ajv refuses to compile (e.g. `nullable` without `type`)", fix: "fix the schema so that ajv compiles it" },
  MCPGEN0306: { severity: "warning", meaning: "a `format` ajv-formats does not know: not checked, as ajv does not", fix: "use a format ajv-formats knows, or a `pattern`" },
  MCPGEN0307: { severity: "error", meaning: "a spot where ajv's verdict is unreliable (a known ajv bug); the spec's meaning is emitted" },
  MCPGEN0501: { severity: "error", meaning: "`generate`: the manifest has errors", fix: "run `mcp-gen validate` and fix them" },
  MCPGEN0502: { severity: "error", meaning: "`generate`: a schema in the manifest uses constructs the emitter cannot express exactly" },
  MCPGEN0503: { severity: "error", meaning: "the output folder is not empty and was not created by mcp-gen", fix: "choose an empty or new folder" },
  MCPGEN0601: { severity: "error", meaning: "`dev`: no server entry file found (or the `--entry` file is missing)", fix: "pass `--entry <file>` (the file that calls `serveFromArgv`)" },
  MCPGEN0602: { severity: "error", meaning: "`dev`: the entry is TypeScript and `tsx` cannot be resolved from the project", fix: "`npm install -D tsx`, or pass a `.js` entry" },
  MCPGEN0603: { severity: "error", meaning: "`dev`: `--port` is not a port number", fix: "pass an integer from 0 to 65535 (0 picks a free port once)" },
  MCPGEN0701: { severity: "error", meaning: "`docs`: the manifest has errors", fix: "run `mcp-gen validate` and fix them" },
  MCPGEN0702: { severity: "error", meaning: "`docs`: the output path is not a folder, or its index.html was not written by mcp-gen", fix: "choose a new folder, or remove the file" },
  MCPGEN0801: { severity: "error", meaning: "`init`: a file to write already exists", fix: "pass `--force`" },
  MCPGEN0802: { severity: "error", meaning: "`init`: invalid project name (`--name`)", fix: "lowercase letters, digits, `.`, `_`, `-`" },
  MCPGEN0803: { severity: "error", meaning: "`init --packages`: a tarball is missing from the folder", fix: "run `npm run pack:packages` in an mcp-gen checkout and pass the folder it printed" },
  MCPGEN1001: { severity: "error", meaning: "YAML syntax error", fix: "fix indentation, brackets or quotes at the position" },
  MCPGEN1002: { severity: "error", meaning: "duplicate key in a mapping", fix: "remove or rename one entry" },
  MCPGEN1003: { severity: "error", meaning: "the manifest file cannot be read", fix: "check the path, or create one with `mcp-gen init`" },
  MCPGEN1004: { severity: "error", meaning: "the manifest is empty", fix: "write at least `mcpgen`, `server` and `protocol`" },
  MCPGEN1005: { severity: "error", meaning: "more than one YAML document in the file", fix: "remove the `---` separator" },
  MCPGEN1006: { severity: "error", meaning: "aliases expand to too many nodes, or into themselves", fix: "use fewer nested aliases; never alias a node inside itself" },
  MCPGEN1101: { severity: "error", meaning: "unknown key", fix: "did you mean …? / the allowed keys" },
  MCPGEN1102: { severity: "error", meaning: "missing required key", fix: "add the key" },
  MCPGEN1103: { severity: "error", meaning: "value has the wrong type", fix: "write the expected type; quote numbers meant as strings" },
  MCPGEN1104: { severity: "error", meaning: "value is not allowed (enum, pattern, format or range)", fix: "one of the allowed values" },
  MCPGEN1105: { severity: "error", meaning: "unsupported manifest format version (`mcpgen`)", fix: "write `mcpgen: 1`" },
  MCPGEN1106: { severity: "error", meaning: "an input request must declare exactly one kind", fix: "one of `elicit`, `elicitUrl`, `sampling`, `roots`" },
  MCPGEN1107: { severity: "error", meaning: "an `http.exposeHeaders` entry is not a lower-case header name (an RFC 9110 token; no `*` patterns)", fix: "write the header's name in lower case, one entry per header; credentials (`authorization`, `cookie`) are exposed only by their own name" },
  MCPGEN1108: { severity: "error", meaning: "`http.sse` paths collide (`path` and `messagesPath` equal, or one of them is the Streamable HTTP endpoint `/mcp`)", fix: "give the event stream and the message endpoint two distinct paths other than `/mcp`" },
  MCPGEN1109: { severity: "warning", meaning: "`http` on a stdio-only server (`transports: [stdio]`): it has no effect there", fix: "add `http` to `transports`, or remove the `http` section" },
  MCPGEN1201: { severity: "error", warningWhen: PULLED, meaning: "tool name outside [A-Za-z0-9_.-]{1,128}", fix: "a suggested valid name" },
  MCPGEN1202: { severity: "error", meaning: "two names become the same TypeScript identifier", fix: "rename one" },
  MCPGEN1203: { severity: "error", meaning: "name becomes a reserved word", fix: "a suggested name" },
  MCPGEN1204: { severity: "error", meaning: "name has no letters or digits to build an identifier from", fix: "use letters or digits" },
  MCPGEN1205: { severity: "error", meaning: "duplicate resource URI or URI template", fix: "give each its own" },
  MCPGEN1206: { severity: "error", meaning: "revision listed twice in `protocol`", fix: "list each once" },
  MCPGEN1301: { severity: "error", meaning: "unknown handle", fix: "did you mean …? / declare it under `handles`" },
  MCPGEN1302: { severity: "error", meaning: "unknown shared definition", fix: "did you mean …? / declare it under `definitions`" },
  MCPGEN1303: { severity: "error", warningWhen: PULLED, meaning: "`$ref` to the network (only local files are allowed)", fix: "save the schema next to the manifest" },
  MCPGEN1304: { severity: "error", meaning: "`$ref` file cannot be read or parsed", fix: "create or fix the file" },
  MCPGEN1305: { severity: "error", meaning: "`$ref` file outside the manifest's folder", fix: "move it next to the manifest" },
  MCPGEN1306: { severity: "error", meaning: "`$ref` fragment does not point into the file", fix: "use an existing JSON Pointer" },
  MCPGEN1307: { severity: "error", meaning: "bundled definition name clashes with a local `$defs` entry", fix: "rename the local entry" },
  MCPGEN1308: { severity: "warning", meaning: "handle declared but never used", fix: "use it or remove it" },
  MCPGEN1309: { severity: "error", meaning: "a `handle` schema takes no other keywords", fix: "keep only `handle`, `description`, `title`" },
  MCPGEN1401: { severity: "error", meaning: "unknown protocol revision", fix: "the pinned revisions" },
  MCPGEN1402: { severity: "error", meaning: "input request kind not supported by any served revision", fix: "add a revision that has it" },
  MCPGEN1403: { severity: "warning", meaning: "input request kind not supported by some served revisions", fix: "cope without it there" },
  MCPGEN1404: { severity: "warning", meaning: "`x-mcp-header` has no effect without 2026-07-28", fix: "serve 2026-07-28 or drop it" },
  MCPGEN1405: { severity: "error", meaning: "output schema root must be an object for 2025-06-18/2025-11-25", fix: "wrap the result in an object" },
  MCPGEN1501: { severity: "error", meaning: "tool input schema root is not `type: object`", fix: "set `type: object`" },
  MCPGEN1502: { severity: "error", warningWhen: PULLED, meaning: "`x-mcp-header` value is not an HTTP token", fix: "letters, digits and ``!#$%&'*+-.^_`|~``" },
  MCPGEN1503: { severity: "error", warningWhen: PULLED, meaning: "`x-mcp-header` value repeated (case-insensitively)", fix: "one header name per property" },
  MCPGEN1504: { severity: "error", warningWhen: PULLED, meaning: "`x-mcp-header` on a property that is not string, integer or boolean", fix: "use integer or string" },
  MCPGEN1505: { severity: "error", warningWhen: PULLED, meaning: "`x-mcp-header` not reachable from the root through `properties` only", fix: "move it to a direct property" },
  MCPGEN1506: { severity: "error", meaning: "not a valid JSON Schema 2020-12", fix: "the valid form of that keyword" },
  MCPGEN1507: { severity: "error", meaning: "JSON Schema cannot be compiled (unresolved `$ref`, bad pattern…)", fix: "fix the `$ref` or regular expression" },
  MCPGEN1508: { severity: "error", meaning: "elicitation schema is not a flat object of primitive properties", fix: "split nested fields" },
  MCPGEN1509: { severity: "warning", meaning: "a `pattern` a ReDoS checker finds super-linear (exponential or polynomial backtracking)", fix: "rewrite it without nested or overlapping repetition; bound the string with `maxLength`" },
  MCPGEN1601: { severity: "error", meaning: "invalid RFC 6570 URI template", fix: "e.g. `notes://{id}`" },
  MCPGEN1602: { severity: "error", meaning: "`complete` names a variable the template does not have", fix: "the template's variables" },
  MCPGEN1603: { severity: "error", meaning: "resource URI is not an absolute URI", fix: "add a scheme" },
  MCPGEN1604: { severity: "warning", meaning: "URI template has no variables", fix: "declare it as a resource" },
  MCPGEN1701: { severity: "error", meaning: "a scope used in `auth.required` or a `scopes:` list is not declared in `auth.scopes`", fix: "declare it under `auth.scopes`" },
  MCPGEN1702: { severity: "error", meaning: "`auth` on a stdio-only server (`transports: [stdio]`)", fix: "add `http` to `transports`, or remove `auth`" },
  MCPGEN1801: { severity: "error", meaning: "a tool runs as a task (`task`), but no served revision has tasks (2025-11-25 and later)", fix: "serve 2025-11-25 or 2026-07-28, or remove `task`" },
  MCPGEN1802: { severity: "error", meaning: "`task.askFirst` names an input the tool does not declare in `inputs`", fix: "declare the input, or remove it from `askFirst`" },
  MCPGEN1803: { severity: "error", meaning: "`task.pollInterval` is not shorter than `task.ttl`", fix: "poll more often than the task expires" },
  MCPGEN1703: { severity: "error", meaning: "`scopes` on a tool, prompt, resource or template without an `auth` section", fix: "add `auth`, or remove `scopes`" },
  MCPGEN1901: { severity: "warning", meaning: "[openai-strict] `anyOf` at the root of a tool's input schema", fix: "move the alternatives into a property" },
  MCPGEN1902: { severity: "warning", meaning: "[openai-strict] an object schema without `additionalProperties: false`", fix: "add `additionalProperties: false`" },
  MCPGEN1903: { severity: "warning", meaning: "[openai-strict] a property not listed in `required`", fix: "require it and allow `null` instead" },
  MCPGEN1904: { severity: "warning", meaning: "[openai-strict] a composition or conditional keyword strict mode does not support (`allOf`, `not`, `if`/`then`/`else`, `dependent*`)", fix: "use `anyOf`, `enum`, or check it in the handler" },
  MCPGEN1905: { severity: "warning", meaning: "[openai-strict] a keyword outside the strict subset (`minLength`, `maxLength`, `patternProperties`, `uniqueItems`\u2026)", fix: "drop it from the schema; check it in the handler" },
  MCPGEN1906: { severity: "warning", meaning: "[openai-strict] a `format` outside the supported list", fix: "use a supported format or a `pattern`" },
  MCPGEN1907: { severity: "warning", meaning: "[openai-strict] objects nested more than 10 levels deep", fix: "flatten the arguments" },
  MCPGEN1908: { severity: "warning", meaning: "[openai-strict] more than 5000 object properties in one schema", fix: "split the tool" },
  MCPGEN1909: { severity: "warning", meaning: "[openai-strict] more than 1000 enum values in one schema", fix: "accept a string; offer completions" },
  MCPGEN1921: { severity: "warning", meaning: "[gemini] `$ref`, `$defs` or `definitions` (function declarations have no references)", fix: "inline the referenced schema" },
  MCPGEN1922: { severity: "warning", meaning: "[gemini] `oneOf`, `allOf`, `not` or `if`/`then`/`else` (only `anyOf` exists)", fix: "use `anyOf`, or merge the branches" },
  MCPGEN1923: { severity: "warning", meaning: "[gemini] `additionalProperties` (not a field of Gemini's Schema)", fix: "drop it from the published schema" },
  MCPGEN1924: { severity: "warning", meaning: "[gemini] a list of types in `type`", fix: "one `type` with `nullable`, or `anyOf`" },
  MCPGEN1925: { severity: "warning", meaning: "[gemini] a `format` Gemini does not name for that type", fix: "drop it or use a `pattern`" },
  MCPGEN1926: { severity: "warning", meaning: "[gemini] another keyword outside Gemini's Schema (`const`, `patternProperties`, `prefixItems`, `multipleOf`\u2026)", fix: "drop it; `const` \u2192 a one-value `enum`" },
  MCPGEN1941: { severity: "warning", meaning: "[anthropic] a composition keyword (`anyOf`, `oneOf`, `allOf`, `not`, `if`) at the root of a tool's input schema", fix: "keep the root a plain object" },
  MCPGEN1942: { severity: "warning", meaning: "[anthropic-strict] an object schema without `additionalProperties: false` under strict tool use", fix: "add `additionalProperties: false`" },
  MCPGEN1943: { severity: "warning", meaning: "[anthropic-strict] a numeric or string-length constraint strict tool use does not support", fix: "describe it; check it in the handler" },
  MCPGEN1961: { severity: "warning", meaning: "[mcp-inspector] a boolean schema (`true`/`false`) as a property, item or branch", fix: "write an object schema with a `type`" },
  MCPGEN1962: { severity: "warning", meaning: "[mcp-inspector] a property or item schema without `type`", fix: "give it a `type`" },
  MCPGEN1963: { severity: "warning", meaning: "[mcp-inspector] a list of types in `type` (e.g. `[string, \"null\"]`)", fix: "use one `type`; leave optional values out of `required`" },
  MCPGEN2001: { severity: "error", meaning: "the argument is neither a pinned revision nor an existing file" },
  MCPGEN2002: { severity: "error", meaning: "the file is neither a spec schema, a manifest nor a contract file (or not valid JSON, or an invalid contract)" },
  MCPGEN2003: { severity: "error", meaning: "`diff`: the manifest has errors" },
  MCPGEN2004: { severity: "error", meaning: "a spec schema was compared with a manifest" },
  MCPGEN2005: { severity: "error", meaning: "`OLD` or `NEW` is missing" },
  MCPGEN2006: { severity: "error", meaning: "unknown `--format` or `--fail-on` value" },
  MCPGEN2101: { severity: "error", meaning: "a `_meta` key does not follow the spec's key format (optional `label.label/` prefix, then a name)", fix: "write e.g. `com.example/rating`" },
  MCPGEN2102: { severity: "warning", meaning: "a `_meta` key uses a prefix reserved for MCP (second label `modelcontextprotocol` or `mcp`)", fix: "use your own reverse-DNS prefix, unless an MCP extension defines the key" },
  MCPGEN2103: { severity: "error", meaning: "an `extensions` identifier is not a prefixed `_meta` key", fix: "write e.g. `com.example/search`" },
  MCPGEN2104: { severity: "error", meaning: "`extensions` declares an extension the runtime advertises itself (io.modelcontextprotocol/tasks, io.modelcontextprotocol/skills)", fix: "remove it; declare `task:` on the tools, or the folders under `skills`, instead" },
  MCPGEN2120: { severity: "error", meaning: "a custom method (`methods`) has the name of a method of the MCP specification (any revision, either direction, the tasks extension's included)", fix: "name it in your extension's own namespace, e.g. `notes/search`" },
  MCPGEN2121: { severity: "error", meaning: "a custom notification (`notifications`) has a spec notification's name or lies in the spec's `notifications/` namespace", fix: "name it in your extension's own namespace, e.g. `notes/changed`" },
  MCPGEN2122: { severity: "error", meaning: "a custom method or notification names an extension that `extensions` does not list", fix: "add the extension under `extensions`, or fix the identifier" },
  MCPGEN2123: { severity: "error", meaning: "a custom method's `params` or `result`, or a notification's `params`, is not a schema with `type: object` at its root", fix: "JSON-RPC params and results are objects: set `type: object` and list fields under `properties`" },
  MCPGEN2124: { severity: "error", meaning: "a name is declared both under `methods` and under `notifications`", fix: "give the request and the notification different names" },
  MCPGEN2125: { severity: "error", meaning: "two custom methods or notifications map to the same TypeScript identifier", fix: "rename one so that their camelCase forms differ" },
  MCPGEN2140: { severity: "error", meaning: "a `skills` entry is not a folder (missing, a file, or unreadable)", fix: "point it at the skill's folder, relative to the manifest" },
  MCPGEN2141: { severity: "error", meaning: "a skill folder has no readable `SKILL.md` at its root", fix: "add `SKILL.md` with YAML frontmatter (`name`, `description`) to the folder" },
  MCPGEN2142: { severity: "error", meaning: "`SKILL.md` does not begin with a YAML frontmatter block (`---` lines) holding a mapping", fix: "start the file with `---`, `name: ...`, `description: ...`, `---`" },
  MCPGEN2143: { severity: "error", meaning: "the frontmatter `name` is missing or breaks the Agent Skills naming rules (1-64 lowercase letters, digits and single inner hyphens)", fix: "write e.g. `name: pdf-processing`" },
  MCPGEN2144: { severity: "error", meaning: "the frontmatter `name` differs from the skill folder's name (the last segment of the skill URI)", fix: "rename the folder or the skill so both read the same" },
  MCPGEN2145: { severity: "error", meaning: "the frontmatter `description` is missing, empty, not a string, or longer than 1024 characters", fix: "write one or two sentences on what the skill does and when to use it" },
  MCPGEN2146: { severity: "error", meaning: "two `skills` entries are served at the same `skill://` URI", fix: "remove the duplicate, or give one a different `prefix`" },
  MCPGEN2147: { severity: "warning", meaning: "two skills share a name under different prefixes (names SHOULD be unique within a server)", fix: "rename one skill, unless hosts are meant to tell them apart by path" },
  MCPGEN2148: { severity: "error", meaning: "a skill `prefix` is not a /-separated path of URI segments (empty, `.`/`..`, or characters a URI path cannot hold)", fix: "write e.g. `prefix: acme/billing`" },
  MCPGEN2149: { severity: "warning", meaning: "a skill exceeds the extension's limits (512 files or 16 MiB in all); hosts need not load it", fix: "split the skill or move large files out of it" },
  MCPGEN2150: { severity: "error", meaning: "a file in a skill folder cannot be bundled (a symbolic link, a special file, or unreadable)", fix: "replace links by the files themselves, or remove the entry" },
  MCPGEN2151: { severity: "warning", meaning: "the frontmatter `metadata` uses a key under `io.modelcontextprotocol/`, reserved for MCP extensions", fix: "use your own prefix, e.g. `com.example/version`" },
  MCPGEN2152: { severity: "warning", meaning: "the runtime client's frontmatter reader reads this frontmatter differently from the generator (its YAML subset), so generated clients refuse to load the skill", fix: "use plain `key: value` lines, quoted strings, block lists and nested mappings" },
  MCPGEN2153: { severity: "error", meaning: "a `skills` item is a recorded skill entry outside a pulled manifest, a folder inside one, or a recorded entry a client would refuse", fix: "list skill folders in your own manifest; leave `skills` of a pulled manifest as `mcp-gen pull` wrote it" },
  MCPGEN2160: { severity: "error", meaning: "an app's `entry` is not a readable HTML file or a folder with an `index.html`", fix: "point `entry` at the page, or at the built bundle folder, relative to the manifest" },
  MCPGEN2161: { severity: "error", meaning: "an app's `csp` entry is not an origin (`https://host[:port]`, `https://*.host`, `wss://host`)", fix: "write the origin only: scheme, host and port, no path" },
  MCPGEN2162: { severity: "error", meaning: "a tool's `app` names no app of `apps`", fix: "declare the app under `apps`, or fix the name" },
  MCPGEN2163: { severity: "error", meaning: "an app's `uri` is not a `ui://` URI, or another app or resource uses it", fix: "write a unique `ui://<server>/<page>` URI" },
  MCPGEN2164: { severity: "error", meaning: "a tool declares both `app` and `_meta.ui`", fix: "keep `app`; it writes `_meta.ui` itself" },
  MCPGEN2165: { severity: "error", meaning: "a local asset the app's page references cannot be inlined (missing, outside the entry's folder, or not a script or stylesheet)", fix: "build the page into one file, keep its scripts and stylesheets beside it, or load the asset from an origin in `csp.resourceDomains`" },
  MCPGEN2166: { severity: "error", meaning: "an app's `domain` is not a host name", fix: "write the host only, e.g. `dashboard.example.com`" },
  MCPGEN2167: { severity: "warning", meaning: "an app is declared but no tool links to it", fix: "add `app: <name>` to the tool whose result the app shows, or remove the app" },
  MCPGEN2168: { severity: "error", meaning: "a file of an app's entry folder (its `index.html`, or a script or stylesheet the page references) is, or lies under, a symbolic link", fix: "copy the file into the folder instead of linking it; links are never followed, so nothing outside the folder is inlined" },
  MCPGEN3001: { severity: "error", meaning: "`import openapi`: bad arguments: neither or both of `--out`/`--check`, a bad `--include`/`--exclude` selector, `--fail-on` or `--format`" },
  MCPGEN3002: { severity: "error", meaning: "the OpenAPI document (or a file or URL one of its `$ref`s names) cannot be read", fix: "check the path or URL" },
  MCPGEN3003: { severity: "error", meaning: "the OpenAPI document is not valid JSON or YAML (reported at its line and column)", fix: "fix the syntax at the position" },
  MCPGEN3004: { severity: "error", meaning: "not an OpenAPI 3.0 or 3.1 document, or a part of it has the wrong shape (reported at its position or JSON pointer)", fix: "convert Swagger 2.0 documents to OpenAPI 3 first" },
  MCPGEN3005: { severity: "error", meaning: "a `$ref` in the OpenAPI document cannot be resolved (missing target, unreadable file, or a chain of references that never reaches a value)", fix: "point the `$ref` at an existing part of the document or of a file beside it" },
  MCPGEN3006: { severity: "error", meaning: "the selection (`--include`/`--exclude`) leaves no operation to import", fix: "check the tag and operation names" },
  MCPGEN3007: { severity: "error", meaning: "the imported contract does not load as a manifest; nothing is written" },
  MCPGEN3008: { severity: "error", meaning: "`--out` cannot be written" },
  MCPGEN3009: { severity: "error", meaning: "`--check`: the committed manifest does not load, or was not written by `mcp-gen import openapi`", fix: "import again with `--out`" },
  MCPGEN3020: { severity: "warning", meaning: "an operation that cannot be expressed as a tool is skipped (the warning names it and says why)" },
  MCPGEN3021: { severity: "warning", meaning: "an operation's tool name was made valid or unique" },
  MCPGEN3022: { severity: "warning", meaning: "a security scheme the proxy cannot send (e.g. mutualTLS) is left out; operations that need only it are called without credentials" },
  MCPGEN3023: { severity: "warning", meaning: "the document names no usable server URL: the base URL must come from the proxy options or the environment" },
  MCPGEN3030: { severity: "error", meaning: "manifest: a tool's `http` operation names an input property, path parameter, output property or security scheme that does not exist", fix: "name one that exists, or import the document again" },
  MCPGEN4001: { severity: "error", meaning: "bad arguments: no target, both URL and `--stdio`, not an http(s) URL, neither or both of `--out`/`--check`, bad `--timeout` or `--fail-on`" },
  MCPGEN4002: { severity: "error", meaning: "a `--header` is not `NAME=VALUE` with a token name, or was given for a stdio target" },
  MCPGEN4003: { severity: "error", meaning: "a `--header` names an environment variable that is not set" },
  MCPGEN4010: { severity: "error", meaning: "the server could not be pulled: it answered something that is not MCP (garbage, a JSON-RPC error, an HTTP error such as 401), closed the connection (the message names the list and page), repeated a pagination cursor, or the stdio process could not start or exited (its stderr is shown)" },
  MCPGEN4011: { severity: "error", meaning: "the pull did not finish within `--timeout`" },
  MCPGEN4012: { severity: "error", meaning: "the pulled contract does not load as a manifest (for example two tool names that map to one TypeScript identifier); nothing is written" },
  MCPGEN4013: { severity: "error", meaning: "`--check`: the committed manifest does not load" },
  MCPGEN4014: { severity: "error", meaning: "`--out` cannot be written (its folder does not exist: checked before the server is contacted; or the write failed)" },
  MCPGEN4015: { severity: "error", meaning: "`pull --oauth`: the authorization was not completed in time", fix: "open the printed URL and sign in, or pass `--header 'Authorization=Bearer ${TOKEN}'`" },
  MCPGEN4020: { severity: "warning", meaning: "a tool's `x-mcp-header` annotation is invalid; the tool is kept" },
  MCPGEN4021: { severity: "warning", meaning: "a resource or template name the manifest cannot hold twice got a numbered suffix" },
  MCPGEN4022: { severity: "warning", meaning: "the server lists a tool or prompt name twice; the first entry is recorded" },
  MCPGEN4023: { severity: "warning", meaning: "the server sent no `serverInfo` name or version; placeholders (`server`, `0.0.0`) are recorded" },
  MCPGEN4024: { severity: "warning", meaning: "a skills/list entry a client would refuse (malformed, name not in its URI, file outside the skill) is left out of the pulled manifest's `skills`" },
} as const satisfies Record<string, CodeEntry>;

/** Every code mcp-gen can emit. A literal outside the registry is a type error. */
export type DiagnosticCode = keyof typeof TABLE;

/** Codes that may be reported as warnings (warning codes, and error codes with `warningWhen`). */
export type WarningCode = {
  [C in DiagnosticCode]: (typeof TABLE)[C] extends { readonly severity: "warning" } | { readonly warningWhen: string } ? C : never;
}[DiagnosticCode];

export interface CodeInfo extends CodeEntry {
  readonly code: DiagnosticCode;
  readonly range: CodeRange;
  /** Repository-relative docs address of the table that lists the code: `page#anchor`. */
  readonly docs: string;
}

function infoOf(code: DiagnosticCode): CodeInfo {
  const range = rangeOf(code);
  // Unreachable for registry keys (a test checks every key has a range); loud if one is added without.
  if (range === undefined) throw new Error(`${code} is outside every range of generator/diagnostics/ranges.ts`);
  const entry: CodeEntry = TABLE[code];
  return { code, ...entry, range, docs: `${range.page}#${range.anchor}` };
}

/** The registry in code order. */
export const DIAGNOSTIC_CODES: readonly CodeInfo[] = (Object.keys(TABLE) as DiagnosticCode[]).sort().map(infoOf);

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(TABLE, code);
}

export function codeInfo(code: DiagnosticCode): CodeInfo {
  return infoOf(code);
}

/** The severity a code is reported with; a pulled manifest relaxes the codes marked for it. */
export function severityOf(code: DiagnosticCode, context: { readonly pulled?: boolean } = {}): CodeSeverity {
  const entry: CodeEntry = TABLE[code];
  return context.pulled === true && entry.warningWhen === WARNING_WHEN_PULLED ? "warning" : entry.severity;
}

export function meaningOf(code: DiagnosticCode): string {
  return TABLE[code].meaning;
}

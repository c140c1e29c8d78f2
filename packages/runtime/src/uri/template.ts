// Matching of RFC 6570 URI templates against concrete URIs, for resource templates. Compiled
// once per template. Path expressions (`{var}`, `{+var}`, `{/var}`, `{.var}`, `{;var}`) become one
// linear-time pattern (./linear-match.ts: no backtracking, issue 21 #4); form-style query
// expressions (`{?a,b}`, `{&c}`) and the fragment (`{#f}`) are optional by nature, so they are
// read from the URI's query string and fragment by name, in any order (RFC 6570 §3.2.8–3.2.9).
// Every variable is a string: lists and maps (explode) are not matched.
import { charClassExcluding, compileLinearPattern, type CharClass, type Step } from "./linear-match.js";

export interface CompiledUriTemplate {
  variables: readonly string[];
  match(uri: string): Record<string, string> | undefined;
}

const EXPRESSION = /\{([+#./;?&]?)([A-Za-z0-9_.,%*:]+)\}/g;

function names(list: string): string[] {
  return list.split(",").map((spec) => spec.replace(/(\*|:\d+)$/, ""));
}

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const excluding = charClassExcluding;
// Character sets of the path expressions; `{+var}` takes anything but a line terminator, as the
// RegExp `.` it replaces did.
const SIMPLE = excluding("/?#&,");
const RESERVED = excluding("\n\r\u2028\u2029");
const SEGMENT = excluding("/?#");
const LABEL = excluding("/?#.");
const PARAM = excluding(";/?#");

interface PathVariable {
  name: string;
  value: number;
  /** Slot recording that `;name` was present (`{;var}` without `=value` means ""). */
  presence?: number;
}

export function compileUriTemplate(template: string): CompiledUriTemplate {
  const variables: string[] = [];
  const pathVars: PathVariable[] = [];
  const queryVars: string[] = [];
  let fragmentVar: string | undefined;
  const steps: Step[] = [];
  let slots = 0;
  const literal = (text: string) => {
    if (text !== "") steps.push({ op: "literal", text });
  };
  const capture = (name: string, body: () => void, presence?: number) => {
    const value = slots++;
    pathVars.push(presence === undefined ? { name, value } : { name, value, presence });
    steps.push({ op: "open", slot: value });
    body();
    steps.push({ op: "close", slot: value });
  };
  /** A greedy optional group around whatever `body` pushes. */
  const optional = (body: () => void) => {
    const at = steps.push({ op: "optional", end: 0 }) - 1;
    body();
    steps[at] = { op: "optional", end: steps.length };
  };
  const nonEmptyLazy = (chars: CharClass) => {
    steps.push({ op: "one", chars }, { op: "repeat", chars, greedy: false });
  };
  let last = 0;
  for (const m of template.matchAll(EXPRESSION)) {
    literal(template.slice(last, m.index));
    last = m.index! + m[0].length;
    const op = m[1] ?? "";
    const vars = names(m[2] ?? "");
    variables.push(...vars);
    switch (op) {
      case "?":
      case "&":
        queryVars.push(...vars);
        break;
      case "#":
        fragmentVar = vars[0];
        break;
      case "/":
      case ".": {
        const chars = op === "/" ? SEGMENT : LABEL;
        for (const v of vars) {
          optional(() => {
            literal(op);
            capture(v, () => steps.push({ op: "repeat", chars, greedy: true }));
          });
        }
        break;
      }
      case ";":
        for (const v of vars) {
          const presence = slots++;
          optional(() => {
            steps.push({ op: "open", slot: presence });
            literal(`;${v}`);
            optional(() => {
              literal("=");
              capture(v, () => steps.push({ op: "repeat", chars: PARAM, greedy: true }), presence);
            });
            steps.push({ op: "close", slot: presence });
          });
        }
        break;
      default: {
        const chars = op === "+" ? RESERVED : SIMPLE;
        vars.forEach((v, i) => {
          if (i > 0) literal(",");
          capture(v, () => nonEmptyLazy(chars));
        });
      }
    }
  }
  literal(template.slice(last));
  // The path part must account for the whole URI before its query and fragment.
  const pattern = compileLinearPattern(steps, slots);
  return {
    variables,
    match(uri) {
      const hashAt = uri.indexOf("#");
      const withoutFragment = hashAt >= 0 ? uri.slice(0, hashAt) : uri;
      const fragment = hashAt >= 0 ? uri.slice(hashAt + 1) : undefined;
      const queryAt = queryVars.length > 0 ? withoutFragment.indexOf("?") : -1;
      const base = queryAt >= 0 ? withoutFragment.slice(0, queryAt) : withoutFragment;
      const query = queryAt >= 0 ? withoutFragment.slice(queryAt + 1) : undefined;
      if (fragment !== undefined && fragmentVar === undefined) return undefined;
      const found = pattern.match(fragmentVar === undefined && queryVars.length === 0 ? uri : base);
      if (!found) return undefined;
      const vars: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const { name, value, presence } of pathVars) {
        const raw = found[value];
        if (raw !== undefined) vars[name] = decode(raw);
        else if (presence !== undefined && found[presence] !== undefined) vars[name] = "";
      }
      if (query !== undefined && query !== "") {
        for (const pair of query.split("&")) {
          const eq = pair.indexOf("=");
          const key = decode(eq >= 0 ? pair.slice(0, eq) : pair);
          // A query key the template does not name means this URI is not an instance of it.
          if (!queryVars.includes(key)) return undefined;
          vars[key] = decode(eq >= 0 ? pair.slice(eq + 1) : "");
        }
      }
      if (fragment !== undefined && fragmentVar !== undefined) vars[fragmentVar] = decode(fragment);
      return vars;
    },
  };
}

/** Default of ServerLimits.maxUriLength: far above real resource URIs, far below the body limit. */
export const DEFAULT_MAX_URI_LENGTH = 16 * 1024;

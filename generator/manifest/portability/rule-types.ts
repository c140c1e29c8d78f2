// The shape of one portability rule: a small data entry (code, rule set, matcher, message, the
// documentation it comes from). The matcher kinds are deliberately few, so that a rule reads as
// data and the walk (walk.ts) is the only code that knows schemas nest.
import type { WarningCode } from "../../diagnostics/codes.js";
import type { JsonPath } from "../../diagnostics/json-path.js";
import type { RuleSetId } from "./rule-sets.js";

/** How the walk reached a schema node from its parent. */
export type Via = "root" | "property" | "element" | "branch" | "other";

export interface SchemaNode {
  /** The schema as written in the manifest (booleans included). */
  readonly schema: Readonly<Record<string, unknown>> | boolean;
  /** Its manifest path (a shared definition's nodes keep their `definitions.*` path). */
  readonly path: JsonPath;
  readonly via: Via;
  /** Object schemas from the tool schema's root down to this node, itself included. */
  readonly objectDepth: number;
}

/** One offending spot, relative to the node. `detail` fills `{detail}` in the rule's message. */
export interface Finding {
  readonly at: JsonPath;
  readonly target: "key" | "value";
  readonly detail: string;
}

export type Matcher =
  /** Any of these keywords on a node (only the tool schema's root with `where: "root"`). */
  | { readonly kind: "keyword"; readonly keywords: readonly string[]; readonly where: "root" | "any" }
  /** A test of one node's shape. */
  | { readonly kind: "shape"; readonly test: (node: SchemaNode) => readonly Finding[] }
  /** A count over the whole tool schema, reported once at its root when above `limit`. */
  | { readonly kind: "total"; readonly measure: "properties" | "enumValues"; readonly limit: number };

export interface PortabilityRule {
  /** Stable, readable id: `<rule set>/<name>`. */
  readonly id: string;
  readonly code: WarningCode;
  readonly ruleSet: RuleSetId;
  readonly match: Matcher;
  /** What the consumer does with the construct; `{detail}` is replaced by the finding's detail. */
  readonly message: string;
  readonly hint: string;
  /** The provider documentation (or, where it is silent, the report) the rule comes from. */
  readonly doc: string;
}

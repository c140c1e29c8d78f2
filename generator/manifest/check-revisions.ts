// Protocol revisions (MCPGEN14xx): the `protocol` list itself, and declarations that the served
// revisions cannot carry. The per-revision facts live in revision-support.ts.
import { revisionNames } from "../spec-schema/lock.js";
import { entriesOf, INPUT_OWNERS, isMap } from "./raw.js";
import type { Reporter } from "./reporter.js";
import { FEATURE_LABEL, firstRevisionWith, type InputFeature, OBJECT_OUTPUT_REVISIONS, revisionSupports } from "./revision-support.js";

/** Served revisions that are known, in the user's order, without repeats. */
export function servedRevisions(root: unknown): string[] {
  const list = isMap(root) ? root["protocol"] : undefined;
  if (!Array.isArray(list)) return [];
  const known = new Set(revisionNames());
  return [...new Set(list.filter((r): r is string => typeof r === "string" && known.has(r)))];
}

export function checkProtocolList(root: unknown, reporter: Reporter): void {
  const list = isMap(root) ? root["protocol"] : undefined;
  if (!Array.isArray(list)) return;
  const known = revisionNames();
  const seen = new Set<string>();
  list.forEach((rev, i) => {
    if (typeof rev !== "string") return;
    if (!known.includes(rev)) {
      reporter.report("MCPGEN1401", ["protocol", i], `unknown protocol revision ${JSON.stringify(rev)}`, `use one of the pinned revisions: ${known.join(", ")}`);
      return;
    }
    if (seen.has(rev)) reporter.report("MCPGEN1206", ["protocol", i], `revision ${rev} is listed twice`, "list each revision once, preferred first");
    seen.add(rev);
  });
}

function featureOf(kind: string, body: unknown): InputFeature | undefined {
  if (kind === "elicit") return "elicit";
  if (kind === "elicitUrl") return "elicitUrl";
  if (kind === "roots") return "roots";
  if (kind === "sampling") return isMap(body) && body["tools"] === true ? "samplingTools" : "sampling";
  return undefined;
}

export function checkInputKinds(root: unknown, served: readonly string[], reporter: Reporter): void {
  if (served.length === 0) return;
  for (const owner of INPUT_OWNERS) {
    for (const [name, entry] of entriesOf(isMap(root) ? root[owner] : undefined)) {
      for (const [key, request] of entriesOf(isMap(entry) ? entry["inputs"] : undefined)) {
        const kinds = isMap(request) ? Object.keys(request) : [];
        if (kinds.length !== 1) continue;
        const kind = kinds[0] as string;
        const feature = featureOf(kind, (request as Record<string, unknown>)[kind]);
        if (!feature) continue;
        const missing = served.filter((r) => !revisionSupports(r, feature));
        const path = [owner, name, "inputs", key, kind];
        const since = firstRevisionWith(feature);
        if (missing.length === served.length) {
          reporter.report("MCPGEN1402", path, `${FEATURE_LABEL[feature]} needs revision ${since} or later, but this server serves only ${served.join(", ")}`, `add ${since} (or later) to \`protocol\`, or remove this input request`, { target: "key" });
        } else if (missing.length > 0) {
          reporter.warn("MCPGEN1403", path, `${FEATURE_LABEL[feature]} is not available to clients on ${missing.join(", ")} (it needs ${since} or later)`, "the handler must cope without this answer on those revisions, or drop them from `protocol`", { target: "key" });
        }
      }
    }
  }
}

export function checkOutputRoots(root: unknown, served: readonly string[], reporter: Reporter): void {
  const strict = served.filter((r) => OBJECT_OUTPUT_REVISIONS.includes(r));
  if (strict.length === 0) return;
  for (const [name, tool] of entriesOf(isMap(root) ? root["tools"] : undefined)) {
    if (!isMap(tool) || !("output" in tool)) continue;
    const output = tool["output"];
    if (isMap(output) && output["type"] === "object") continue;
    if (!isMap(output) && typeof output !== "boolean") continue;
    reporter.report("MCPGEN1405", ["tools", name, "output"], `output schema root must be \`type: object\` while serving ${strict.join(", ")}`, "wrap the result in an object property, or serve only 2026-07-28 (which allows any outputSchema)");
  }
}

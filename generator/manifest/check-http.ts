// Checks of a tool's `http` operation (`mcp-gen import openapi` writes them; people may edit
// them): every name it uses must exist, or the generated proxy would send a request the API
// never described. MCPGEN3030, at the offending key.
import { entriesOf, isMap, type RawMap } from "./raw.js";
import type { Reporter } from "./reporter.js";

function propertiesOf(schema: unknown): Set<string> | undefined {
  return isMap(schema) && isMap(schema["properties"]) ? new Set(Object.keys(schema["properties"])) : undefined;
}

export function checkHttpOperations(root: unknown, reporter: Reporter): void {
  if (!isMap(root)) return;
  const openapi = isMap(root["openapi"]) ? root["openapi"] : undefined;
  const schemes = new Set(entriesOf(openapi?.["security"]).map(([name]) => name));
  for (const [name, tool] of entriesOf(root["tools"])) {
    if (!isMap(tool) || !isMap(tool["http"])) continue;
    const http = tool["http"] as RawMap;
    const at = ["tools", name, "http"];
    const inputs = propertiesOf(tool["input"]) ?? new Set<string>();
    const pathNames = new Set<string>();
    for (const [property, binding] of entriesOf(http["parameters"])) {
      if (!inputs.has(property)) reporter.report("MCPGEN3030", [...at, "parameters", property], `\`${property}\` is not a property of the tool's input`, "name an input property, or add it to `input.properties`", { target: "key" });
      if (isMap(binding) && binding["in"] === "path") pathNames.add(typeof binding["name"] === "string" ? binding["name"] : property);
    }
    const path = typeof http["path"] === "string" ? http["path"] : "";
    for (const match of path.matchAll(/\{([^}]*)\}/g)) {
      if (!pathNames.has(match[1]!)) reporter.report("MCPGEN3030", [...at, "path"], `path parameter \`${match[1]}\` has no \`in: path\` parameter`, "add it under `parameters` with `in: path`");
    }
    const body = isMap(http["body"]) ? http["body"] : undefined;
    if (body && typeof body["property"] === "string" && !inputs.has(body["property"])) {
      reporter.report("MCPGEN3030", [...at, "body", "property"], `the body property \`${body["property"]}\` is not a property of the tool's input`, "name an input property");
    }
    const wrap = isMap(http["response"]) ? http["response"]["wrap"] : undefined;
    if (typeof wrap === "string" && !(propertiesOf(tool["output"])?.has(wrap) ?? false)) {
      reporter.report("MCPGEN3030", [...at, "response", "wrap"], `\`${wrap}\` is not a property of the tool's output`, "wrap the answer in a property the output schema declares");
    }
    if (Array.isArray(http["security"])) {
      http["security"].forEach((alternative: unknown, i: number) => {
        if (!Array.isArray(alternative)) return;
        alternative.forEach((scheme: unknown, j: number) => {
          if (typeof scheme === "string" && !schemes.has(scheme)) reporter.report("MCPGEN3030", [...at, "security", i, j], `security scheme \`${scheme}\` is not declared under \`openapi.security\``, "declare it there, or remove it");
        });
      });
    }
  }
}

// Synthesises a manifest of N tools for the generator-scale bench: each tool has a small object
// input (string with a length bound, bounded integer, enum, optional string array), every third
// an output schema, every fifth annotations. Shapes vary so the emitters do real work per tool.
export function scaleManifest(count) {
  const tools = {};
  for (let i = 0; i < count; i++) {
    const name = `tool_${String(i).padStart(4, "0")}`;
    const tool = {
      title: `Tool ${i}`,
      description: `Synthetic tool number ${i} of ${count}.`,
      input: {
        type: "object",
        properties: {
          query: { type: "string", minLength: 1, maxLength: 200 },
          limit: { type: "integer", minimum: 1, maximum: 100 },
          mode: { type: "string", enum: ["fast", "exact", `mode_${i % 7}`] },
          tags: { type: "array", items: { type: "string" } },
        },
        required: ["query"],
        additionalProperties: false,
      },
    };
    if (i % 3 === 0) tool.output = { type: "object", properties: { hits: { type: "integer" }, first: { type: "string" } }, required: ["hits"] };
    if (i % 5 === 0) tool.annotations = { readOnlyHint: true };
    tools[name] = tool;
  }
  const manifest = {
    mcpgen: 1,
    server: { name: `scale-${count}`, version: "1.0.0", description: `${count} synthetic tools` },
    protocol: ["2026-07-28", "2025-11-25"],
    tools,
  };
  // JSON is YAML: the manifest loader reads it as is.
  return `${JSON.stringify(manifest, null, 1)}\n`;
}

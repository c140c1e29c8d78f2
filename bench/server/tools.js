// The 100 tools every bench server exposes, defined once so the generated server (through
// mcp.yaml), the official-SDK server (through zod) and the bare ceiling (through canned bytes)
// all do the same work. `echo` is the one the tools/call rows exercise; the other 99 exist so
// tools/list has a realistic 100-tool catalog to serialize. A server started with `--one-tool`
// exposes `echo` alone (mcp-one.yaml for the generated one): the cold-start row of a 1-tool
// server, the size issue 18 measures start-up at.

/** Input shapes, as JSON Schema. Kept small on purpose: the bench measures protocol overhead. */
export const INPUT_SCHEMAS = {
  echo: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  sum: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
  lookup: { type: "object", properties: { id: { type: "string" }, limit: { type: "integer", minimum: 1 } }, required: ["id"] },
  toggle: { type: "object", properties: { name: { type: "string" }, enabled: { type: "boolean" } }, required: ["name", "enabled"] },
};

const KINDS = ["sum", "lookup", "toggle"];

/** Behaviour per kind, shared by every server's handlers: arguments in, text out. */
export const RUN = {
  echo: ({ text }) => text,
  sum: ({ a, b }) => String(a + b),
  lookup: ({ id, limit }) => `item ${id} (limit ${limit ?? 10})`,
  toggle: ({ name, enabled }) => `${name} is ${enabled ? "on" : "off"}`,
};

/** Whether this process serves the 1-tool variant. */
export const ONE_TOOL = process.argv.includes("--one-tool");

/** @type {{ name: string, kind: keyof typeof INPUT_SCHEMAS, description: string }[]} */
export const TOOLS = [{ name: "echo", kind: "echo", description: "Return the given text unchanged." }];
for (let i = 1; TOOLS.length < (ONE_TOOL ? 1 : 100); i++) {
  const kind = KINDS[i % KINDS.length];
  const name = `${kind}_${String(i).padStart(2, "0")}`;
  TOOLS.push({ name, kind, description: `Bench tool ${i}: ${kind} over its arguments.` });
}

/** The tools/call every row sends, and the text a correct server must answer with. */
export const ECHO_ARGUMENTS = { text: "hello bench" };
export const ECHO_TEXT = "hello bench";

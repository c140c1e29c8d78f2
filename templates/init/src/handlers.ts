// What the server does. `npm run generate` writes the typed server for mcp.yaml into generated/;
// the Handlers type makes tsc (and your editor) check every handler against the manifest.
import type { Handlers } from "../generated/dist/index.js";

export const handlers: Handlers = {
  tools: {
    // Arguments arrive validated against the tool's input schema; structuredContent must match
    // its output schema (the generated types say so).
    greet({ name }) {
      return { structuredContent: { greeting: `Hello, ${name}!` } };
    },
  },
};

// @ts-check
// What the server does. `npm run generate` writes the typed server for mcp.yaml into generated/;
// the JSDoc type below makes your editor (and `tsc --checkJs`) check these handlers against it.

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    // Arguments arrive validated against the tool's input schema; structuredContent must match
    // its output schema (the generated types say so).
    greet({ name }) {
      return { structuredContent: { greeting: `Hello, ${name}!` } };
    },
  },
};

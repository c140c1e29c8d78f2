// Handler for the `greet` tool declared in mcp.yaml. `npm run generate` writes the typed server
// into generated/; it calls this function with the validated arguments and sends the returned
// object as the tool's structuredContent (checked against the tool's output schema).

/**
 * @param {{ name: string }} args
 * @returns {Promise<{ greeting: string }>}
 */
export async function greet(args) {
  return { greeting: `Hello, ${args.name}!` };
}

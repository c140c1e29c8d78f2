// Public entry of @mcp-gen/runtime. Explicit named exports only.
export const RUNTIME_VERSION = "0.1.0";

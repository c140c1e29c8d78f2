// Compiled JSON Schema validators (zod-free): exported by `@mcp-gen/runtime/server` for the
// generated server, which validates tool arguments, structured output, elicitation answers and
// prompt arguments with them.
export { jsonSchemaValidator, SchemaValidationError } from "./validator.js";
export type { Dialect, PatternEngine, SchemaIssue, JsonSchemaValidator, JsonSchemaValidatorOptions, ValidationResult } from "./validator.js";

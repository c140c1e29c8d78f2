// `@mcp-gen/runtime/patterns`: the engine of JSON Schema "pattern" for jsonSchemaValidator
// (`{ patterns: pattern }`): linear-time (re2js) where RE2 can express the pattern exactly, else
// native RegExp (validation/pattern.ts). Its own subpath because re2js is ~260 KB: a generated
// server imports it only when one of its schemas has a pattern (issue 18: import cost).
export { pattern } from "./validation/pattern.js";

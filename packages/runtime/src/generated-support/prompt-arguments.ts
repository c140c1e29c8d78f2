// Prompt arguments as generated handlers see them: checked against the manifest's declaration
// (required arguments present, every value a string) before the handler runs.
import { invalidParams } from "../core/jsonrpc/errors.js";
import type { AnswerSchema } from "./answers.js";

/**
 * The typed arguments of prompt `prompt`, or a -32602: prompts/get arguments that do not match
 * the prompt's declared arguments are invalid params (2025-11-25 server/prompts § Error Handling).
 */
export function parsePromptArguments<Args>(prompt: string, args: Readonly<Record<string, string>>, schema: AnswerSchema<Args>): Args {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw invalidParams(`Invalid arguments for prompt ${prompt}`, { issues: issuesOf(parsed.error) });
  return parsed.data;
}

/** zod errors carry `issues`; any other parser's error is passed as its message. */
function issuesOf(error: unknown): unknown {
  if (typeof error === "object" && error !== null && "issues" in error) return (error as { issues: unknown }).issues;
  return [{ message: error instanceof Error ? error.message : String(error) }];
}

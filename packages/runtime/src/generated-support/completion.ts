// Completions as a generated client sees them: `completion/complete` for one argument of a
// prompt or resource template, answered with just the string values.
import type { JsonObject } from "../core/jsonrpc/message.js";

export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

/** The part of the generic client a completion needs (structural: no client import here). */
export interface CompletionSource<Options> {
  complete(ref: CompletionRef, argument: { name: string; value: string }, context?: { arguments?: Record<string, string> }, options?: Options): Promise<JsonObject>;
}

/** The values of a completion/complete result (an empty list when the server sent none). */
export function completionValues(result: JsonObject): string[] {
  const completion = result["completion"] as { values?: unknown } | undefined;
  return Array.isArray(completion?.values) ? completion.values.filter((v): v is string => typeof v === "string") : [];
}

/** Asks the server to complete `name` = `value` of `ref`, with the other arguments as context. */
export async function completeArgument<Options>(
  client: CompletionSource<Options>,
  ref: CompletionRef,
  name: string,
  value: string,
  context?: Record<string, string>,
  options?: Options,
): Promise<string[]> {
  return completionValues(await client.complete(ref, { name, value }, context === undefined ? undefined : { arguments: context }, options));
}

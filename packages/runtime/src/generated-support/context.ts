// Typed handler contexts for generated code: the runtime's ServerHandlerContext, plus typed
// `ask.<key>()` / `askAll` / `canAsk` over the declared input requests and `mint.<kind>` /
// `open.<kind>` over the declared handle kinds. Generated code only declares (the inputs, the
// answer schemas, the handle kinds); this module builds the helpers. The runtime context is
// the prototype, not copied: its `state` getter and methods must stay live.
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { InputRequestDeclaration } from "../mrtr/input-requests.js";
import type { ServerHandlerContext } from "../server/definition.js";
import { answerConverter, type AnswerSchema } from "./answers.js";

/** The context every generated handler gets: the runtime context without the untyped ask API. */
export type BaseContext = Omit<ServerHandlerContext, "ask" | "askAll" | "canAsk">;

export type Awaitable<T> = T | Promise<T>;

/** What a generated handler context is built from. */
export interface ContextSpec {
  /** The handler's declared input requests (the object its definition's `inputs` holds). */
  readonly inputs?: Readonly<Record<string, InputRequestDeclaration>>;
  /** Form-elicitation key → the schema its accepted content must satisfy (one per form key). */
  readonly answers?: Readonly<Record<string, AnswerSchema>>;
  /** The server's handle kinds (the definition's `handles`): one mint/open helper each. */
  readonly handles?: Readonly<Record<string, unknown>>;
}

/** Builds one helper per key, as an own property even for keys such as `__proto__`. */
function record<V>(keys: readonly string[], value: (key: string) => V): Record<string, V> {
  return Object.fromEntries(keys.map((key) => [key, value(key)]));
}

/**
 * Returns the function that turns the runtime context into the generated context type `Ctx`.
 * Called once per handler at module load, so a missing or stray answer schema (a generator
 * bug) fails at start-up, not on the first call.
 */
export function typedContext<Ctx extends BaseContext>(spec: ContextSpec): (ctx: ServerHandlerContext) => Ctx {
  const inputs = spec.inputs ?? {};
  const keys = Object.keys(inputs);
  for (const key of Object.keys(spec.answers ?? {})) {
    if (inputs[key]?.kind !== "form-elicitation") throw new Error(`answer schema for '${key}', which is not a declared form elicitation`);
  }
  const convert = record(keys, (key) => answerConverter(key, inputs[key]!, spec.answers?.[key]));
  const kinds = Object.keys(spec.handles ?? {});
  return (ctx) => {
    const extra: Record<string, unknown> = {};
    if (keys.length > 0) {
      extra["ask"] = record(keys, (key) => async (request?: JsonObject) => convert[key]!(await ctx.ask(key, request)));
      extra["askAll"] = (requests: Readonly<Record<string, JsonObject | undefined>>) => askAllTyped(ctx, requests, convert);
      extra["canAsk"] = (key: string) => ctx.canAsk(key);
    }
    if (kinds.length > 0) {
      extra["mint"] = record(kinds, (kind) => (value: unknown) => ctx.handles.mint(kind, value));
      extra["open"] = record(kinds, (kind) => (handle: string) => ctx.handles.open(kind, handle));
    }
    return Object.assign(Object.create(ctx) as object, extra) as Ctx;
  };
}

/**
 * Asks several declared inputs in ONE round (modern: one input_required carrying every missing
 * key; legacy: the requests in turn) and converts each raw answer.
 */
async function askAllTyped(
  ctx: ServerHandlerContext,
  requests: Readonly<Record<string, JsonObject | undefined>>,
  convert: Readonly<Record<string, (raw: JsonObject) => unknown>>,
): Promise<Record<string, unknown>> {
  const raw = await ctx.askAll(requests);
  const answers: Record<string, unknown> = {};
  for (const key of Object.keys(requests)) {
    const converter = Object.hasOwn(convert, key) ? convert[key] : undefined;
    const value = raw[key];
    if (converter === undefined || value === undefined) throw new Error(`no answer for input request '${key}'`);
    answers[key] = converter(value);
  }
  return answers;
}

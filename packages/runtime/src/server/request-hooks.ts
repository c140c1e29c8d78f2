// ServerOptions.hooks and ServerOptions.interceptors folded into one wrapper around a request's
// handling (issue 17 #5). Absent both, there is no wrapper at all: the request path then pays one
// `undefined` test. The outcome is read back from the serialized answer (both serializers write
// `{"jsonrpc":"2.0","id":…,` first, core/jsonrpc/serialize.ts), so observing costs nothing on
// the path that serializes, and only an observed request pays for reading it.
import type { RequestHooks, RequestInfo, RequestInterceptor, RequestOutcome } from "./options.js";

export type RequestWrapper = RequestInterceptor;

/** The JSON-RPC error code of a serialized answer to `id`, or undefined for a result. */
export function errorCodeOf(id: string | number, body: string): number | undefined {
  const prefix = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":`;
  if (!body.startsWith(prefix)) return undefined;
  const code = Number.parseInt(body.slice(prefix.length, prefix.length + 12), 10);
  return Number.isFinite(code) ? code : undefined;
}

/** Whether a serialized tools/call answer is a result with `isError: true`. */
export function isToolError(method: string, body: string): boolean {
  // The substring test keeps the common case cheap; the parse settles a nested "isError" key.
  if (method !== "tools/call" || !body.includes('"isError":true')) return false;
  try {
    const parsed = JSON.parse(body) as { result?: { isError?: unknown } };
    return parsed.result?.isError === true;
  } catch {
    return false;
  }
}

export function outcomeOf(info: RequestInfo, body: string | undefined, durationMs: number): RequestOutcome {
  if (body === undefined) return { durationMs, errorCode: undefined, toolError: false, cancelled: true };
  return { durationMs, errorCode: errorCodeOf(info.id, body), toolError: isToolError(info.method, body), cancelled: false };
}

function hooksInterceptor(hooks: RequestHooks, report: (error: unknown) => void): RequestInterceptor {
  const safely = (call: () => void): void => {
    try {
      call();
    } catch (error) {
      report(error);
    }
  };
  return async (info, run) => {
    const started = performance.now();
    if (hooks.before) safely(() => hooks.before?.(info));
    let body: string | undefined;
    try {
      body = await run();
      return body;
    } finally {
      if (hooks.after) {
        const outcome = outcomeOf(info, body, performance.now() - started);
        safely(() => hooks.after?.(info, outcome));
      }
    }
  };
}

/** One wrapper for hooks and interceptors (outermost first), or undefined when neither is set. */
export function composeRequestWrapper(
  hooks: RequestHooks | undefined,
  interceptors: readonly RequestInterceptor[] | undefined,
  report: (error: unknown) => void,
): RequestWrapper | undefined {
  const chain: RequestInterceptor[] = [...(interceptors ?? [])];
  if (hooks && (hooks.before || hooks.after)) chain.push(hooksInterceptor(hooks, report));
  if (chain.length === 0) return undefined;
  if (chain.length === 1) return chain[0];
  return (info, run) => {
    const step = (index: number): Promise<string | undefined> => (index === chain.length ? run() : (chain[index] as RequestInterceptor)(info, () => step(index + 1)));
    return step(0);
  };
}

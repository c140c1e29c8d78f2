// The per-request scope an operation runs in. Each era builds it differently (modern: from the
// _meta envelope and the request's own stream; legacy: from the session), so one operation
// implementation serves both eras.
import type { AuthInfo } from "../auth/types.js";
import type { LogLevel } from "../core/era/envelope.js";
import type { Cancellation } from "./cancellation.js";
import type { Era } from "../core/era/revisions.js";
import type { JsonObject, RequestId } from "../core/jsonrpc/message.js";
import type { EmbeddedInputRequest, InputAnswer, InputRequestDeclaration } from "../mrtr/input-requests.js";
import type { TaskControl } from "../tasks/types.js";

export interface InputChannel {
  /** Handler data from the previous round (modern requestState); undefined otherwise. */
  readonly state: unknown;
  /** Pending until the channel's inputs are verified (modern requestState); awaited before the handler runs. */
  readonly ready?: Promise<void> | undefined;
  setState(data: unknown): void;
  /** Resolves every request, or (modern) ends the attempt with input_required. */
  askAll(requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>>;
  /** Whether the client declared what this request needs. */
  canAsk(request: EmbeddedInputRequest): boolean;
}

export interface CallScope {
  readonly era: Era;
  readonly protocolVersion: string;
  readonly method: string;
  readonly requestId: RequestId;
  readonly params: JsonObject;
  readonly clientCapabilities: JsonObject;
  readonly clientInfo: JsonObject | undefined;
  /** Principal handles are bound to (the verified token's, else ServerOptions.callerOf's); undefined = unbound. */
  readonly caller: string | undefined;
  /** The verified bearer token (HTTP with ServerOptions.auth); undefined otherwise. */
  readonly auth: AuthInfo | undefined;
  readonly cancellation: Cancellation;
  readonly progressToken: string | number | undefined;
  shouldLog(level: LogLevel): boolean;
  /** Sends a notification related to this request (its SSE stream / stdout). */
  notify(method: string, params: JsonObject): void;
  /** Builds the input channel for a target with these declared inputs. */
  openInputs(declarations: Readonly<Record<string, InputRequestDeclaration>>): InputChannel;
  closeStream(): void;
  /** Present when the call runs as a task (tasks/task-scope.ts). */
  readonly task?: TaskControl;
  /** The request headers ServerOptions.exposeHeaders allows handlers to see (HTTP; request-view.ts). */
  readonly requestHeaders?: Readonly<Record<string, string>>;
}

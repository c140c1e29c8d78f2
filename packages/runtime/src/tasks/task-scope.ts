// The CallScope a handler runs in once its call became a task: the request that created it is
// answered already, so cancellation comes from tasks/cancel, input requests wait for the task's
// inputs (tasks/update on 2026-07-28), and nothing is sent on the finished request's stream
// (extensions/tasks § Task Status Notifications: progress and log messages are not supported on tasks).
import type { AuthInfo } from "../auth/types.js";
import type { JsonObject, RequestId } from "../core/jsonrpc/message.js";
import { missingCapabilities, splitAnswered, type EmbeddedInputRequest, type InputAnswer } from "../mrtr/input-requests.js";
import type { Cancellation } from "../server/cancellation.js";
import type { CallScope, InputChannel } from "../server/scope.js";

import type { TaskControl } from "./types.js";

export type { TaskControl };

export interface TaskInputSource {
  /** Resolves when every request is answered; the task is input_required meanwhile. */
  await(requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>>;
  /** Legacy: the era's own channel sends real requests; the task shows input_required meanwhile. */
  during<T>(requests: Readonly<Record<string, EmbeddedInputRequest>>, work: () => Promise<T>): Promise<T>;
}

/** 2025-11-25: input goes out as real server→client requests on the session (tasks § Input Required Status). */
class LegacyTaskInputs implements InputChannel {
  constructor(
    private readonly inner: InputChannel,
    private readonly source: TaskInputSource,
  ) {}
  get state(): unknown {
    return this.inner.state;
  }
  setState(data: unknown): void {
    this.inner.setState(data);
  }
  canAsk(request: EmbeddedInputRequest): boolean {
    return this.inner.canAsk(request);
  }
  askAll(requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>> {
    return this.source.during(requests, () => this.inner.askAll(requests));
  }
}

class TaskInputs implements InputChannel {
  readonly state: unknown = undefined;
  constructor(
    private readonly clientCapabilities: JsonObject,
    private readonly preAnswered: Readonly<Record<string, InputAnswer>>,
    private readonly source: TaskInputSource,
  ) {}
  setState(): void {
    // requestState belongs to MRTR rounds; a task keeps its state in the running handler.
  }
  canAsk(request: EmbeddedInputRequest): boolean {
    return missingCapabilities(request, this.clientCapabilities) === undefined;
  }
  async askAll(requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>> {
    const early = (key: string) => (Object.hasOwn(this.preAnswered, key) ? this.preAnswered[key] : undefined);
    const { answered, pending, pendingCount } = splitAnswered(requests, early, this.clientCapabilities);
    if (pendingCount === 0) return answered;
    return { ...answered, ...(await this.source.await(pending)) };
  }
}

export class TaskScope implements CallScope {
  readonly era: CallScope["era"];
  readonly protocolVersion: string;
  readonly method: string;
  readonly requestId: RequestId;
  readonly params: JsonObject;
  readonly clientCapabilities: JsonObject;
  readonly clientInfo: JsonObject | undefined;
  readonly caller: string | undefined;
  readonly auth: AuthInfo | undefined;
  // The creating request's visible headers, copied once: the task outlives that request, and
  // a handler's ctx.request.headers must read the same inside the task as it would inline.
  readonly requestHeaders: Readonly<Record<string, string>> | undefined;
  readonly progressToken = undefined;

  constructor(
    private readonly parent: CallScope,
    readonly cancellation: Cancellation,
    readonly task: TaskControl,
    private readonly preAnswered: Readonly<Record<string, InputAnswer>>,
    private readonly source: TaskInputSource,
  ) {
    this.era = parent.era;
    this.protocolVersion = parent.protocolVersion;
    this.method = parent.method;
    this.requestId = parent.requestId;
    this.params = parent.params;
    this.clientCapabilities = parent.clientCapabilities;
    this.clientInfo = parent.clientInfo;
    this.caller = parent.caller;
    this.auth = parent.auth;
    this.requestHeaders = parent.requestHeaders;
  }

  shouldLog(): boolean {
    return false;
  }
  notify(): void {}
  openInputs(declarations: Parameters<CallScope["openInputs"]>[0]): InputChannel {
    if (this.era === "legacy") return new LegacyTaskInputs(this.parent.openInputs(declarations), this.source);
    return new TaskInputs(this.clientCapabilities, this.preAnswered, this.source);
  }
  closeStream(): void {}
}

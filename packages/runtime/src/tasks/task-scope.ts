// The CallScope a handler runs in once its call became a task: the request that created it is
// answered already, so cancellation comes from tasks/cancel, input requests wait for the task's
// inputs (tasks/update on 2026-07-28), and nothing is sent on the finished request's stream
// (extensions/tasks § Task Status Notifications: progress and log messages are not supported on tasks).
import type { AuthInfo } from "../auth/types.js";
import type { JsonObject, RequestId } from "../core/jsonrpc/message.js";
import { MISSING_REQUIRED_CLIENT_CAPABILITY } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { mergeCapabilityFragments, missingCapabilities, type EmbeddedInputRequest, type InputAnswer } from "../mrtr/input-requests.js";
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
    const result: Record<string, InputAnswer> = {};
    const pending: Record<string, EmbeddedInputRequest> = {};
    const missing: JsonObject[] = [];
    for (const [key, request] of Object.entries(requests)) {
      const early = Object.hasOwn(this.preAnswered, key) ? this.preAnswered[key] : undefined;
      if (early !== undefined) {
        result[key] = early;
        continue;
      }
      const lacking = missingCapabilities(request, this.clientCapabilities);
      if (lacking) missing.push(lacking);
      pending[key] = request;
    }
    if (missing.length > 0) {
      throw new RpcError(MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability", { requiredCapabilities: mergeCapabilityFragments(missing) });
    }
    if (Object.keys(pending).length === 0) return result;
    return { ...result, ...(await this.source.await(pending)) };
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

// The modern (MRTR) input channel (2026-07-28 basic/patterns/mrtr). Answers come from this
// attempt's `inputResponses` plus the answers of earlier rounds sealed in `requestState`
// ("per-round replace, never accumulate" on the wire, so the server threads them itself).
import { createHash } from "node:crypto";
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";
import type { InputChannel } from "../server/scope.js";
import {
  buildInputRequest,
  missingCapabilities,
  splitAnswered,
  validateInputAnswer,
  type EmbeddedInputRequest,
  type InputAnswer,
  type InputRequestDeclaration,
} from "./input-requests.js";
import { InputRequiredSignal, type InputRequiredResultBody } from "./input-required.js";
import { digestParams, type RequestStateCodec } from "./request-state.js";

export interface ModernInputChannel extends InputChannel {
  /** Turns the signal thrown by askAll into the result sent to the client. */
  inputRequiredResult(signal: InputRequiredSignal): InputRequiredResultBody;
}

class ModernInputs implements ModernInputChannel {
  readonly state: unknown;
  private nextState: unknown;
  private digestCache: string | undefined;
  private readonly answers: JsonObject = {};

  constructor(
    private readonly method: string,
    private readonly params: JsonObject,
    private readonly clientCapabilities: JsonObject,
    declarations: Readonly<Record<string, InputRequestDeclaration>>,
    private readonly codec: RequestStateCodec,
    private readonly principal: string | undefined,
  ) {
    // S6: the echoed state is attacker input; verification happens before the handler runs.
    const token = params["requestState"];
    if (token !== undefined) {
      const opened = codec.open(token, method, this.digest());
      for (const [key, answer] of Object.entries(opened.answers)) this.answers[key] = answer;
      this.state = opened.data;
    }
    this.nextState = this.state;
    const responses = params["inputResponses"];
    if (isPlainObject(responses)) {
      for (const [key, answer] of Object.entries(responses)) {
        const decl = Object.hasOwn(declarations, key) ? declarations[key] : undefined;
        if (decl === undefined) continue; // S10: ignore keys this target never asks for
        this.answers[key] = validateInputAnswer(key, buildInputRequest(decl, undefined).method, answer);
      }
    }
  }

  /** The params digest is only needed when state is opened or sealed; most calls never do either. */
  private digest(): string {
    return (this.digestCache ??= principalDigest(digestParams(this.params), this.principal));
  }

  setState(data: unknown): void {
    this.nextState = data;
  }

  canAsk(request: EmbeddedInputRequest): boolean {
    return missingCapabilities(request, this.clientCapabilities) === undefined;
  }

  async askAll(requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>> {
    const { answered, pending, pendingCount } = splitAnswered(requests, (key) => this.answers[key] as InputAnswer | undefined, this.clientCapabilities, 400);
    if (pendingCount > 0) throw new InputRequiredSignal(pending);
    return answered;
  }

  inputRequiredResult(signal: InputRequiredSignal): InputRequiredResultBody {
    const payload = this.nextState === undefined ? { answers: this.answers } : { answers: this.answers, data: this.nextState };
    return {
      resultType: "input_required",
      inputRequests: signal.requests,
      requestState: this.codec.seal(this.method, this.digest(), payload),
    };
  }
}

/** The params digest, bound to a principal when there is one (a hash: the state is readable). */
function principalDigest(params: string, principal: string | undefined): string {
  if (principal === undefined) return params;
  return `${params}.${createHash("sha256").update(principal).digest("base64url").slice(0, 22)}`;
}

export function openModernInputs(
  method: string,
  params: JsonObject,
  clientCapabilities: JsonObject,
  declarations: Readonly<Record<string, InputRequestDeclaration>>,
  codec: RequestStateCodec,
  principal?: string,
): ModernInputChannel {
  return new ModernInputs(method, params, clientCapabilities, declarations, codec, principal);
}

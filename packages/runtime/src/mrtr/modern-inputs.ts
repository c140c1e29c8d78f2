// The modern (MRTR) input channel (2026-07-28 basic/patterns/mrtr). Answers come from this
// attempt's `inputResponses` plus the answers of earlier rounds sealed in `requestState`
// ("per-round replace, never accumulate" on the wire, so the server threads them itself).
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
import { sha256Base64url } from "../platform/web-crypto.js";
import { digestParams, type RequestStateCodec } from "./request-state.js";

export interface ModernInputChannel extends InputChannel {
  /** Turns the signal thrown by askAll into the result sent to the client (seals requestState). */
  inputRequiredResult(signal: InputRequiredSignal): Promise<InputRequiredResultBody>;
}

class ModernInputs implements ModernInputChannel {
  state: unknown;
  /** Verification of the echoed requestState (Web Crypto is asynchronous); undefined without one. */
  readonly ready: Promise<void> | undefined;
  private nextState: unknown;
  private digestCache: Promise<string> | undefined;
  private readonly answers: JsonObject = {};

  constructor(
    private readonly method: string,
    private readonly params: JsonObject,
    private readonly clientCapabilities: JsonObject,
    declarations: Readonly<Record<string, InputRequestDeclaration>>,
    private readonly codec: RequestStateCodec,
    private readonly principal: string | undefined,
  ) {
    const responses = params["inputResponses"];
    if (isPlainObject(responses)) {
      for (const [key, answer] of Object.entries(responses)) {
        const decl = Object.hasOwn(declarations, key) ? declarations[key] : undefined;
        if (decl === undefined) continue; // S10: ignore keys this target never asks for
        this.answers[key] = validateInputAnswer(key, buildInputRequest(decl, undefined).method, answer);
      }
    }
    // S6: the echoed state is attacker input; verification happens before the handler runs (the
    // channel's user awaits `ready`). Started last, so a throw above leaves no rejection unheard.
    const token = params["requestState"];
    this.ready = token === undefined ? undefined : this.openState(token);
    this.ready?.catch(() => {});
  }

  /** This attempt's answers win over the earlier rounds' sealed ones. */
  private async openState(token: unknown): Promise<void> {
    const opened = await this.codec.open(token, this.method, await this.digest());
    for (const [key, answer] of Object.entries(opened.answers)) if (!Object.hasOwn(this.answers, key)) this.answers[key] = answer;
    this.state = this.nextState = opened.data;
  }

  /** The params digest is only needed when state is opened or sealed; most calls never do either. */
  private digest(): Promise<string> {
    return (this.digestCache ??= principalDigest(this.params, this.principal));
  }

  setState(data: unknown): void {
    this.nextState = data;
  }

  canAsk(request: EmbeddedInputRequest): boolean {
    return missingCapabilities(request, this.clientCapabilities) === undefined;
  }

  async askAll(requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>> {
    if (this.ready !== undefined) await this.ready;
    const { answered, pending, pendingCount } = splitAnswered(requests, (key) => this.answers[key] as InputAnswer | undefined, this.clientCapabilities, 400);
    if (pendingCount > 0) throw new InputRequiredSignal(pending);
    return answered;
  }

  async inputRequiredResult(signal: InputRequiredSignal): Promise<InputRequiredResultBody> {
    const payload = this.nextState === undefined ? { answers: this.answers } : { answers: this.answers, data: this.nextState };
    return {
      resultType: "input_required",
      inputRequests: signal.requests,
      requestState: await this.codec.seal(this.method, await this.digest(), payload),
    };
  }
}

/** The params digest, bound to a principal when there is one (a hash: the state is readable). */
async function principalDigest(params: JsonObject, principal: string | undefined): Promise<string> {
  const digest = await digestParams(params);
  if (principal === undefined) return digest;
  return `${digest}.${(await sha256Base64url(principal)).slice(0, 22)}`;
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

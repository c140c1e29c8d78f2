// The modern (MRTR) input channel (2026-07-28 basic/patterns/mrtr). Answers come from this
// attempt's `inputResponses` plus the answers of earlier rounds sealed in `requestState`
// ("per-round replace, never accumulate" on the wire, so the server threads them itself).
import { MISSING_REQUIRED_CLIENT_CAPABILITY } from "../jsonrpc/codes.js";
import { RpcError } from "../jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../jsonrpc/message.js";
import type { InputChannel } from "../server/scope.js";
import {
  buildInputRequest,
  mergeCapabilityFragments,
  missingCapabilities,
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

export function openModernInputs(
  method: string,
  params: JsonObject,
  clientCapabilities: JsonObject,
  declarations: Readonly<Record<string, InputRequestDeclaration>>,
  codec: RequestStateCodec,
): ModernInputChannel {
  // The params digest is only needed when state is opened or sealed; most calls never do either.
  let digestCache: string | undefined;
  const digest = () => (digestCache ??= digestParams(params));
  const answers: JsonObject = {};
  let state: unknown;
  // S6: the echoed state is attacker input; verification happens before the handler runs.
  const token = params["requestState"];
  if (token !== undefined) {
    const opened = codec.open(token, method, digest());
    Object.assign(answers, opened.answers);
    state = opened.data;
  }
  const responses = params["inputResponses"];
  if (isPlainObject(responses)) {
    for (const [key, answer] of Object.entries(responses)) {
      const decl = Object.hasOwn(declarations, key) ? declarations[key] : undefined;
      if (decl === undefined) continue; // S10: ignore keys this target never asks for
      answers[key] = validateInputAnswer(key, buildInputRequest(decl, undefined).method, answer);
    }
  }
  let nextState = state;
  return {
    get state() {
      return state;
    },
    setState(data) {
      nextState = data;
    },
    canAsk(request) {
      return missingCapabilities(request, clientCapabilities) === undefined;
    },
    async askAll(requests) {
      const result: Record<string, InputAnswer> = {};
      const pending: Record<string, EmbeddedInputRequest> = {};
      const missing: JsonObject[] = [];
      for (const [key, request] of Object.entries(requests)) {
        const answer = answers[key];
        if (answer !== undefined) {
          result[key] = answer as InputAnswer;
          continue;
        }
        const lacking = missingCapabilities(request, clientCapabilities);
        if (lacking) missing.push(lacking);
        pending[key] = request;
      }
      if (missing.length > 0) {
        // S3/S4: never embed an undeclared kind; report exactly the missing capabilities.
        throw new RpcError(
          MISSING_REQUIRED_CLIENT_CAPABILITY,
          "Missing required client capability",
          { requiredCapabilities: mergeCapabilityFragments(missing) },
          400,
        );
      }
      if (Object.keys(pending).length > 0) throw new InputRequiredSignal(pending);
      return result;
    },
    inputRequiredResult(signal) {
      const payload = nextState === undefined ? { answers } : { answers, data: nextState };
      return {
        resultType: "input_required",
        inputRequests: signal.requests,
        requestState: codec.seal(method, digest(), payload),
      };
    },
  };
}

// The two HMAC codecs a server signs with: requestState (MRTR) and handles. A configured key
// (option or environment variable) is checked at construction, so a bad one still fails the
// start. The random per-process key of a server without one is drawn on the codec's first use:
// drawing it loads the host's crypto (~2 ms of a Node cold start), which a server that never
// seals a requestState or mints a handle need not pay. Either way each codec has one key for
// the server's life.
import { createHandleCodec, type HandleCodec, type HandleKindDefinition } from "../handles/handles.js";
import { randomBytes } from "../platform/bytes.js";
import { createRequestStateCodec, type RequestStateCodec } from "../mrtr/request-state.js";
import { configuredSigningKey, MIN_KEY_BYTES } from "../mrtr/signing-key.js";

export interface ServerCodecs {
  stateCodec: RequestStateCodec;
  handles: HandleCodec;
}

export interface CodecKeys {
  stateKey?: string | Uint8Array | undefined;
  handleKey?: string | Uint8Array | undefined;
  stateTtlMs?: number | undefined;
}

const DEFAULT_STATE_TTL_MS = 10 * 60_000;

export function createServerCodecs(options: CodecKeys, kinds: Readonly<Record<string, HandleKindDefinition>>): ServerCodecs {
  const ttlMs = options.stateTtlMs ?? DEFAULT_STATE_TTL_MS;
  const stateKey = configuredSigningKey(options.stateKey, "MCP_GEN_STATE_KEY");
  const handleKey = configuredSigningKey(options.handleKey, "MCP_GEN_HANDLE_KEY");
  return {
    stateCodec: stateKey ? createRequestStateCodec(stateKey, ttlMs) : lazyStateCodec(() => createRequestStateCodec(randomBytes(MIN_KEY_BYTES), ttlMs)),
    handles: handleKey ? createHandleCodec(handleKey, kinds) : lazyHandleCodec(() => createHandleCodec(randomBytes(MIN_KEY_BYTES), kinds)),
  };
}

function lazyStateCodec(make: () => RequestStateCodec): RequestStateCodec {
  let codec: RequestStateCodec | undefined;
  return {
    seal: (method, paramsDigest, payload) => (codec ??= make()).seal(method, paramsDigest, payload),
    open: (token, method, paramsDigest) => (codec ??= make()).open(token, method, paramsDigest),
  };
}

function lazyHandleCodec(make: () => HandleCodec): HandleCodec {
  let codec: HandleCodec | undefined;
  return {
    mint: (kind, value, caller) => (codec ??= make()).mint(kind, value, caller),
    open: (kind, handle, caller) => (codec ??= make()).open(kind, handle, caller),
  };
}

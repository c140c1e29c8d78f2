// fast-check generators for malformed and hostile JSON-RPC traffic.
import fc from "fast-check";
import { envelope } from "./definition.js";

const METHODS = [
  "server/discover", "tools/list", "tools/call", "prompts/get", "resources/read", "completion/complete",
  "subscriptions/listen", "initialize", "ping", "logging/setLevel", "notifications/cancelled", "__proto__", "constructor", "toString",
];

const anyId = fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.double(), fc.constant({}), fc.boolean());
const hostileKeyObject = fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "name", "arguments", "uri", "cursor", "_meta"), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 4,
});
const params = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }),
  hostileKeyObject,
  fc.record({
    name: fc.oneof(fc.constantFrom("echo", "confirm_delete", "add_item", "regional", "__proto__", "toString"), fc.string({ maxLength: 6 })),
    arguments: fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileKeyObject),
    cursor: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 12 })),
    uri: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 12 })),
    requestState: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 40 }), fc.integer()),
    inputResponses: fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }), hostileKeyObject),
    _meta: fc.oneof(fc.constant(envelope()), fc.constant(envelope({}, { elicitation: {}, sampling: {} })), fc.jsonValue({ maxDepth: 2 }), hostileKeyObject),
  }),
);

const jsonRpcLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant("2.0"), fc.constant("1.0"), fc.jsonValue({ maxDepth: 1 })),
    id: anyId,
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 10 }), fc.integer()),
    params,
    result: fc.jsonValue({ maxDepth: 2 }),
    error: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

/** One line of hostile input (never contains a raw newline). */
export const hostileLine: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, " ")),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  jsonRpcLike.map((v) => JSON.stringify(v)),
  fc.array(jsonRpcLike, { maxLength: 3 }).map((v) => JSON.stringify(v)),
  jsonRpcLike.map((v) => JSON.stringify(v).replace('"jsonrpc"', '"__proto__":{"polluted":1},"jsonrpc"')),
);

export const KNOWN_CODES = new Set([-32700, -32600, -32601, -32602, -32603, -32002, -32020, -32021, -32022]);

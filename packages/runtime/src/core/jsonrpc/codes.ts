// The JSON-RPC error codes of both eras, one name per code. Modern codes follow the renumbering
// in 2026-07-28 (changelog, minor change 12): -32020/-32021/-32022; the old -32001/-32003/-32004
// numbers are never emitted. Names follow the spec's error tables (2026-07-28 basic/index
// § Error Codes; 2025-11-25 server/resources § Error Handling).
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** Legacy-only resource-not-found (2025-11-25 server/resources § Error Handling). */
export const RESOURCE_NOT_FOUND_LEGACY = -32002;
/**
 * 2025-11-25 only: the request needs URL-mode elicitations first, listed in `data.elicitations`
 * (2025-11-25 client/elicitation § URL Elicitation Required Error). Never sent on 2026-07-28.
 */
export const URL_ELICITATION_REQUIRED = -32042;
export const HEADER_MISMATCH = -32020;
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Every code above by name: the single table tests and tools enumerate. */
export const ERROR_CODES: Readonly<Record<string, number>> = Object.freeze({
  PARSE_ERROR,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  INVALID_PARAMS,
  INTERNAL_ERROR,
  RESOURCE_NOT_FOUND_LEGACY,
  URL_ELICITATION_REQUIRED,
  HEADER_MISMATCH,
  MISSING_REQUIRED_CLIENT_CAPABILITY,
  UNSUPPORTED_PROTOCOL_VERSION,
});

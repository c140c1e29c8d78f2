// Which runtime checker (packages/runtime/src/validation/formats/) each JSON Schema "format"
// gets. The checkers are written for mcp-gen (no ajv-formats at runtime: generated code must
// not import it) and run in time linear in their input (issue 21 #2; pumped in
// test/runtime/validation/formats-linear.test.ts).
//
// DECISION (what "agree" means here): the oracle is ajv 8 + ajv-formats 3 in its default
// ("full") mode. Each checker below implements the format's RFC grammar and then adopts
// ajv-formats' documented leniencies where they differ, so that verdicts agree:
//   - byte: ajv-formats tests its base64 pattern with the multiline flag, so a string
//     passes when ANY of its lines is canonical base64 (e.g. "!!\n" passes because the
//     empty last line does). We reproduce that line rule on purpose.
//   - uri-template: literals may be any character except CTL, space and "'<>%\^`{|}
//     (RFC 6570 §2.1 would also restrict non-ASCII ranges); variable names are
//     [A-Za-z0-9_] or %XX, WITHOUT the dots RFC 6570 §2.3 allows — ajv-formats rejects
//     "{a.b}", so we do too.
//   - date-time/time: RFC 3339 §5.6 with ajv's extras: "t"/"T" or any whitespace as the
//     separator, zone "+HH" / "+HHMM" accepted, a leap second only at 23:59 UTC.
//   - uri / uri-reference: RFC 3986 Appendix A, case-insensitive, read as ajv-formats
//     does: an authority may follow a single slash ("a:/[::1]"), an IPv4 dec-octet may
//     have a leading zero, and a URI-reference may contain '"' and begin with a segment
//     holding ':' (ajv makes the scheme optional rather than using relative-ref).
//   - url: ajv-formats' own definition (not an RFC): http/https/ftp, optional userinfo,
//     a public dotted IPv4 (no 10/8, 127/8, 169.254/16, 192.168/16, 172.16/12) or a host
//     name whose last label is 2+ letters, an optional 2-5 digit port, a "/" path, no
//     whitespace anywhere.
// The differential test (test/emitter-formats.test.ts) checks realistic values of every
// format below against ajv-formats.

/** Format name → helper that checks it; "number" formats apply to numbers, the rest to strings. */
export const FORMAT_CHECKERS: Readonly<
  Record<string, { readonly helper: string | undefined; readonly kind: "string" | "number" }>
> = {
  date: { helper: "isDate", kind: "string" },
  time: { helper: "isTime", kind: "string" },
  "date-time": { helper: "isDateTime", kind: "string" },
  "iso-time": { helper: "isIsoTime", kind: "string" },
  "iso-date-time": { helper: "isIsoDateTime", kind: "string" },
  duration: { helper: "isDuration", kind: "string" },
  uri: { helper: "isUri", kind: "string" },
  url: { helper: "isUrl", kind: "string" },
  "uri-reference": { helper: "isUriReference", kind: "string" },
  "uri-template": { helper: "isUriTemplate", kind: "string" },
  email: { helper: "isEmail", kind: "string" },
  hostname: { helper: "isHostname", kind: "string" },
  ipv4: { helper: "isIpv4", kind: "string" },
  ipv6: { helper: "isIpv6", kind: "string" },
  regex: { helper: "isRegex", kind: "string" },
  uuid: { helper: "isUuid", kind: "string" },
  "json-pointer": { helper: "isJsonPointer", kind: "string" },
  "json-pointer-uri-fragment": { helper: "isJsonPointerUriFragment", kind: "string" },
  "relative-json-pointer": { helper: "isRelativeJsonPointer", kind: "string" },
  byte: { helper: "isByte", kind: "string" },
  int32: { helper: "isInt32", kind: "number" },
  int64: { helper: "isInt64", kind: "number" },
  // ajv-formats accepts every value for these: no check is the exact translation.
  float: { helper: undefined, kind: "number" },
  double: { helper: undefined, kind: "number" },
  password: { helper: undefined, kind: "string" },
  binary: { helper: undefined, kind: "string" },
};

/** Formats ajv-formats checks but mcp-gen cannot reproduce exactly: a diagnostic. (None today.) */
export const UNSUPPORTED_FORMATS: ReadonlySet<string> = new Set<string>();

// The checker of each JSON Schema "format" (the table the zod emitter uses is
// generator/emit/zod/formats.ts; test/validation-compile/formats-table.test.ts keeps both equal).
// "number" formats apply to numbers, the rest to strings; formats ajv-formats accepts every
// value of (float, double, password, binary) and unknown formats check nothing.
import { isDate, isDateTime, isDuration, isIsoDateTime, isIsoTime, isTime } from "../formats/dates.js";
import { isEmail, isHostname, isIpv4, isIpv6 } from "../formats/network.js";
import { isByte, isInt32, isInt64, isJsonPointer, isJsonPointerUriFragment, isRegex, isRelativeJsonPointer, isUuid } from "../formats/text.js";
import { isUri, isUriReference, isUriTemplate } from "../formats/uri.js";
import { isUrl } from "../formats/url.js";

export const STRING_FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  date: isDate,
  time: isTime,
  "date-time": isDateTime,
  "iso-time": isIsoTime,
  "iso-date-time": isIsoDateTime,
  duration: isDuration,
  uri: isUri,
  url: isUrl,
  "uri-reference": isUriReference,
  "uri-template": isUriTemplate,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIpv4,
  ipv6: isIpv6,
  regex: isRegex,
  uuid: isUuid,
  "json-pointer": isJsonPointer,
  "json-pointer-uri-fragment": isJsonPointerUriFragment,
  "relative-json-pointer": isRelativeJsonPointer,
  byte: isByte,
};

export const NUMBER_FORMATS: Readonly<Record<string, (value: number) => boolean>> = {
  int32: isInt32,
  int64: isInt64,
};

/** Formats that are known and accept every value. */
export const UNCHECKED_FORMATS: ReadonlySet<string> = new Set(["float", "double", "password", "binary"]);

/** Which kind a schema's `format` constrains, if it checks anything. */
export function formatKind(format: unknown): "string" | "number" | undefined {
  if (typeof format !== "string") return undefined;
  if (Object.hasOwn(STRING_FORMATS, format)) return "string";
  if (Object.hasOwn(NUMBER_FORMATS, format)) return "number";
  return undefined;
}

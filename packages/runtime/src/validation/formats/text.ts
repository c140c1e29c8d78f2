// "byte", "regex", "uuid", "json-pointer", "json-pointer-uri-fragment", "relative-json-pointer",
// and the two number formats ajv-formats checks ("int32", "int64").

/** Base64 (RFC 4648 §4); like ajv-formats, one canonical line anywhere in the text suffices. */
export function isByte(text: string): boolean {
  return text
    .split(/[\n\r\u2028\u2029]/)
    .some((line) => line.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(line));
}

/** ECMAScript regular expression syntax (as ajv-formats: no \Z, which JS lacks). Compiled, never run. */
export function isRegex(text: string): boolean {
  if (/[^\\]\\Z/.test(text)) return false;
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/** RFC 4122 string form, optionally as a "urn:uuid:" URN. */
export function isUuid(text: string): boolean {
  return /^(?:urn:uuid:)?[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(text);
}

/** RFC 6901: empty, or "/"-prefixed tokens where "~" only starts "~0" or "~1". */
export function isJsonPointer(text: string): boolean {
  return text === "" || (text.startsWith("/") && !/~(?![01])/.test(text));
}

/** RFC 6901 §6: a JSON pointer written as a URI fragment. */
export function isJsonPointerUriFragment(text: string): boolean {
  return /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~[01])*)*$/i.test(text);
}

/** draft-handrews-relative-json-pointer: a non-negative integer, then "#" or a JSON pointer. */
export function isRelativeJsonPointer(text: string): boolean {
  const prefix = /^(?:0|[1-9][0-9]*)/.exec(text);
  if (!prefix) return false;
  const rest = text.slice(prefix[0].length);
  return rest === "#" || isJsonPointer(rest);
}

export function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
}

export function isInt64(value: number): boolean {
  return Number.isInteger(value);
}

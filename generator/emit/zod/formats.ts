// Runtime checkers for JSON Schema "format", written for mcp-gen (no ajv-formats at
// runtime: generated code must not import it).
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

import type { HelperSource } from "./helpers.js";

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

export const FORMAT_HELPERS: readonly HelperSource[] = [
  {
    name: "uriGrammar",
    deps: [],
    source: `/**
 * RFC 3986 Appendix A, assembled from its named rules (matched case-insensitively), with
 * ajv-formats' readings: an authority may follow a single slash, a dec-octet may have a
 * leading zero, and a URI-reference may use '"' and start with a segment holding ':'.
 */
const uriGrammar = (() => {
  const build = (extra: string) => {
    const pct = "%[0-9a-f]{2}";
    const unreserved = "a-z0-9\\\\-._~";
    const subDelims = "!$&'()*+,;=";
    const pchar = \`(?:[\${unreserved}\${subDelims}\${extra}:@]|\${pct})\`;
    const h16 = "[0-9a-f]{1,4}";
    const decOctet = "(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)";
    const ipv4 = \`\${decOctet}(?:\\\\.\${decOctet}){3}\`;
    const ls32 = \`(?:\${h16}:\${h16}|\${ipv4})\`;
    const ipv6 = [
      \`(?:\${h16}:){6}\${ls32}\`,
      \`::(?:\${h16}:){5}\${ls32}\`,
      \`(?:\${h16})?::(?:\${h16}:){4}\${ls32}\`,
      \`(?:(?:\${h16}:){0,1}\${h16})?::(?:\${h16}:){3}\${ls32}\`,
      \`(?:(?:\${h16}:){0,2}\${h16})?::(?:\${h16}:){2}\${ls32}\`,
      \`(?:(?:\${h16}:){0,3}\${h16})?::\${h16}:\${ls32}\`,
      \`(?:(?:\${h16}:){0,4}\${h16})?::\${ls32}\`,
      \`(?:(?:\${h16}:){0,5}\${h16})?::\${h16}\`,
      \`(?:(?:\${h16}:){0,6}\${h16})?::\`,
    ].join("|");
    const ipLiteral = \`\\\\[(?:\${ipv6}|v[0-9a-f]+\\\\.[\${unreserved}\${subDelims}:]+)\\\\]\`;
    const regName = \`(?:[\${unreserved}\${subDelims}\${extra}]|\${pct})*\`;
    const userinfo = \`(?:[\${unreserved}\${subDelims}:]|\${pct})*\`;
    const authority = \`(?:\${userinfo}@)?(?:\${ipLiteral}|\${regName})(?::[0-9]*)?\`;
    const segment = \`\${pchar}*\`;
    const segmentNz = \`\${pchar}+\`;
    const hierPart = \`(?:/?/\${authority}(?:/\${segment})*|/(?:\${segmentNz}(?:/\${segment})*)?|\${segmentNz}(?:/\${segment})*|)\`;
    const query = \`(?:\\\\?(?:\${pchar}|[/?])*)?\`;
    const fragment = \`(?:#(?:\${pchar}|[/?])*)?\`;
    return \`\${hierPart}\${query}\${fragment}$\`;
  };
  const scheme = "[a-z][a-z0-9+\\\\-.]*:";
  return {
    absolute: new RegExp(\`^\${scheme}\${build("")}\`, "i"),
    reference: new RegExp(\`^(?:\${scheme})?\${build('"')}\`, "i"),
  };
})();`,
  },
  {
    name: "isUri",
    deps: ["uriGrammar"],
    source: `function isUri(text: string): boolean {
  return uriGrammar.absolute.test(text);
}`,
  },
  {
    name: "isUriReference",
    deps: ["uriGrammar"],
    source: `function isUriReference(text: string): boolean {
  return uriGrammar.reference.test(text);
}`,
  },
  {
    name: "isUrl",
    deps: [],
    source: `/** ajv-formats' "url": a web URL with a public IPv4 address or a name with a letters-only top label. */
function isUrl(text: string): boolean {
  const scheme = /^(?:https?|ftp):\\/\\//i.exec(text);
  if (!scheme || /\\s/u.test(text)) return false;
  const rest = text.slice(scheme[0].length);
  // Optional userinfo: anything up to SOME "@" (any of them may be the delimiter).
  const hostParts = [rest];
  for (let at = rest.indexOf("@", 1); at > 0; at = rest.indexOf("@", at + 1)) hostParts.push(rest.slice(at + 1));
  return hostParts.some((part) => {
    const pieces = /^([^:/]*)(?::[0-9]{2,5})?(?:\\/.*)?$/su.exec(part);
    const host = pieces?.[1];
    return host !== undefined && (isPublicIpv4(host) || isWebHostName(host));
  });
}

function isPublicIpv4(host: string): boolean {
  const octets = host.split(".");
  if (octets.length !== 4) return false;
  const [first, second, third, fourth] = octets as [string, string, string, string];
  const fits =
    /^(?:[1-9][0-9]?|1[0-9]{2}|2[01][0-9]|22[0-3])$/.test(first) &&
    [second, third].every((octet) => /^(?:1?[0-9]{1,2}|2[0-4][0-9]|25[0-5])$/.test(octet)) &&
    /^(?:[1-9][0-9]?|1[0-9]{2}|2[0-4][0-9]|25[0-4])$/.test(fourth);
  if (!fits) return false;
  const privateRange =
    first === "10" ||
    first === "127" ||
    (first === "169" && second === "254") ||
    (first === "192" && second === "168") ||
    (first === "172" && Number(second) >= 16 && Number(second) <= 31);
  return !privateRange;
}

function isWebHostName(host: string): boolean {
  const labels = host.split(".");
  const top = labels.pop();
  if (top === undefined || labels.length === 0 || !/^[a-z\\u{a1}-\\u{ffff}]{2,}$/iu.test(top)) return false;
  return labels.every((label) => /^[a-z0-9\\u{a1}-\\u{ffff}]+(?:-[a-z0-9\\u{a1}-\\u{ffff}]+)*$/iu.test(label));
}`,
  },
  {
    name: "isUriTemplate",
    deps: [],
    source: `/** RFC 6570 level 4 template syntax (see the emitter's format notes for two leniencies). */
function isUriTemplate(text: string): boolean {
  const forbiddenLiteral = /[\\u0000-\\u0020"'<>\\\\^\`{|}]/;
  const varspec = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?::[1-9][0-9]{0,3}|\\*)?$/;
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (ch === "{") {
      const end = text.indexOf("}", i);
      if (end < 0) return false;
      let body = text.slice(i + 1, end);
      if (/^[+#./;?&=,!@|]/.test(body)) body = body.slice(1);
      if (!body.split(",").every((spec) => varspec.test(spec))) return false;
      i = end + 1;
    } else if (ch === "%") {
      if (!/^%[0-9A-Fa-f]{2}/.test(text.slice(i, i + 3))) return false;
      i += 3;
    } else {
      if (forbiddenLiteral.test(ch)) return false;
      i++;
    }
  }
  return true;
}`,
  },
  {
    name: "isByte",
    deps: [],
    source: `/** Base64 (RFC 4648 §4); like ajv-formats, one canonical line anywhere in the text suffices. */
function isByte(text: string): boolean {
  return text
    .split(/[\\n\\r\\u2028\\u2029]/)
    .some((line) => line.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(line));
}`,
  },
  {
    name: "isDate",
    deps: [],
    source: `/** RFC 3339 full-date, with real month lengths and leap years. */
function isDate(text: string): boolean {
  const parts = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (!parts) return false;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (monthDays[month - 1] ?? 0);
}`,
  },
  {
    name: "timeOfDay",
    deps: [],
    source: `/** RFC 3339 partial-time + time-offset; \`zoneRequired\` false gives ajv's "iso-time". */
function timeOfDay(text: string, zoneRequired: boolean): boolean {
  const parts = /^([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\\.[0-9]+)?)(z|([+-])([0-9]{2})(?::?([0-9]{2}))?)?$/i.exec(text);
  if (!parts) return false;
  const [, hourText, minuteText, secondText, zone, signText, zoneHourText, zoneMinuteText] = parts;
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);
  const zoneHour = Number(zoneHourText ?? 0);
  const zoneMinute = Number(zoneMinuteText ?? 0);
  if (zoneHour > 23 || zoneMinute > 59 || (zoneRequired && zone === undefined)) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second (second 60) is only valid at 23:59 UTC (RFC 3339 §5.7).
  const sign = signText === "-" ? -1 : 1;
  const utcMinute = minute - sign * zoneMinute;
  const utcHour = hour - sign * zoneHour - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}`,
  },
  {
    name: "isTime",
    deps: ["timeOfDay"],
    source: `function isTime(text: string): boolean {
  return timeOfDay(text, true);
}`,
  },
  {
    name: "isIsoTime",
    deps: ["timeOfDay"],
    source: `function isIsoTime(text: string): boolean {
  return timeOfDay(text, false);
}`,
  },
  {
    name: "dateAndTime",
    deps: ["isDate", "timeOfDay"],
    source: `function dateAndTime(text: string, zoneRequired: boolean): boolean {
  const halves = text.split(/t|\\s/i);
  return halves.length === 2 && isDate(halves[0] ?? "") && timeOfDay(halves[1] ?? "", zoneRequired);
}`,
  },
  {
    name: "isDateTime",
    deps: ["dateAndTime"],
    source: `function isDateTime(text: string): boolean {
  return dateAndTime(text, true);
}`,
  },
  {
    name: "isIsoDateTime",
    deps: ["dateAndTime"],
    source: `function isIsoDateTime(text: string): boolean {
  return dateAndTime(text, false);
}`,
  },
  {
    name: "isDuration",
    deps: [],
    source: `/** RFC 3339 Appendix A duration: weeks alone, or date units then "T" and time units. */
function isDuration(text: string): boolean {
  if (/^P[0-9]+W$/.test(text)) return true;
  const parts = /^P([0-9]+Y)?([0-9]+M)?([0-9]+D)?(?:T([0-9]+H)?([0-9]+M)?([0-9]+S)?)?$/.exec(text);
  if (!parts || text === "P") return false;
  const timeAt = text.indexOf("T");
  return timeAt < 0 || /^[0-9]/.test(text.slice(timeAt + 1));
}`,
  },
  {
    name: "isEmail",
    deps: [],
    source: `/** RFC 5321 mailbox with a dot-atom local part and a host name of two or more labels. */
function isEmail(text: string): boolean {
  const at = text.lastIndexOf("@");
  if (at < 1) return false;
  const atom = "[a-z0-9!#$%&'*+/=?^_\`{|}~-]+";
  const label = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
  const local = new RegExp(\`^\${atom}(?:\\\\.\${atom})*$\`, "i");
  const domain = new RegExp(\`^(?:\${label}\\\\.)+\${label}$\`, "i");
  return local.test(text.slice(0, at)) && domain.test(text.slice(at + 1));
}`,
  },
  {
    name: "isHostname",
    deps: [],
    source: `/** RFC 1123 host name: labels of at most 63 characters, 253 in all (one trailing dot allowed). */
function isHostname(text: string): boolean {
  const name = text.endsWith(".") ? text.slice(0, -1) : text;
  if (name.length < 1 || name.length > 253) return false;
  return name.split(".").every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}`,
  },
  {
    name: "isIpv4",
    deps: [],
    source: `function isIpv4(text: string): boolean {
  const octets = text.split(".");
  return octets.length === 4 && octets.every((octet) => /^(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/.test(octet));
}`,
  },
  {
    name: "isIpv6",
    deps: ["isIpv4"],
    source: `/** RFC 4291 §2.2 text forms: eight groups, "::" compression, an IPv4 tail. */
function isIpv6(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = (half: string): string[] => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0] ?? "");
  const tail = halves.length === 2 ? groups(halves[1] ?? "") : [];
  const all = [...head, ...tail];
  let width = all.length;
  const last = all[all.length - 1];
  if (last !== undefined && last.includes(".")) {
    if (!isIpv4(last)) return false;
    all.pop();
    width += 1;
  }
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  return halves.length === 2 ? width <= 7 : width === 8;
}`,
  },
  {
    name: "isRegex",
    deps: [],
    source: `/** ECMAScript regular expression syntax (as ajv-formats: no \\\\Z, which JS lacks). */
function isRegex(text: string): boolean {
  if (/[^\\\\]\\\\Z/.test(text)) return false;
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}`,
  },
  {
    name: "isUuid",
    deps: [],
    source: `/** RFC 4122 string form, optionally as a "urn:uuid:" URN. */
function isUuid(text: string): boolean {
  return /^(?:urn:uuid:)?[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(text);
}`,
  },
  {
    name: "isJsonPointer",
    deps: [],
    source: `/** RFC 6901: empty, or "/"-prefixed tokens where "~" only starts "~0" or "~1". */
function isJsonPointer(text: string): boolean {
  return text === "" || (text.startsWith("/") && !/~(?![01])/.test(text));
}`,
  },
  {
    name: "isJsonPointerUriFragment",
    deps: [],
    source: `/** RFC 6901 §6: a JSON pointer written as a URI fragment. */
function isJsonPointerUriFragment(text: string): boolean {
  return /^#(?:\\/(?:[a-z0-9_\\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~[01])*)*$/i.test(text);
}`,
  },
  {
    name: "isRelativeJsonPointer",
    deps: ["isJsonPointer"],
    source: `/** draft-handrews-relative-json-pointer: a non-negative integer, then "#" or a JSON pointer. */
function isRelativeJsonPointer(text: string): boolean {
  const prefix = /^(?:0|[1-9][0-9]*)/.exec(text);
  if (!prefix) return false;
  const rest = text.slice(prefix[0].length);
  return rest === "#" || isJsonPointer(rest);
}`,
  },
  {
    name: "isInt32",
    deps: [],
    source: `function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
}`,
  },
  {
    name: "isInt64",
    deps: [],
    source: `function isInt64(value: number): boolean {
  return Number.isInteger(value);
}`,
  },
];

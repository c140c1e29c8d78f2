// "uri", "uri-reference" (RFC 3986 Appendix A) and "uri-template" (RFC 6570), read as
// ajv-formats reads them (see the generator's format table for the leniencies).
//
// DECISION (linear time): every repetition in the grammar below is over a character class
// that the next token cannot start with, so the backtracking engine gives back at most one
// step per character; test/runtime/validation/formats-linear.test.ts pumps each rule.

/**
 * RFC 3986 Appendix A, assembled from its named rules (matched case-insensitively), with
 * ajv-formats' readings: an authority may follow a single slash, a dec-octet may have a
 * leading zero, and a URI-reference may use '"' and start with a segment holding ':'.
 */
const uriGrammar = (() => {
  const build = (extra: string) => {
    const pct = "%[0-9a-f]{2}";
    const unreserved = "a-z0-9\\-._~";
    const subDelims = "!$&'()*+,;=";
    const pchar = `(?:[${unreserved}${subDelims}${extra}:@]|${pct})`;
    const h16 = "[0-9a-f]{1,4}";
    const decOctet = "(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)";
    const ipv4 = `${decOctet}(?:\\.${decOctet}){3}`;
    const ls32 = `(?:${h16}:${h16}|${ipv4})`;
    const ipv6 = [
      `(?:${h16}:){6}${ls32}`,
      `::(?:${h16}:){5}${ls32}`,
      `(?:${h16})?::(?:${h16}:){4}${ls32}`,
      `(?:(?:${h16}:){0,1}${h16})?::(?:${h16}:){3}${ls32}`,
      `(?:(?:${h16}:){0,2}${h16})?::(?:${h16}:){2}${ls32}`,
      `(?:(?:${h16}:){0,3}${h16})?::${h16}:${ls32}`,
      `(?:(?:${h16}:){0,4}${h16})?::${ls32}`,
      `(?:(?:${h16}:){0,5}${h16})?::${h16}`,
      `(?:(?:${h16}:){0,6}${h16})?::`,
    ].join("|");
    const ipLiteral = `\\[(?:${ipv6}|v[0-9a-f]+\\.[${unreserved}${subDelims}:]+)\\]`;
    const regName = `(?:[${unreserved}${subDelims}${extra}]|${pct})*`;
    const userinfo = `(?:[${unreserved}${subDelims}:]|${pct})*`;
    const authority = `(?:${userinfo}@)?(?:${ipLiteral}|${regName})(?::[0-9]*)?`;
    const segment = `${pchar}*`;
    const segmentNz = `${pchar}+`;
    const hierPart = `(?:/?/${authority}(?:/${segment})*|/(?:${segmentNz}(?:/${segment})*)?|${segmentNz}(?:/${segment})*|)`;
    const query = `(?:\\?(?:${pchar}|[/?])*)?`;
    const fragment = `(?:#(?:${pchar}|[/?])*)?`;
    return `${hierPart}${query}${fragment}$`;
  };
  const scheme = "[a-z][a-z0-9+\\-.]*:";
  return {
    absolute: new RegExp(`^${scheme}${build("")}`, "i"),
    reference: new RegExp(`^(?:${scheme})?${build('"')}`, "i"),
  };
})();

export function isUri(text: string): boolean {
  return uriGrammar.absolute.test(text);
}

export function isUriReference(text: string): boolean {
  return uriGrammar.reference.test(text);
}

/** RFC 6570 level 4 template syntax (see the generator's format notes for two leniencies). */
export function isUriTemplate(text: string): boolean {
  const forbiddenLiteral = /[\u0000-\u0020"'<>\\^`{|}]/;
  const varspec = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?::[1-9][0-9]{0,3}|\*)?$/;
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (ch === "{") {
      // Each expression is read once: the scan resumes after its "}".
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
}

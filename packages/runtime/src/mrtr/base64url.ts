// Strict base64url for signed tokens (requestState here, handles in ../handles). Buffer's decoder
// is lenient: it skips stray characters, accepts `=` padding and ignores the unused low bits of
// the last character, so several strings decode to the same bytes (issue 21 #12: 14 of 1,219
// encoding-only variants of a state were accepted). Only the one canonical spelling is.

/** The bytes `text` encodes, or undefined unless `text` is exactly their canonical base64url. */
export function decodeBase64urlStrict(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, "base64url");
  return bytes.toString("base64url") === text ? bytes : undefined;
}

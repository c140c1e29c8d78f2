// Parse a `WWW-Authenticate: Bearer k="v", k2=v2` challenge (RFC 9110 § 11.6.1,
// RFC 6750 § 3). Only the Bearer challenge matters to MCP; quoted strings may contain
// commas and escaped quotes, so this is a tiny tokenizer rather than a split on ",".

export interface BearerChallenge {
  scheme: string | undefined;
  params: Record<string, string>;
  error: string | undefined;
}

export function parseAuthenticateHeader(header: string): BearerChallenge {
  const match = /^\s*([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s*(.*)$/s.exec(header);
  if (match === null) return { scheme: undefined, params: {}, error: undefined };
  const scheme = match[1];
  const rest = match[2] ?? "";
  const params: Record<string, string> = {};
  const pattern = /([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
  for (const m of rest.matchAll(pattern)) {
    const key = (m[1] as string).toLowerCase();
    const value = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : (m[3] ?? "");
    if (!(key in params)) params[key] = value;
  }
  return { scheme, params, error: params.error };
}

// ajv-formats' "url" (not an RFC): http/https/ftp, optional userinfo, a public dotted IPv4
// (no 10/8, 127/8, 169.254/16, 192.168/16, 172.16/12) or a host name whose last label is 2+
// letters, an optional 2-5 digit port, a "/" path, no whitespace anywhere.
//
// DECISION (linear time, issue 21 #2): userinfo may contain "@", so any "@" can be the
// delimiter. Trying every one and re-reading the rest of the text was quadratic (3.7 s for
// 100,000 "@"). A host holds no "@" and ends at the first ":" or "/", so only the LAST "@"
// of each run between ":"/"/" can start a valid host; hosts of different runs do not
// overlap, and the port/path tail after a host is checked in constant time.

/** ajv-formats' "url": a web URL with a public IPv4 address or a name with a letters-only top label. */
export function isUrl(text: string): boolean {
  const scheme = /^(?:https?|ftp):\/\//i.exec(text);
  if (!scheme || /\s/u.test(text)) return false;
  const rest = text.slice(scheme[0].length);
  let runStart = 0;
  let lastAt = -1;
  for (let i = 0; i <= rest.length; i++) {
    const ch = i < rest.length ? rest.charAt(i) : "";
    if (ch === "" || ch === ":" || ch === "/") {
      // Without userinfo the host is the first run; with it, it starts after an "@".
      if (runStart === 0 && urlHostAt(rest, 0, i)) return true;
      if (lastAt >= 1 && urlHostAt(rest, lastAt + 1, i)) return true;
      runStart = i + 1;
      lastAt = -1;
    } else if (ch === "@" && i >= 1) {
      lastAt = i;
    }
  }
  return false;
}

/** `rest[start, end)` is a valid host and what follows it is an optional port then "/" or the end. */
function urlHostAt(rest: string, start: number, end: number): boolean {
  if (!urlTailAt(rest, end)) return false;
  const host = rest.slice(start, end);
  return isPublicIpv4(host) || isWebHostName(host);
}

/** `(?::[0-9]{2,5})?(?:\/.*)?$` at `at`, in constant time. */
function urlTailAt(rest: string, at: number): boolean {
  if (at === rest.length || rest.charAt(at) === "/") return true;
  if (rest.charAt(at) !== ":") return false;
  let end = at + 1;
  while (end < rest.length && end - at <= 6 && /[0-9]/.test(rest.charAt(end))) end++;
  const digits = end - at - 1;
  return digits >= 2 && digits <= 5 && (end === rest.length || rest.charAt(end) === "/");
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
  if (top === undefined || labels.length === 0 || !/^[a-z\u{a1}-\u{ffff}]{2,}$/iu.test(top)) return false;
  return labels.every((label) => /^[a-z0-9\u{a1}-\u{ffff}]+(?:-[a-z0-9\u{a1}-\u{ffff}]+)*$/iu.test(label));
}

// "email", "hostname", "ipv4", "ipv6".

/** RFC 5321 mailbox with a dot-atom local part and a host name of two or more labels. */
export function isEmail(text: string): boolean {
  // Neither part may hold "@", so the last one is the only possible delimiter.
  const at = text.lastIndexOf("@");
  if (at < 1) return false;
  return emailLocal.test(text.slice(0, at)) && isEmailDomain(text.slice(at + 1));
}

const emailLocal = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;

/**
 * `(?:label\.)+label` with label `[a-z0-9](?:[a-z0-9-]*[a-z0-9])?`, label by label: as one
 * expression a failing label is retried at every length, which is quadratic in its size.
 */
function isEmailDomain(domain: string): boolean {
  const labels = domain.split(".");
  return labels.length >= 2 && labels.every((label) => /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(label));
}

/** RFC 1123 host name: labels of at most 63 characters, 253 in all (one trailing dot allowed). */
export function isHostname(text: string): boolean {
  const name = text.endsWith(".") ? text.slice(0, -1) : text;
  if (name.length < 1 || name.length > 253) return false;
  return name.split(".").every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

export function isIpv4(text: string): boolean {
  const octets = text.split(".");
  return octets.length === 4 && octets.every((octet) => /^(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/.test(octet));
}

/** RFC 4291 §2.2 text forms: eight groups, "::" compression, an IPv4 tail. */
export function isIpv6(text: string): boolean {
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
}

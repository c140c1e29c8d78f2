// Manifest paths are arrays of keys and indexes; users read them dotted (`tools.get-user.input`).
// Keys that would be ambiguous when dotted (they hold dots, spaces, brackets…) are quoted.

export type PathSegment = string | number;
export type JsonPath = readonly PathSegment[];

const PLAIN_KEY = /^[A-Za-z0-9_$\-]+$/;

export function formatPath(path: JsonPath): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (PLAIN_KEY.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** Decodes an ajv instancePath (JSON Pointer, RFC 6901) into string segments; callers that know the data turn list indexes into numbers. */
export function pointerToPath(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

// The tokens of one emitted TypeScript module, for the direct build (direct-build.ts). Only
// what mcp-gen's emitters write needs to scan: ASCII identifiers, strings, numbers, templates,
// comments, punctuators, and regular expressions where an expression may start. Anything else
// (a non-ASCII character outside a string or comment, `#private`, `@decorator`, an unbalanced
// bracket) throws UNSUPPORTED, and the module takes the TypeScript build.

/** Thrown anywhere in the direct build for syntax it does not handle; the caller falls back. */
export const UNSUPPORTED = Symbol("unsupported");

/** Token kinds. `Tpl` is a template without substitutions; `TplHead`, `TplMid` and `TplTail` are `…${`, `}…${` and `}…\``. */
export const Kind = { Id: 0, Str: 1, Num: 2, Punct: 3, Tpl: 4, TplHead: 5, TplMid: 6, TplTail: 7, Regex: 8, Eof: 9 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/**
 * The tokens as columns (a 1,000-tool package has ~420,000 tokens: objects cost more in garbage
 * collection than the scan itself). Token n is kind K[n] from offset S[n] to E[n]; V[n] is an
 * identifier's or punctuator's text ("" otherwise). The last token is Kind.Eof.
 */
export interface Scanned {
  readonly K: Uint8Array;
  readonly S: Int32Array;
  readonly E: Int32Array;
  readonly V: string[];
  readonly count: number;
  /** For each opening bracket token, the index of its closing one (and the reverse); -1 otherwise. */
  readonly match: Int32Array;
  /** Comments as [start, end) offsets, in order. */
  readonly comments: number[];
}

// A punctuator is the longest of "...", "===", "!==", "**=", "<<=", "&&=", "||=", "??=", "=>",
// "==", "!=", "<=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "&&", "||", "??", "?.", "++",
// "--", "**", "<<" or a single character of SINGLE that the text starts with. `>` is always one
// token (as TypeScript's scanner does in type context), so `Array<Array<T>>` closes twice; the
// direct build never needs `>=` or `>>` as one token.
const SINGLE = "{}()[];,<>+-*/%&|^!~?:=.";
const SINGLE_TEXT: (string | undefined)[] = Array.from({ length: 128 }, (_, c) => (SINGLE.includes(String.fromCharCode(c)) ? String.fromCharCode(c) : undefined));

/** Length of the punctuator at i, whose first character code is c (1 when only that character). */
function punctuatorLength(text: string, i: number, c: number): number {
  const d = text.charCodeAt(i + 1);
  const third = () => text.charCodeAt(i + 2);
  switch (c) {
    case 46: // .
      return d === 46 && third() === 46 ? 3 : 1;
    case 61: // =
      return d === 61 ? (third() === 61 ? 3 : 2) : d === 62 ? 2 : 1;
    case 33: // !
      return d === 61 ? (third() === 61 ? 3 : 2) : 1;
    case 63: // ?  (`a?.5:b` is a conditional, not optional chaining)
      if (d === 63) return third() === 61 ? 3 : 2;
      return d === 46 && !(third() >= 48 && third() <= 57) ? 2 : 1;
    case 42: // *
    case 60: // <
    case 38: // &
    case 124: // |
      if (d === c) return third() === 61 ? 3 : 2;
      return d === 61 ? 2 : 1;
    case 43: // +
    case 45: // -
      return d === c || d === 61 ? 2 : 1;
    case 47: // /
    case 37: // %
    case 94: // ^
      return d === 61 ? 2 : 1;
    default:
      return 1;
  }
}

// After these words an expression starts, so a `/` begins a regular expression.
const EXPRESSION_KEYWORDS = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"]);

function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

function isIdPart(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}

export function scan(text: string): Scanned {
  const K = new Uint8Array(text.length + 1);
  const S = new Int32Array(text.length + 1);
  const E = new Int32Array(text.length + 1);
  const V: string[] = [];
  let count = 0;
  const comments: number[] = [];
  // Open brackets by token index; a template substitution is marked by -1 - (its head's index).
  const open: number[] = [];
  const pairs: number[] = [];
  const n = text.length;
  let i = 0;
  // The next line break at or after the last string's start (-1 >>> 0: none).
  let newline = -1;
  const push = (k: Kind, s: number, e: number, v = "") => {
    K[count] = k;
    S[count] = s;
    E[count] = e;
    V.push(v);
    count++;
  };
  const regexAllowed = () => {
    if (count === 0) return true;
    const k = K[count - 1];
    const v = V[count - 1]!;
    if (k === Kind.Id) return EXPRESSION_KEYWORDS.has(v);
    if (k === Kind.Punct) return v !== ")" && v !== "]" && v !== "}";
    return k === Kind.TplHead || k === Kind.TplMid;
  };
  /** Scans template text from i (just after "`" or "}") to its end; returns the kind. */
  const template = (start: number, first: boolean) => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 92) i += 2;
      else if (c === 96) {
        i++;
        push(first ? Kind.Tpl : Kind.TplTail, start, i);
        return;
      } else if (c === 36 && text.charCodeAt(i + 1) === 123) {
        i += 2;
        push(first ? Kind.TplHead : Kind.TplMid, start, i);
        open.push(-1 - (count - 1));
        return;
      } else i++;
    }
    throw UNSUPPORTED;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) {
      i++;
      while (text.charCodeAt(i) === 32) i++;
      continue;
    }
    const start = i;
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? n : end;
      comments.push(start, i);
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf("*/", i + 2);
      if (end === -1) throw UNSUPPORTED;
      i = end + 2;
      comments.push(start, i);
      continue;
    }
    if (isIdStart(c)) {
      i++;
      while (i < n && isIdPart(text.charCodeAt(i))) i++;
      push(Kind.Id, start, i, text.slice(start, i));
      continue;
    }
    if (c === 34 || c === 39) {
      // The closing quote is the first one after an even run of backslashes, on the same line.
      const quote = c === 34 ? '"' : "'";
      let end = text.indexOf(quote, i + 1);
      for (;;) {
        if (end === -1) throw UNSUPPORTED;
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf(quote, end + 1);
      }
      if (newline < i) newline = text.indexOf("\n", i) >>> 0;
      if (newline < end) throw UNSUPPORTED;
      i = end + 1;
      push(Kind.Str, start, i);
      continue;
    }
    if ((c >= 48 && c <= 57) || (c === 46 && text.charCodeAt(i + 1) >= 48 && text.charCodeAt(i + 1) <= 57)) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (isIdPart(d) || d === 46) i++;
        else if ((d === 43 || d === 45) && (text.charCodeAt(i - 1) | 32) === 101 && !/^0[xob]/i.test(text.slice(start, i))) i++;
        else break;
      }
      push(Kind.Num, start, i);
      continue;
    }
    if (c === 96) {
      i++;
      template(start, true);
      continue;
    }
    if (c === 125 && open.length > 0 && open[open.length - 1]! < 0) {
      open.pop();
      i++;
      template(start, false);
      continue;
    }
    if (c === 47 && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === 10) throw UNSUPPORTED;
        else if (d === 91) (inClass = true), i++;
        else if (d === 93) (inClass = false), i++;
        else if (d === 47 && !inClass) break;
        else i++;
      }
      i++;
      while (i < n && isIdPart(text.charCodeAt(i))) i++;
      push(Kind.Regex, start, i);
      continue;
    }
    const length = punctuatorLength(text, i, c);
    const punct = length === 1 ? SINGLE_TEXT[c] : text.slice(i, i + length);
    if (punct === undefined) throw UNSUPPORTED;
    i += punct.length;
    push(Kind.Punct, start, i, punct);
    if (punct === "(" || punct === "[" || punct === "{") open.push(count - 1);
    else if (punct === ")" || punct === "]" || punct === "}") {
      const at = open.pop();
      if (at === undefined || at < 0 || V[at] !== (punct === ")" ? "(" : punct === "]" ? "[" : "{")) throw UNSUPPORTED;
      pairs.push(at, count - 1);
    }
  }
  if (open.length > 0) throw UNSUPPORTED;
  push(Kind.Eof, n, n);
  const match = new Int32Array(count).fill(-1);
  for (let k = 0; k < pairs.length; k += 2) {
    match[pairs[k]!] = pairs[k + 1]!;
    match[pairs[k + 1]!] = pairs[k]!;
  }
  return { K: K.subarray(0, count), S: S.subarray(0, count), E: E.subarray(0, count), V, count, match, comments };
}

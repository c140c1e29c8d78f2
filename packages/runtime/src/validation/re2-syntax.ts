// ECMAScript `u`-mode pattern → RE2 syntax with the same matches, or undefined when the
// pattern uses something RE2 cannot express exactly.
//
// DECISION (exact or nothing): a JSON Schema "pattern" is an ECMA-262 regular expression
// (2020-12 validation §6.3.3; ajv compiles it with the `u` flag). RE2 differs from it in
// places, so each difference is rewritten or refused:
//   - `.` excludes \n \r \u2028 \u2029 in JS, only \n in RE2: written as a class;
//   - `\s`/`\S` are the Unicode space set in JS, ASCII in RE2: written as a class (`\S` inside
//     a class cannot be: refused);
//   - `\uXXXX`, `\u{X}`, `\cX`, `\0`, `[\b]` have no RE2 spelling: written as `\x{X}`; a lone
//     surrogate cannot be: refused;
//   - `[` inside a class is literal in JS, a POSIX class opener in RE2: escaped;
//   - `[]` (nothing) and `[^]` (anything) read differently in RE2: refused;
//   - groups become non-capturing (only "does it match" is asked);
//   - backreferences and lookaround do not exist in RE2: refused;
//   - `\p{…}`: general categories and `Script=` only (JS long names: refused).
// Everything else (`\d \w \b`, classes, quantifiers, `^ $` without flags) means the same.

const JS_SPACES = "\\t\\n\\x{b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}";
const JS_DOT = "[^\\n\\r\\x{2028}\\x{2029}]";
const SYNTAX_CHARACTERS = "^$\\.*+?()[]{}|/";
const CATEGORIES = new Set(
  "L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp C Cc Cf Co".split(" "),
);

interface Escape {
  readonly text: string;
  readonly next: number;
}

function codePointEscape(code: number): string | undefined {
  // RE2 cannot hold a lone surrogate; JS matches one only against the same lone unit.
  if (code >= 0xd800 && code <= 0xdfff) return undefined;
  return `\\x{${code.toString(16)}}`;
}

function hexAt(source: string, at: number, length: number): number | undefined {
  const digits = source.slice(at, at + length);
  return digits.length === length && /^[0-9a-fA-F]+$/.test(digits) ? parseInt(digits, 16) : undefined;
}

/** One `\…` escape at `at` (the backslash), inside a class or not. */
function translateEscape(source: string, at: number, inClass: boolean): Escape | undefined {
  const ch = source.charAt(at + 1);
  const done = (text: string | undefined, length: number): Escape | undefined =>
    text === undefined ? undefined : { text, next: at + 1 + length };
  if ("dDwW".includes(ch)) return done(`\\${ch}`, 1);
  if (ch === "b") return done(inClass ? "\\x{8}" : "\\b", 1);
  if (ch === "B") return done("\\B", 1);
  if (ch === "s") return done(inClass ? JS_SPACES : `[${JS_SPACES}]`, 1);
  if (ch === "S") return done(inClass ? undefined : `[^${JS_SPACES}]`, 1);
  const control: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
  if (Object.hasOwn(control, ch)) return done(codePointEscape(control[ch]!), 1);
  if (ch === "0" && !/[0-9]/.test(source.charAt(at + 2))) return done("\\x{0}", 1);
  if (ch === "c" && /[A-Za-z]/.test(source.charAt(at + 2))) {
    return done(codePointEscape(source.charCodeAt(at + 2) % 32), 2);
  }
  if (ch === "x") {
    const code = hexAt(source, at + 2, 2);
    return code === undefined ? undefined : done(codePointEscape(code), 3);
  }
  if (ch === "u") return unicodeEscape(source, at);
  if (ch === "p" || ch === "P") {
    const close = source.indexOf("}", at);
    if (source.charAt(at + 2) !== "{" || close < 0) return undefined;
    const name = source.slice(at + 3, close);
    const script = /^(?:Script|sc)=([A-Za-z_]+)$/.exec(name)?.[1];
    const re2Name = CATEGORIES.has(name) ? name : script;
    return re2Name === undefined ? undefined : { text: `\\${ch}{${re2Name}}`, next: close + 1 };
  }
  if (SYNTAX_CHARACTERS.includes(ch) || (inClass && ch === "-")) return done(`\\${ch}`, 1);
  // Backreferences (\1, \k<name>) and anything else.
  return undefined;
}

function unicodeEscape(source: string, at: number): Escape | undefined {
  if (source.charAt(at + 2) === "{") {
    const close = source.indexOf("}", at);
    const code = close < 0 ? undefined : parseInt(source.slice(at + 3, close), 16);
    const text = code === undefined || Number.isNaN(code) ? undefined : codePointEscape(code);
    return text === undefined ? undefined : { text, next: close + 1 };
  }
  const lead = hexAt(source, at + 2, 4);
  if (lead === undefined) return undefined;
  // In `u` mode an escaped surrogate pair is one code point.
  if (lead >= 0xd800 && lead <= 0xdbff && source.startsWith("\\u", at + 6)) {
    const trail = hexAt(source, at + 8, 4);
    if (trail !== undefined && trail >= 0xdc00 && trail <= 0xdfff) {
      const text = codePointEscape((lead - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000);
      return text === undefined ? undefined : { text, next: at + 12 };
    }
  }
  const text = codePointEscape(lead);
  return text === undefined ? undefined : { text, next: at + 6 };
}

/** The length of one literal character at `at` (2 for a surrogate pair), or 0 for a lone surrogate. */
function literalLength(source: string, at: number): number {
  const unit = source.charCodeAt(at);
  if (unit < 0xd800 || unit > 0xdfff) return 1;
  const next = source.charCodeAt(at + 1);
  return unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 0;
}

/** The RE2 spelling of a JSON Schema pattern, or undefined when RE2 cannot match exactly like JS. */
export function toRe2Syntax(source: string): string | undefined {
  try {
    new RegExp(source, "u");
  } catch {
    return undefined;
  }
  let out = "";
  let inClass = false;
  let classOpened = false;
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (ch === "\\") {
      const escape = translateEscape(source, i, inClass);
      if (escape === undefined) return undefined;
      out += escape.text;
      i = escape.next;
      classOpened = false;
      continue;
    }
    if (inClass) {
      if (ch === "]") {
        if (classOpened) return undefined;
        inClass = false;
        out += "]";
        i++;
        continue;
      }
      classOpened = false;
      if (ch === "[") {
        out += "\\[";
        i++;
        continue;
      }
    } else if (ch === "[") {
      inClass = true;
      classOpened = true;
      const negated = source.charAt(i + 1) === "^";
      out += negated ? "[^" : "[";
      i += negated ? 2 : 1;
      continue;
    } else if (ch === ".") {
      out += JS_DOT;
      i++;
      continue;
    } else if (ch === "(") {
      if (source.charAt(i + 1) !== "?") {
        out += "(?:";
        i++;
        continue;
      }
      if (source.charAt(i + 2) === ":") {
        out += "(?:";
        i += 3;
        continue;
      }
      const named = /^\(\?<[A-Za-z_$][A-Za-z0-9_$]*>/.exec(source.slice(i, i + 200));
      if (named === null) return undefined; // lookahead or lookbehind
      out += "(?:";
      i += named[0].length;
      continue;
    }
    const length = literalLength(source, i);
    if (length === 0) return undefined;
    out += source.slice(i, i + length);
    i += length;
  }
  return out;
}

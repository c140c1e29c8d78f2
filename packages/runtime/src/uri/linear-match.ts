// A small pattern engine for URI-template matching that never backtracks. A RegExp with
// adjacent lazy groups (`{a}-{b}-{c}`, `{+a}/{+b}`) explores exponentially or polynomially many
// splits of an ambiguous URI (issue 21 #4: 6 s and 33 s). Here a pattern is a list of steps;
// `match` first fills a table "can step s match the rest from position p" backwards over the
// input (each cell O(1), literals O(their length)), then walks forward taking, at every choice,
// the first alternative in RegExp priority order that the table says can still succeed. That
// yields exactly the captures the equivalent RegExp would, in O(steps × length) time and space.

/** Which UTF-16 code units a repeat may consume: all but a few, looked up in O(1). */
export interface CharClass {
  /** 1 for excluded ASCII code units. */
  readonly ascii: Uint8Array;
  /** Excluded code units above ASCII (line separators for `{+var}`), usually none. */
  readonly other: ReadonlySet<number> | undefined;
}

export function charClassExcluding(chars: string): CharClass {
  const ascii = new Uint8Array(128);
  const other = new Set<number>();
  for (let i = 0; i < chars.length; i++) {
    const code = chars.charCodeAt(i);
    if (code < 128) ascii[code] = 1;
    else other.add(code);
  }
  return { ascii, other: other.size > 0 ? other : undefined };
}

export type Step =
  /** Consume this exact text. */
  | { op: "literal"; text: string }
  /** Consume any number of code units in `chars`: as many as possible (greedy) or as few. */
  | { op: "repeat"; chars: CharClass; greedy: boolean }
  /** Consume one code unit in `chars`. */
  | { op: "one"; chars: CharClass }
  /** Greedy optional group: try the steps up to `end` (exclusive), else jump to `end`. */
  | { op: "optional"; end: number }
  /** Record the current position as the start or the end of capture `slot`. */
  | { op: "open" | "close"; slot: number };

export type Captures = Array<string | undefined>;

export interface LinearPattern {
  /** Captures of a whole-input match (undefined for groups that did not take part), or undefined. */
  match(input: string): Captures | undefined;
}

// Step kinds as small integers, so the table loop reads typed arrays only.
const LITERAL = 0;
const LAZY = 1;
const GREEDY = 2;
const ONE = 3;
const OPTIONAL = 4;
const OPEN = 5;
const CLOSE = 6;

const REUSABLE_CELLS = 64 * 1024;
const NONE: CharClass = { ascii: new Uint8Array(128), other: undefined };

export function compileLinearPattern(steps: readonly Step[], slots: number): LinearPattern {
  const count = steps.length;
  const kind = new Uint8Array(count);
  const arg = new Int32Array(count); // literal length, optional end, capture slot
  const texts: string[] = [];
  const classes: CharClass[] = [];
  steps.forEach((step, s) => {
    texts.push(step.op === "literal" ? step.text : "");
    classes.push(step.op === "repeat" || step.op === "one" ? step.chars : NONE);
    switch (step.op) {
      case "literal":
        kind[s] = LITERAL;
        arg[s] = step.text.length;
        break;
      case "repeat":
        kind[s] = step.greedy ? GREEDY : LAZY;
        break;
      case "one":
        kind[s] = ONE;
        break;
      case "optional":
        kind[s] = OPTIONAL;
        arg[s] = step.end;
        break;
      default:
        kind[s] = step.op === "open" ? OPEN : CLOSE;
        arg[s] = step.slot;
    }
  });
  // A server tries every template against a URI; the fixed head and tail (usually the scheme and
  // a suffix) reject most of them before any table is built.
  const head = kind[0] === LITERAL && count > 0 ? texts[0]! : "";
  const tail = count > 1 && kind[count - 1] === LITERAL ? texts[count - 1]! : "";
  // Tables of ordinary URIs are reused (matching is synchronous); a long URI gets a throwaway one,
  // so one hostile request does not pin megabytes per template.
  let table = new Uint8Array(0);

  const admits = (chars: CharClass, code: number): boolean =>
    code >= 0 && (code < 128 ? chars.ascii[code] === 0 : chars.other === undefined || !chars.other.has(code));

  return {
    match(input) {
      if (input.length < head.length + tail.length || !input.startsWith(head) || !input.endsWith(tail)) return undefined;
      const n = input.length;
      const width = count + 1;
      const cells = (n + 1) * width;
      let ok = table;
      if (cells > REUSABLE_CELLS) ok = new Uint8Array(cells);
      else if (table.length < cells) ok = table = new Uint8Array(cells);
      // ok[p * width + s] = 1 when steps s.. can match input[p..] to its end. Every cell read is
      // written first (rows from the end, steps from the last), so stale contents never leak in.
      for (let p = n; p >= 0; p--) {
        const row = p * width;
        const next = row + width;
        const code = p < n ? input.charCodeAt(p) : -1;
        ok[row + count] = p === n ? 1 : 0;
        for (let s = count - 1; s >= 0; s--) {
          let can: number;
          switch (kind[s]) {
            case LITERAL:
              can = input.startsWith(texts[s]!, p) ? ok[(p + arg[s]!) * width + s + 1]! : 0;
              break;
            case LAZY:
            case GREEDY:
              can = ok[row + s + 1]! | (admits(classes[s]!, code) ? ok[next + s]! : 0);
              break;
            case ONE:
              can = admits(classes[s]!, code) ? ok[next + s + 1]! : 0;
              break;
            case OPTIONAL:
              can = ok[row + s + 1]! | ok[row + arg[s]!]!;
              break;
            default:
              can = ok[row + s + 1]!;
          }
          ok[row + s] = can;
        }
      }
      if (ok[0] !== 1) return undefined;
      const starts: number[] = new Array<number>(slots).fill(-1);
      const captures: Captures = new Array<string | undefined>(slots).fill(undefined);
      let p = 0;
      let s = 0;
      // Forward walk: every move goes to a cell the table marks reachable, so it never fails;
      // each move advances s or p, so it takes at most count + n moves.
      while (s < count) {
        const row = p * width;
        switch (kind[s]) {
          case LITERAL:
            p += arg[s]!;
            s++;
            break;
          case ONE:
            p++;
            s++;
            break;
          case LAZY:
          case GREEDY: {
            const canConsume = p < n && admits(classes[s]!, input.charCodeAt(p)) && ok[row + width + s] === 1;
            if (canConsume && (kind[s] === GREEDY || ok[row + s + 1] !== 1)) p++;
            else s++;
            break;
          }
          case OPTIONAL:
            s = ok[row + s + 1] === 1 ? s + 1 : arg[s]!;
            break;
          case OPEN:
            starts[arg[s]!] = p;
            s++;
            break;
          default:
            captures[arg[s]!] = input.slice(starts[arg[s]!], p);
            s++;
        }
      }
      return captures;
    },
  };
}
